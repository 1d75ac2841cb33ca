import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryConfig } from '@/lib/react-query';
import type { ListParams } from '@/types/api';
import { fetchItemList } from './list-query';
import { queryKeys } from '@/lib/query-keys';

export const getBlogs = (params: ListParams = {}) => fetchItemList('/api/blogs', params);

export const getBlogsQueryOptions = (params: ListParams = {}) =>
  queryOptions({
    queryKey: queryKeys.blogs.list(params),
    queryFn: () => getBlogs(params),
  });

type UseBlogsOptions = {
  params?: ListParams;
  queryConfig?: QueryConfig<typeof getBlogsQueryOptions>;
};

export const useBlogs = ({ params = {}, queryConfig }: UseBlogsOptions = {}) =>
  useQuery({ ...getBlogsQueryOptions(params), ...queryConfig });
