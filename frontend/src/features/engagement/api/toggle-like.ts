import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getSessionUser } from '@/lib/auth';
import type { MutationConfig } from '@/lib/react-query';
import type { ItemType, LikeResponse } from '@/types/api';
import { engagementPath } from './engagement-paths';

export type ToggleLikeInput = { type: ItemType; id: string };

/** Likes or unlikes for the signed-in account (the token says who; 401 without one). */
export const toggleLike = ({ type, id }: ToggleLikeInput): Promise<LikeResponse> =>
  api<LikeResponse>(engagementPath('like', type, id), {
    method: 'POST',
    body: { userId: getSessionUser()?.id ?? '' },
  });

type UseToggleLikeOptions = { mutationConfig?: MutationConfig<typeof toggleLike> };

export const useToggleLike = ({ mutationConfig }: UseToggleLikeOptions = {}) =>
  useMutation({ ...mutationConfig, mutationFn: toggleLike });
