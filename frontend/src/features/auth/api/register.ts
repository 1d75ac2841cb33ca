import { useMutation } from '@tanstack/react-query';
import { withPocketBase } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

export type RegisterInput = { email: string; password: string };

/** New accounts start as `pending` (set by the server). */
export const register = async ({ email, password }: RegisterInput): Promise<void> => {
  await withPocketBase((pb) => pb.collection('users').create({ email, password, passwordConfirm: password }));
};

type UseRegisterOptions = { mutationConfig?: MutationConfig<typeof register> };

export const useRegister = ({ mutationConfig }: UseRegisterOptions = {}) =>
  useMutation({ ...mutationConfig, mutationFn: register });
