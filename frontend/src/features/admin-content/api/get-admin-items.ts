import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import type { AdminItem, ItemType, ListEnvelope } from '@/types/api';

/** The admin list answers up to 500 items per page. */
const ADMIN_PER_PAGE = 500;

export const itemCollection = (type: ItemType) => (type === 'blog' ? 'blogs' : 'projects');

export const getAdminItems = (type: ItemType) =>
  api<ListEnvelope<AdminItem>>(`/api/admin/${itemCollection(type)}`, {
    method: 'GET',
    query: { perPage: ADMIN_PER_PAGE },
  });

/** Under the collection's key, so a save (or a realtime change) refreshes public lists too. */
export const adminItemsQueryKey = (type: ItemType) => [itemCollection(type), 'admin'] as const;

export const getAdminItemsQueryOptions = (type: ItemType) =>
  queryOptions({ queryKey: adminItemsQueryKey(type), queryFn: () => getAdminItems(type), staleTime: 0 });

type Options = { type: ItemType; queryConfig?: QueryConfig<typeof getAdminItemsQueryOptions> };

export const useAdminItems = ({ type, queryConfig }: Options) =>
  useQuery({ ...getAdminItemsQueryOptions(type), ...queryConfig });
