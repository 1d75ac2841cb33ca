import { pb } from '@/lib/pocketbase';

/** Counts one website view; the server decides who counts (it ignores the body for trust). */
export const recordSiteView = (): Promise<void> =>
  pb.send('/api/view-website', {
    method: 'POST',
    body: { userId: pb.authStore.record?.id ?? 'anonymous' },
  });
