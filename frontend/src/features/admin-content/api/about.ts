import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { About, AdminAbout, TitledLink } from '@/types/api';

/** About's rich-text sections, in the order the public page shows them. */
export const ABOUT_SECTIONS = [
  { key: 'profile', label: 'Profile' },
  { key: 'skills', label: 'Skills' },
  { key: 'projects', label: 'Projects' },
  { key: 'awards', label: 'Awards' },
  { key: 'references', label: 'References' },
  { key: 'experience', label: 'Experience' },
  { key: 'courses', label: 'Courses' },
  { key: 'languages', label: 'Languages' },
  { key: 'interests', label: 'Interests' },
  { key: 'declaration', label: 'Motivation' },
] as const satisfies readonly { key: keyof About; label: string }[];

export type AboutSection = (typeof ABOUT_SECTIONS)[number]['key'];

export const getAdminAbout = () => api<AdminAbout>('/api/admin/about', { method: 'GET' });

/** Under ['about'], so a save also refreshes the public About page. */
export const adminAboutQueryKey = ['about', 'admin'] as const;

export const getAdminAboutQueryOptions = () =>
  queryOptions({ queryKey: adminAboutQueryKey, queryFn: getAdminAbout, staleTime: 0 });

export const useAdminAbout = () => useQuery(getAdminAboutQueryOptions());

export type AboutPayload = Record<AboutSection | 'header', string> & {
  exists: boolean;
  media: File | null;
  attachLinks: TitledLink[];
};

export const saveAbout = ({ exists, media, attachLinks, ...fields }: AboutPayload) => {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  body.append('attachLinks', JSON.stringify(attachLinks));
  if (media) body.append('media', media);
  return api<AdminAbout>('/api/admin/about', { method: exists ? 'PUT' : 'POST', body });
};

export const useSaveAbout = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAbout,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['about'] }),
  });
};
