import '@mantine/core/styles/Stack.layer.css';
import { Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { Loading } from '@/components/loading';
import { NotFound } from '@/components/not-found';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { ItemEngagement } from '@/features/engagement/components/item-engagement';
import { useBlog } from '@/features/items/api/get-blog';
import { useProject } from '@/features/items/api/get-project';
import { FurtherReading } from '@/features/items/components/further-reading';
import { ItemDetail } from '@/features/items/components/item-detail';
import { usePageTitle } from '@/hooks/use-page-title';
import { isNotFound } from '@/lib/errors';
import { useDeferredQuery } from '@/lib/react-query';
import type { ItemType } from '@/types/api';

/** A blog or project page: the article, its engagement, then Further Reading. */
export function ItemPage({ type }: { type: ItemType }) {
  const { id = '' } = useParams();
  const blog = useBlog({ id, queryConfig: { enabled: type === 'blog' } });
  const project = useProject({ id, queryConfig: { enabled: type === 'project' } });
  const { data, error } = useDeferredQuery(type === 'blog' ? blog : project);
  const user = useCurrentUser();
  usePageTitle(data?.title);

  useEffect(() => {
    if (error && !isNotFound(error)) console.error(`Error loading ${type}:`, error);
  }, [error, type]);

  if (isNotFound(error)) return <NotFound />;
  // The spec: other load failures are logged and the page stays on 'Loading...'.
  if (!data) return <Loading />;
  return (
    <Stack gap={48}>
      <ItemDetail
        item={data}
        // Keyed by `liked` too: a signed-in reader's own answer (refetched behind the server's
        // anonymous one, lib/seed.ts) starts the like button over from it.
        engagement={<ItemEngagement key={`${data.type}-${data.id}-${data.liked}`} item={data} signedIn={user !== null} />}
      />
      <FurtherReading type={type} currentId={data.id} />
    </Stack>
  );
}
