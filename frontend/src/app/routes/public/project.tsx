import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { Loading } from '@/components/loading';
import { NotFound } from '@/components/not-found';
import { useProject } from '@/features/items/api/get-project';
import { ItemDetail } from '@/features/items/components/item-detail';
import { usePageTitle } from '@/hooks/use-page-title';
import { isNotFound } from '@/lib/errors';

export default function ProjectRoute() {
  const { id = '' } = useParams();
  const { data, error } = useProject({ id });
  usePageTitle(data?.title);

  useEffect(() => {
    if (error && !isNotFound(error)) console.error('Error loading project:', error);
  }, [error]);

  if (isNotFound(error)) return <NotFound />;
  // The spec: other load failures are logged and the page stays on 'Loading...'.
  if (!data) return <Loading />;
  return <ItemDetail item={data} />;
}
