import { api } from '@/lib/api-client';
import type { ItemSummary, ListEnvelope, ListParams } from '@/types/api';

/** GET one of the paginated item lists (/api/content, /api/blogs, /api/projects). */
export const fetchItemList = (
  path: '/api/content' | '/api/blogs' | '/api/projects',
  params: ListParams & { type?: 'blog' | 'project' },
): Promise<ListEnvelope<ItemSummary>> => {
  // Only send what is set, so the server's defaults apply to the rest.
  const query = Object.fromEntries(
    Object.entries(params).filter(([, v]) => v !== undefined && v !== ''),
  );
  return api<ListEnvelope<ItemSummary>>(path, { method: 'GET', query });
};
