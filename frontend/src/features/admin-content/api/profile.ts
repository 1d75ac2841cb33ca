import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AdminProfile, TitledLink } from '@/types/api';

export const getAdminProfile = async (): Promise<AdminProfile> => {
  const p = await api<Partial<AdminProfile>>('/api/admin/profile', { method: 'GET' });
  return {
    id: p.id ?? null,
    heading: p.heading ?? '',
    bio: p.bio ?? '',
    image: p.image ?? null,
    socialLinks: Array.isArray(p.socialLinks) ? p.socialLinks : [],
  };
};

/** Under ['profile'], so a save also refreshes the public sidebar's profile. */
export const adminProfileQueryKey = ['profile', 'admin'] as const;

export const getAdminProfileQueryOptions = () =>
  queryOptions({ queryKey: adminProfileQueryKey, queryFn: getAdminProfile, staleTime: 0 });

export const useAdminProfile = () => useQuery(getAdminProfileQueryOptions());

export type ProfilePayload = {
  /** Whether a profile exists yet: PUT updates it, POST creates it. */
  exists: boolean;
  heading: string;
  bio: string;
  image: File | null;
  socialLinks: TitledLink[];
};

export const saveProfile = (p: ProfilePayload) => {
  const body = new FormData();
  body.append('heading', p.heading);
  body.append('bio', p.bio);
  body.append('socialLinks', JSON.stringify(p.socialLinks));
  if (p.image) body.append('image', p.image);
  return api<AdminProfile>('/api/admin/profile', { method: p.exists ? 'PUT' : 'POST', body });
};

export const useSaveProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['profile'] }),
  });
};
