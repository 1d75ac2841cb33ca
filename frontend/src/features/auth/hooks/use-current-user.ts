import { useMemo, useSyncExternalStore } from 'react';
import { pb } from '@/lib/pocketbase';

export type CurrentUser = { id: string; email: string; token: string };

const subscribe = (onChange: () => void) => pb.authStore.onChange(onChange);
// The token string is a stable snapshot; the store's record getter re-parses on every read.
const getToken = () => (pb.authStore.isValid ? pb.authStore.token : '');

/** The signed-in account, null when signed out; re-renders on sign-in and sign-out. */
export function useCurrentUser(): CurrentUser | null {
  const token = useSyncExternalStore(subscribe, getToken, () => '');
  return useMemo(() => {
    const record = pb.authStore.record;
    if (!token || !record) return null;
    return { id: record.id, email: String(record.email ?? ''), token };
  }, [token]);
}
