import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ItemType, PreviewLink } from '@/types/api';
import { itemCollection } from './get-admin-items';

const previewPath = (type: ItemType, id: string) => `/api/admin/${itemCollection(type)}/${encodeURIComponent(id)}/preview`;

/** A 7-day link to the item's real page, whatever its status. */
export const createPreview = ({ type, id }: { type: ItemType; id: string }) =>
  api<PreviewLink>(previewPath(type, id), { method: 'POST' });

/** Revokes every preview link of the item. */
export const revokePreviews = ({ type, id }: { type: ItemType; id: string }) =>
  api<void>(previewPath(type, id), { method: 'DELETE' });

export const useCreatePreview = () => useMutation({ mutationFn: createPreview });
export const useRevokePreviews = () => useMutation({ mutationFn: revokePreviews });
