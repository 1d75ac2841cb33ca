import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { QueryConfig } from '@/lib/react-query';
import type { CategoryDetail } from '@/types/api';

/** One main category: its own items and each sub-category's items, newest first. */
export const getCategory = (name: string): Promise<CategoryDetail> =>
  api<CategoryDetail>(`/api/categories/${encodeURIComponent(name)}`, { method: 'GET' });

export const getCategoryQueryOptions = (name: string) =>
  queryOptions({
    queryKey: queryKeys.categories.detail(name),
    queryFn: () => getCategory(name),
  });

type UseCategoryOptions = { name: string; queryConfig?: QueryConfig<typeof getCategoryQueryOptions> };

export const useCategory = ({ name, queryConfig }: UseCategoryOptions) =>
  useQuery({ ...getCategoryQueryOptions(name), ...queryConfig });
