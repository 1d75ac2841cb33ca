import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getSessionUser } from '@/lib/auth';
import type { MutationConfig } from '@/lib/react-query';
import type { CommentPayload, ItemType } from '@/types/api';
import { engagementPath } from './engagement-paths';

export type SubmitCommentInput = { type: ItemType; id: string; email: string; content: string };

/** Posts a comment; visitors send userId 'anonymous'. */
export const submitComment = ({ type, id, email, content }: SubmitCommentInput): Promise<{ message: string }> => {
  const body: CommentPayload = { userId: getSessionUser()?.id ?? 'anonymous', email, content };
  return api<{ message: string }>(engagementPath('comment', type, id), { method: 'POST', body });
};

type UseSubmitCommentOptions = { mutationConfig?: MutationConfig<typeof submitComment> };

export const useSubmitComment = ({ mutationConfig }: UseSubmitCommentOptions = {}) =>
  useMutation({ ...mutationConfig, mutationFn: submitComment });
