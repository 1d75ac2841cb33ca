import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import type { ItemSummary } from '@/types/api';
import { queryKeys } from '@/lib/query-keys';

export type TagDetail = { name: string; count: number; items: ItemSummary[] };

/** Items carrying one tag (exact, case-sensitive), newest first; 404 when none. */
export const getTag = (name: string): Promise<TagDetail> =>
  api<TagDetail>(`/api/tags/${encodeURIComponent(name)}`, { method: 'GET' });

export const getTagQueryOptions = (name: string) =>
  queryOptions({
    queryKey: queryKeys.tags.detail(name),
    queryFn: () => getTag(name),
  });

type UseTagOptions = { name: string; queryConfig?: QueryConfig<typeof getTagQueryOptions> };

export const useTag = ({ name, queryConfig }: UseTagOptions) =>
  useQuery({ ...getTagQueryOptions(name), ...queryConfig });
