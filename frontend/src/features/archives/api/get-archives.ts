import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import type { ArchiveYear } from '@/types/api';
import { queryKeys } from '@/lib/query-keys';

export const getArchives = (): Promise<ArchiveYear[]> =>
  api<ArchiveYear[]>('/api/archives', { method: 'GET' });

export const getArchivesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.archives,
    queryFn: getArchives,
  });

type UseArchivesOptions = { queryConfig?: QueryConfig<typeof getArchivesQueryOptions> };

export const useArchives = ({ queryConfig }: UseArchivesOptions = {}) =>
  useQuery({ ...getArchivesQueryOptions(), ...queryConfig });
