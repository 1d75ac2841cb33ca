import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import type { CategorySummary } from '@/types/api';
import { queryKeys } from '@/lib/query-keys';

export const getCategories = (): Promise<CategorySummary[]> =>
  api<CategorySummary[]>('/api/categories', { method: 'GET' });

export const getCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.categories.all,
    queryFn: getCategories,
  });

type UseCategoriesOptions = { queryConfig?: QueryConfig<typeof getCategoriesQueryOptions> };

export const useCategories = ({ queryConfig }: UseCategoriesOptions = {}) =>
  useQuery({ ...getCategoriesQueryOptions(), ...queryConfig });
