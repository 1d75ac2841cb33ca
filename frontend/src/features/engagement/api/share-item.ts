import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import type { ItemType, ShareResponse } from '@/types/api';
import { engagementPath } from './engagement-paths';

export type ShareItemInput = { type: ItemType; id: string };

/** Counts one share (the copy-link button); answers the new count. */
export const shareItem = ({ type, id }: ShareItemInput): Promise<ShareResponse> =>
  api<ShareResponse>(engagementPath('share', type, id), { method: 'POST' });

type UseShareItemOptions = { mutationConfig?: MutationConfig<typeof shareItem> };

export const useShareItem = ({ mutationConfig }: UseShareItemOptions = {}) =>
  useMutation({ ...mutationConfig, mutationFn: shareItem });
