import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import type { About } from '@/types/api';
import { queryKeys } from '@/lib/query-keys';

/** Empty values before the owner sets them; never 404. */
// 'no-cache' revalidates with the server (a cheap 304 when unchanged), so Refresh Content
// really reloads instead of reading the browser's minute-long HTTP cache.
export const getAbout = (): Promise<About> => api<About>('/api/about', { method: 'GET', cache: 'no-cache' });

export const getAboutQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.about,
    queryFn: getAbout,
  });

type UseAboutOptions = { queryConfig?: QueryConfig<typeof getAboutQueryOptions> };

export const useAbout = ({ queryConfig }: UseAboutOptions = {}) =>
  useQuery({ ...getAboutQueryOptions(), ...queryConfig });
