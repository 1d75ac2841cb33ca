/**
 * The session, readable before the PocketBase SDK loads: the SDK's LocalAuthStore keeps
 * `{token, record}` as JSON under AUTH_STORAGE_KEY and reads it back on every access, so
 * reading the same entry here gives the same answer without shipping the SDK on first paint.
 * Once lib/pocketbase.ts has loaded (sign-in, /admin), its store reports changes here.
 */
export const AUTH_STORAGE_KEY = 'pocketbase_auth';

/** The signed-in account as the app sees it; null when signed out. */
export type SessionUser = { id: string; email: string; token: string };

type StoredAuth = { token: string; record: { id: string; email?: unknown } | null };

/** What lib/pocketbase.ts hands over when the SDK loads. */
type SdkAuthStore = { clear: () => void; onChange: (callback: () => void) => unknown };

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
let sdkStore: SdkAuthStore | null = null;

/** Called once by lib/pocketbase.ts: from then on sign-in, refresh and sign-out arrive through the SDK. */
export function attachSdkAuthStore(store: SdkAuthStore) {
  sdkStore = store;
  store.onChange(notify);
}

const storage = () => (typeof window === 'undefined' ? null : window.localStorage);

let lastRaw: string | null | undefined;
let lastAuth: StoredAuth = { token: '', record: null };

function readStored(): StoredAuth {
  const raw = storage()?.getItem(AUTH_STORAGE_KEY) ?? null;
  if (raw !== lastRaw) {
    lastRaw = raw;
    let value: { token?: unknown; record?: unknown; model?: unknown } | null;
    try {
      value = JSON.parse(raw ?? 'null') as typeof value;
    } catch {
      value = null;
    }
    const record = (value?.record ?? value?.model ?? null) as StoredAuth['record'];
    lastAuth = { token: typeof value?.token === 'string' ? value.token : '', record: record && typeof record.id === 'string' ? record : null };
  }
  return lastAuth;
}

/** The SDK's rule (isTokenExpired): a token with a payload is valid until its `exp`, if any. */
export function isTokenValid(token: string): boolean {
  try {
    const part = (token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
    const payload = JSON.parse(atob(part)) as { exp?: unknown } | null;
    if (!payload || typeof payload !== 'object' || Object.keys(payload).length === 0) return false;
    return !payload.exp || Number(payload.exp) > Date.now() / 1000;
  } catch {
    return false;
  }
}

/** Calls `onChange` on sign-in, sign-out and token refresh (also from other tabs); returns the unsubscribe. */
export function subscribeAuth(onChange: () => void) {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

function onStorage(event: StorageEvent) {
  if (event.key === AUTH_STORAGE_KEY || event.key === null) notify();
}

/** The current token, '' when signed out or expired (a stable snapshot for useSyncExternalStore). */
export function getAuthToken(): string {
  const { token } = readStored();
  return token && isTokenValid(token) ? token : '';
}

/** Reads the session's account; null when signed out. */
export function getSessionUser(): SessionUser | null {
  const token = getAuthToken();
  const { record } = readStored();
  if (!token || !record) return null;
  return { id: record.id, email: String(record.email ?? ''), token };
}

export function clearAuth() {
  if (sdkStore) {
    sdkStore.clear();
    return;
  }
  storage()?.removeItem(AUTH_STORAGE_KEY);
  notify();
}
