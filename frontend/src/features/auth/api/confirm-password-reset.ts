import { useMutation } from '@tanstack/react-query';
import { withPocketBase } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

export type ConfirmPasswordResetInput = { token: string; password: string };

export const confirmPasswordReset = async ({ token, password }: ConfirmPasswordResetInput): Promise<void> => {
  await withPocketBase((pb) => pb.collection('users').confirmPasswordReset(token, password, password));
};

type Options = { mutationConfig?: MutationConfig<typeof confirmPasswordReset> };

export const useConfirmPasswordReset = ({ mutationConfig }: Options = {}) =>
  useMutation({ ...mutationConfig, mutationFn: confirmPasswordReset });
