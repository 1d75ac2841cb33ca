import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import type { TagSummary } from '@/types/api';
import { queryKeys } from '@/lib/query-keys';

/** Every tag, by count desc then latest desc: the first ones are the trending tags. */
export const getTags = (): Promise<TagSummary[]> => api<TagSummary[]>('/api/tags', { method: 'GET' });

export const getTagsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.tags.all,
    queryFn: getTags,
  });

type UseTagsOptions = { queryConfig?: QueryConfig<typeof getTagsQueryOptions> };

export const useTags = ({ queryConfig }: UseTagsOptions = {}) =>
  useQuery({ ...getTagsQueryOptions(), ...queryConfig });
