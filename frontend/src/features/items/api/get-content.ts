import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryConfig } from '@/lib/react-query';
import type { ListParams } from '@/types/api';
import { fetchItemList } from './list-query';
import { queryKeys } from '@/lib/query-keys';

export type ContentParams = ListParams & { type?: 'blog' | 'project' };

/** The mixed list of blogs and projects, newest first. */
export const getContent = (params: ContentParams = {}) => fetchItemList('/api/content', params);

export const getContentQueryOptions = (params: ContentParams = {}) =>
  queryOptions({
    queryKey: queryKeys.content(params),
    queryFn: () => getContent(params),
  });

type UseContentOptions = {
  params?: ContentParams;
  queryConfig?: QueryConfig<typeof getContentQueryOptions>;
};

export const useContent = ({ params = {}, queryConfig }: UseContentOptions = {}) =>
  useQuery({ ...getContentQueryOptions(params), ...queryConfig });
