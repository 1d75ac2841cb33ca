import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ItemType } from '@/types/api';
import { itemCollection } from './get-admin-items';

export const deleteItem = ({ type, id }: { type: ItemType; id: string }) =>
  api<void>(`/api/admin/${itemCollection(type)}/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const useDeleteItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteItem,
    onSuccess: (_, { type }) => queryClient.invalidateQueries({ queryKey: [itemCollection(type)] }),
  });
};
