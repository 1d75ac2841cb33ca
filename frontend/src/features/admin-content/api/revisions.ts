import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AdminItem, ItemType, Revision, RevisionEntry } from '@/types/api';
import { itemCollection } from './get-admin-items';

const revisionsPath = (type: ItemType, id: string) => `/api/admin/${itemCollection(type)}/${encodeURIComponent(id)}/revisions`;

export const revisionsQueryKey = (type: ItemType, id: string) => [itemCollection(type), id, 'revisions'] as const;

export const getRevisionsQueryOptions = (type: ItemType, id: string) =>
  queryOptions({
    queryKey: revisionsQueryKey(type, id),
    queryFn: () => api<RevisionEntry[]>(revisionsPath(type, id)),
    staleTime: 0,
  });

export const useRevisions = (type: ItemType, id: string, enabled = true) =>
  useQuery({ ...getRevisionsQueryOptions(type, id), enabled });

export const useRevision = (type: ItemType, id: string, rid: string | null) =>
  useQuery({
    queryKey: [...revisionsQueryKey(type, id), rid],
    queryFn: () => api<Revision>(`${revisionsPath(type, id)}/${encodeURIComponent(rid ?? '')}`),
    enabled: rid !== null,
    staleTime: Infinity, // a revision never changes
  });

export const restoreRevision = ({ type, id, rid }: { type: ItemType; id: string; rid: string }) =>
  api<AdminItem>(`${revisionsPath(type, id)}/${encodeURIComponent(rid)}/restore`, { method: 'POST' });

export const useRestoreRevision = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreRevision,
    onSuccess: (item) => queryClient.invalidateQueries({ queryKey: [itemCollection(item.type)] }),
  });
};
