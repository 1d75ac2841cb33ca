import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import type { ProjectDetail } from '@/types/api';
import { queryKeys } from '@/lib/query-keys';

export const getProject = (id: string): Promise<ProjectDetail> =>
  api<ProjectDetail>(`/api/projects/${encodeURIComponent(id)}`, { method: 'GET' });

export const getProjectQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.projects.detail(id),
    queryFn: () => getProject(id),
  });

type UseProjectOptions = { id: string; queryConfig?: QueryConfig<typeof getProjectQueryOptions> };

export const useProject = ({ id, queryConfig }: UseProjectOptions) =>
  useQuery({ ...getProjectQueryOptions(id), ...queryConfig });
