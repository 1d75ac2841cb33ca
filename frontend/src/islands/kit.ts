// What the islands share: the stored session, a JSON call to the site's API, a toast.
// Islands add behaviour to the server's markup of their part and nothing else.

declare global {
  interface Window {
    /** Taps and keys made before the islands ran, kept by the inline head script (pages/theme.go). */
    folioPending?: (HTMLElement | { key: string; target: Element })[];
    /** Set once the islands have started (islands/main.ts). */
    folioIslands?: boolean;
  }
}

type Session = { token: string; record: { id: string; email?: string } };

/** The PocketBase SDK's stored session (src/lib/pocketbase.ts keeps it under this key). */
export function session(): Session | null {
  try {
    const raw = localStorage.getItem('pocketbase_auth');
    const s = raw ? (JSON.parse(raw) as Partial<Session>) : null;
    return s?.token && s.record ? (s as Session) : null;
  } catch {
    return null;
  }
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly data: Record<string, { message?: string }>,
  ) {
    super(message);
  }
}

/** A same-origin API call with the session's token; an ApiError for any status >= 400. */
export async function api<T>(path: string, init: { method?: string; body?: object; signal?: AbortSignal } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  const s = session();
  if (s) headers.Authorization = s.token;
  if (init.body) headers['Content-Type'] = 'application/json';
  const res = await fetch(path, {
    method: init.method ?? 'GET',
    headers,
    body: init.body ? JSON.stringify(init.body) : undefined,
    signal: init.signal,
  });
  const json = (await res.json().catch(() => ({}))) as { message?: string; data?: Record<string, { message?: string }> };
  if (!res.ok) throw new ApiError(json.message || 'Something went wrong.', res.status, json.data ?? {});
  return json as T;
}

let toastTimer = 0;
/** A short message at the corner of the screen, read out by screen readers. */
export function toast(message: string, color: 'teal' | 'red' | 'yellow' = 'teal', action?: { label: string; href: string }) {
  let el = document.querySelector<HTMLElement>('.toast');
  if (!el) {
    el = document.createElement('div');
    el.className = 'toast';
    el.setAttribute('role', 'alert');
    document.body.append(el);
  }
  el.dataset.color = color;
  el.textContent = message;
  if (action) {
    const link = document.createElement('a');
    link.href = action.href;
    link.textContent = action.label;
    link.style.marginLeft = '8px';
    el.append(' ', link);
  }
  window.clearTimeout(toastTimer);
  toastTimer = window.setTimeout(() => el?.remove(), 4000);
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The engagement routes: /api/{action}/{id} for a blog, /api/{action}-project/{id}. */
export const engagementPath = (action: string, type: string, id: string) =>
  `/api/${type === 'project' ? `${action}-project` : action}/${encodeURIComponent(id)}`;
