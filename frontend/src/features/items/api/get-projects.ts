import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryConfig } from '@/lib/react-query';
import type { ListParams } from '@/types/api';
import { fetchItemList } from './list-query';
import { queryKeys } from '@/lib/query-keys';

export const getProjects = (params: ListParams = {}) => fetchItemList('/api/projects', params);

export const getProjectsQueryOptions = (params: ListParams = {}) =>
  queryOptions({
    queryKey: queryKeys.projects.list(params),
    queryFn: () => getProjects(params),
  });

type UseProjectsOptions = {
  params?: ListParams;
  queryConfig?: QueryConfig<typeof getProjectsQueryOptions>;
};

export const useProjects = ({ params = {}, queryConfig }: UseProjectsOptions = {}) =>
  useQuery({ ...getProjectsQueryOptions(params), ...queryConfig });
