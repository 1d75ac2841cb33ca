import { useMutation } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase';
import type { MutationConfig } from '@/lib/react-query';
import type { CommentPayload, ItemType } from '@/types/api';
import { engagementPath } from './engagement-paths';

export type SubmitCommentInput = { type: ItemType; id: string; email: string; content: string };

/** Posts a comment; visitors send userId 'anonymous'. */
export const submitComment = ({ type, id, email, content }: SubmitCommentInput): Promise<{ message: string }> => {
  const body: CommentPayload = { userId: pb.authStore.record?.id ?? 'anonymous', email, content };
  return pb.send<{ message: string }>(engagementPath('comment', type, id), { method: 'POST', body });
};

type UseSubmitCommentOptions = { mutationConfig?: MutationConfig<typeof submitComment> };

export const useSubmitComment = ({ mutationConfig }: UseSubmitCommentOptions = {}) =>
  useMutation({ ...mutationConfig, mutationFn: submitComment });
