import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AdminItem, ItemStatus, ItemType } from '@/types/api';
import { itemCollection } from './get-admin-items';

export type ItemPayload = {
  type: ItemType;
  /** Set to update, absent to create. */
  id?: string;
  title: string;
  date: string;
  author: string;
  description: string;
  tags: string[];
  categories: string[];
  links: string[];
  media: File | null;
  removeMedia: boolean;
  /** The cover's alt text ("" for the title); left out by callers that do not edit it. */
  mediaAlt?: string;
  /** Published when left out (API.md "Publishing"). */
  status?: ItemStatus;
  /** RFC 3339 in UTC; only with status scheduled. */
  publishAt?: string;
};

/** The multipart body of API.md's blog/project create and update calls. */
export function itemFormData(p: ItemPayload): FormData {
  const body = new FormData();
  body.append('title', p.title);
  body.append('date', p.date);
  body.append('author', p.author);
  body.append('description', p.description);
  body.append('tags', p.tags.join(','));
  body.append('categories', p.categories.join(','));
  if (p.type === 'blog') body.append('attachLinks', p.links.join(','));
  else body.append('attachLink', p.links[0] ?? '');
  if (p.mediaAlt !== undefined) body.append('mediaAlt', p.mediaAlt);
  if (p.media) body.append('media', p.media);
  else if (p.removeMedia) body.append('removeMedia', 'true');
  if (p.status) body.append('status', p.status);
  if (p.status) body.append('publishAt', p.status === 'scheduled' ? (p.publishAt ?? '') : '');
  return body;
}

export const saveItem = (p: ItemPayload) => {
  const base = `/api/admin/${itemCollection(p.type)}`;
  return api<AdminItem>(p.id ? `${base}/${encodeURIComponent(p.id)}` : base, {
    method: p.id ? 'PUT' : 'POST',
    body: itemFormData(p),
  });
};

export const useSaveItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveItem,
    onSuccess: (item) => queryClient.invalidateQueries({ queryKey: [itemCollection(item.type)] }),
  });
};
