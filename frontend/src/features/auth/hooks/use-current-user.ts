import { useMemo, useSyncExternalStore } from 'react';
import { getAuthToken, getSessionUser, subscribeAuth, type SessionUser } from '@/lib/auth';

export type CurrentUser = SessionUser;

/** The signed-in account, null when signed out; re-renders on sign-in and sign-out. */
export function useCurrentUser(): CurrentUser | null {
  // The token string is a stable snapshot; the store's record getter re-parses on every read.
  const token = useSyncExternalStore(subscribeAuth, getAuthToken, () => '');
  // The token is the snapshot the user derives from.
  return useMemo(() => (token ? getSessionUser() : null), [token]);
}
