import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ResponseError } from '@/lib/api-client';
import { getAuthToken } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';
import { redirectsQueryKey } from './redirects';

/** POST /api/admin/import's answer (API.md "Moving in and out"). */
export type ImportResult = {
  imported: number;
  skipped: number;
  redirects: number;
  errors: { source: string; message: string }[];
};

/** The largest file an import takes (API.md: 200 MB). */
export const MAX_IMPORT_BYTES = 200 * 1024 * 1024;

/** What an import sends: the file, and the old site's address for a Ghost export's images. */
export type ImportInput = { file: File; siteUrl?: string };

/**
 * Uploads the file as multipart `file` (and `siteUrl` when given), reporting the upload's
 * progress (0..1): XMLHttpRequest, since fetch reports no upload progress. Errors come out as
 * ResponseError, as api()'s do.
 */
export function importSite({ file, siteUrl }: ImportInput, onProgress: (fraction: number) => void): Promise<ImportResult> {
  const url = new URL('/api/admin/import', window.location.origin).href;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    const token = getAuthToken();
    if (token) xhr.setRequestHeader('Authorization', token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = {};
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as ImportResult);
      else reject(new ResponseError(url, xhr.status, body && typeof body === 'object' ? (body as Record<string, unknown>) : {}));
    };
    xhr.onerror = () => reject(new ResponseError(url, 0, {}));
    const form = new FormData();
    form.append('file', file);
    if (siteUrl?.trim()) form.append('siteUrl', siteUrl.trim());
    xhr.send(form);
  });
}

/** Imports a file; afterwards every item list and the redirects are read again. */
export const useImportSite = (onProgress: (fraction: number) => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportInput) => importSite(input, onProgress),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.items });
      void queryClient.invalidateQueries({ queryKey: ['blogs'] });
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
      void queryClient.invalidateQueries({ queryKey: redirectsQueryKey });
    },
  });
};
