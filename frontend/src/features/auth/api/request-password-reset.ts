import { useMutation } from '@tanstack/react-query';
import { withPocketBase } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

export type RequestPasswordResetInput = { email: string };

/** The email links to /reset-password/{token} on this site. */
export const requestPasswordReset = async ({ email }: RequestPasswordResetInput): Promise<void> => {
  await withPocketBase((pb) => pb.collection('users').requestPasswordReset(email));
};

type Options = { mutationConfig?: MutationConfig<typeof requestPasswordReset> };

export const useRequestPasswordReset = ({ mutationConfig }: Options = {}) =>
  useMutation({ ...mutationConfig, mutationFn: requestPasswordReset });
