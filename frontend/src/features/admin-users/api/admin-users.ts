import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AdminUser, AdminUserStatus } from '@/types/api';

export const getAdminUsers = () => api<AdminUser[]>('/api/admin/admin-users', { method: 'GET' });

export const adminUsersQueryKey = ['admin-users'] as const;

export const getAdminUsersQueryOptions = () =>
  queryOptions({ queryKey: adminUsersQueryKey, queryFn: getAdminUsers, staleTime: 0 });

export const useAdminUsers = (enabled = true) => useQuery({ ...getAdminUsersQueryOptions(), enabled });

export const setAdminUserStatus = ({ id, status }: { id: string; status: AdminUserStatus }) =>
  api<AdminUser>(`/api/admin/admin-users/${encodeURIComponent(id)}`, { method: 'PUT', body: { status } });

/** Shows the new status at once (the answer replaces the row), then refetches. */
export const useSetAdminUserStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAdminUserStatus,
    onSuccess: (user) => {
      queryClient.setQueryData<AdminUser[]>(adminUsersQueryKey, (list) => list?.map((u) => (u.id === user.id ? user : u)));
      void queryClient.invalidateQueries({ queryKey: adminUsersQueryKey });
    },
    onError: (error) => console.error('Error updating admin status:', error),
  });
};
