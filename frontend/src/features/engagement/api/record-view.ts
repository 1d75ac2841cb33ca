import { api } from '@/lib/api-client';
import { getSessionUser } from '@/lib/auth';
import type { ItemType, ViewResponse } from '@/types/api';
import { engagementPath } from './engagement-paths';

/** Counts one view of an item; the server counts a visitor once per item per 30 minutes. */
export const recordView = (type: ItemType, id: string): Promise<ViewResponse> =>
  api<ViewResponse>(engagementPath('view', type, id), {
    method: 'POST',
    body: { userId: getSessionUser()?.id ?? 'anonymous' },
  });
