import { api } from '@/lib/api-client';
import { getSessionUser } from '@/lib/auth';

/** Counts one website view; the server decides who counts (it ignores the body for trust). */
export const recordSiteView = (): Promise<void> =>
  api('/api/view-website', {
    method: 'POST',
    body: { userId: getSessionUser()?.id ?? 'anonymous' },
  });
