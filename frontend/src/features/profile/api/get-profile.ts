import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import type { Profile } from '@/types/api';
import { queryKeys } from '@/lib/query-keys';

/** Empty strings and a null image before the owner sets one; never 404. */
export const getProfile = (): Promise<Profile> => api<Profile>('/api/profile', { method: 'GET' });

export const getProfileQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.profile,
    queryFn: getProfile,
    staleTime: 5 * 60 * 1000,
  });

type UseProfileOptions = { queryConfig?: QueryConfig<typeof getProfileQueryOptions> };

export const useProfile = ({ queryConfig }: UseProfileOptions = {}) =>
  useQuery({ ...getProfileQueryOptions(), ...queryConfig });
