import { useMutation } from '@tanstack/react-query';
import { withPocketBase } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

export type RegisterInput = { email: string; password: string };

/**
 * Creates the account (`pending`, set by the server) and signs it in, so a reader who
 * registered to like can like at once.
 */
export const register = async ({ email, password }: RegisterInput): Promise<void> => {
  await withPocketBase((pb) => pb.collection('users').create({ email, password, passwordConfirm: password }));
  await withPocketBase((pb) => pb.collection('users').authWithPassword(email, password));
};

type UseRegisterOptions = { mutationConfig?: MutationConfig<typeof register> };

export const useRegister = ({ mutationConfig }: UseRegisterOptions = {}) =>
  useMutation({ ...mutationConfig, mutationFn: register });
