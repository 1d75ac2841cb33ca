import { queryOptions, useQuery } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase';
import type { QueryConfig } from '@/lib/react-query';
import type { CategorySummary } from '@/types/api';

export const getCategories = (): Promise<CategorySummary[]> =>
  pb.send<CategorySummary[]>('/api/categories', { method: 'GET' });

export const getCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['categories'],
    queryFn: getCategories,
  });

type UseCategoriesOptions = { queryConfig?: QueryConfig<typeof getCategoriesQueryOptions> };

export const useCategories = ({ queryConfig }: UseCategoriesOptions = {}) =>
  useQuery({ ...getCategoriesQueryOptions(), ...queryConfig });
