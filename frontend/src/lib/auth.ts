import { pb } from './pocketbase';

/** The signed-in account as the app sees it; null when signed out. */
export type SessionUser = { id: string; email: string; token: string };

/** Calls `onChange` on sign-in, sign-out and token refresh; returns the unsubscribe. */
export const subscribeAuth = (onChange: () => void) => pb.authStore.onChange(onChange);

/** The current token, '' when signed out or expired (a stable snapshot for useSyncExternalStore). */
export const getAuthToken = () => (pb.authStore.isValid ? pb.authStore.token : '');

/** Reads the session's account; null when signed out. */
export function getSessionUser(): SessionUser | null {
  const token = getAuthToken();
  const record = pb.authStore.record;
  if (!token || !record) return null;
  return { id: record.id, email: String(record.email ?? ''), token };
}

export const clearAuth = () => pb.authStore.clear();
