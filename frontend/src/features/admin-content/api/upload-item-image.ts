import { api } from '@/lib/api-client';

type ItemImageRecord = { id: string; media: string };

/**
 * Uploads one image of a post's body to the itemImages collection (resized and stripped of
 * metadata by the server, as covers are) and returns its site-relative file URL.
 */
export async function uploadItemImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('media', file);
  const rec = await api<ItemImageRecord>('/api/collections/itemImages/records', { method: 'POST', body });
  return `/api/files/itemImages/${encodeURIComponent(rec.id)}/${encodeURIComponent(rec.media)}`;
}
