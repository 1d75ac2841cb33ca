import { QueryClient, type DefaultOptions, type UseMutationOptions } from '@tanstack/react-query';
import { isResponseError } from './api-client';

/** A 4xx answer will not change on retry; network failures and 5xx may. */
const shouldRetry = (failureCount: number, error: unknown) => {
  if (isResponseError(error) && error.status >= 400 && error.status < 500) {
    return false;
  }
  return failureCount < 2;
};

export const queryConfig = {
  queries: {
    refetchOnWindowFocus: false,
    staleTime: 60 * 1000,
    retry: shouldRetry,
  },
} satisfies DefaultOptions;

export const createQueryClient = (config: DefaultOptions = queryConfig) =>
  new QueryClient({ defaultOptions: config });

export type ApiFnReturnType<FnType extends (...args: never[]) => Promise<unknown>> = Awaited<
  ReturnType<FnType>
>;

/** Extra useQuery options a hook's caller may pass (everything but key and fn). */
export type QueryConfig<T extends (...args: never[]) => unknown> = Omit<
  ReturnType<T>,
  'queryKey' | 'queryFn'
>;

export type MutationConfig<MutationFnType extends (...args: never[]) => Promise<unknown>> =
  UseMutationOptions<ApiFnReturnType<MutationFnType>, Error, Parameters<MutationFnType>[0]>;
