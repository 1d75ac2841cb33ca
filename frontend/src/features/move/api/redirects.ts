import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A redirect of GET/POST /api/admin/redirects. */
export type Redirect = { id: string; from: string; to: string; code: 301 | 302 };

export const redirectsQueryKey = ['redirects'] as const;

export const getRedirects = () => api<Redirect[]>('/api/admin/redirects');

export const getRedirectsQueryOptions = () => queryOptions({ queryKey: redirectsQueryKey, queryFn: getRedirects, staleTime: 0 });

export const useRedirects = () => useQuery(getRedirectsQueryOptions());

export const createRedirect = (body: Omit<Redirect, 'id'>) => api<Redirect>('/api/admin/redirects', { method: 'POST', body });

export const useCreateRedirect = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRedirect,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: redirectsQueryKey }),
  });
};

export const deleteRedirect = (id: string) => api<unknown>(`/api/admin/redirects/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const useDeleteRedirect = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRedirect,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: redirectsQueryKey }),
  });
};
