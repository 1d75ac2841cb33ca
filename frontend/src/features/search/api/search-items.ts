import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SEARCH_RESULTS_COUNT } from '@/config/constants';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { QueryConfig } from '@/lib/react-query';
import type { ItemSummary, ListEnvelope } from '@/types/api';

/** Items whose title contains `q` (case-insensitive), newest first. */
export const searchItems = (q: string): Promise<ListEnvelope<ItemSummary>> =>
  api<ListEnvelope<ItemSummary>>('/api/content', {
    method: 'GET',
    query: { q, perPage: SEARCH_RESULTS_COUNT },
  });

export const searchItemsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.search(q),
    queryFn: () => searchItems(q),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
  });

type UseSearchItemsOptions = { q: string; queryConfig?: QueryConfig<typeof searchItemsQueryOptions> };

export const useSearchItems = ({ q, queryConfig }: UseSearchItemsOptions) =>
  useQuery({ ...searchItemsQueryOptions(q), ...queryConfig });
