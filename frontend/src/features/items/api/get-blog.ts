import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import type { BlogDetail } from '@/types/api';
import { queryKeys } from '@/lib/query-keys';

export const getBlog = (id: string): Promise<BlogDetail> =>
  api<BlogDetail>(`/api/blogs/${encodeURIComponent(id)}`, { method: 'GET' });

export const getBlogQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.blogs.detail(id),
    queryFn: () => getBlog(id),
  });

type UseBlogOptions = { id: string; queryConfig?: QueryConfig<typeof getBlogQueryOptions> };

export const useBlog = ({ id, queryConfig }: UseBlogOptions) =>
  useQuery({ ...getBlogQueryOptions(id), ...queryConfig });
