import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { Loading } from '@/components/loading';
import { NotFound } from '@/components/not-found';
import { useBlog } from '@/features/items/api/get-blog';
import { ItemDetail } from '@/features/items/components/item-detail';
import { usePageTitle } from '@/hooks/use-page-title';
import { isNotFound } from '@/lib/errors';

export default function BlogRoute() {
  const { id = '' } = useParams();
  const { data, error } = useBlog({ id });
  usePageTitle(data?.title);

  useEffect(() => {
    if (error && !isNotFound(error)) console.error('Error loading blog:', error);
  }, [error]);

  if (isNotFound(error)) return <NotFound />;
  // The spec: other load failures are logged and the page stays on 'Loading...'.
  if (!data) return <Loading />;
  return <ItemDetail item={data} />;
}
