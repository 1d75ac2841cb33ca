import { useMutation } from '@tanstack/react-query';
import { ResponseError } from '@/lib/api-client';
import { getAuthToken } from '@/lib/auth';

/**
 * Downloads GET /api/admin/export (a zip) with the session's token, then hands it to the
 * browser as a file: a plain link could not carry the Authorization header.
 */
export async function downloadExport(): Promise<string> {
  const url = new URL('/api/admin/export', window.location.origin).href;
  const headers: Record<string, string> = {};
  const token = getAuthToken();
  if (token) headers.Authorization = token;
  let res: Response;
  try {
    res = await fetch(url, { headers, cache: 'no-store' });
  } catch (error) {
    throw new ResponseError(url, 0, {}, { cause: error });
  }
  if (!res.ok) throw new ResponseError(url, res.status, await res.json().catch(() => ({})));
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'folio-export.zip';
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
  return name;
}

export const useDownloadExport = () => useMutation({ mutationFn: downloadExport });
