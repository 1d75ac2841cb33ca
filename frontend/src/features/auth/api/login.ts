import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, withPocketBase } from '@/lib/api-client';
import { clearAuth, getSessionUser } from '@/lib/auth';
import type { MutationConfig } from '@/lib/react-query';
import type { ApprovalResponse } from '@/types/api';
import { approvalQueryKey, checkApproval } from './check-approval';

export type LoginInput = { email: string; password: string };

/** Signs in, then asks the server whether the account may reach /admin. */
export const login = async ({ email, password }: LoginInput): Promise<ApprovalResponse> => {
  await withPocketBase((pb) => pb.collection('users').authWithPassword(email, password));
  // Device and browser of the caller's own account; a failure must not block sign-in.
  api('/api/admin/login-attempt', {
    method: 'POST',
    body: { email, userAgent: navigator.userAgent },
  }).catch((error: unknown) => console.error('Error recording login attempt:', error));
  return checkApproval();
};

/** Signs out and forgets every cached answer, so the next account starts clean. */
export const useLogout = () => {
  const queryClient = useQueryClient();
  return () => {
    clearAuth();
    queryClient.clear();
  };
};

type UseLoginOptions = { mutationConfig?: MutationConfig<typeof login> };

export const useLogin = ({ mutationConfig }: UseLoginOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: login,
    onSuccess: (data, ...args) => {
      queryClient.setQueryData(approvalQueryKey(getSessionUser()?.id ?? ''), data);
      onSuccess?.(data, ...args);
    },
  });
};
