import { useDeferredValue } from 'react';
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

/**
 * The query's answer rendered in a transition. react-query hands answers to React through
 * useSyncExternalStore, whose updates render at once, in one task however long the page is;
 * with this, that render shows the previous answer (or Loading), and the new one renders in
 * slices that yield to the browser (Lighthouse's Total Blocking Time).
 */
export function useDeferredQuery<T extends { data: unknown; isPending: boolean }>(query: T): T {
  const data = useDeferredValue(query.data);
  if (data === query.data) return query;
  return { ...query, data, isPending: data === undefined } as T;
}
