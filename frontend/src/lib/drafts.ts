// Local drafts of the admin forms: whatever was typed survives a reload, a crashed tab,
// an expired session and a failed save, until it is saved or discarded.

const PREFIX = 'folio-draft:';

export type Draft<T> = { values: T; savedAt: number };

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const storage = (): StorageLike | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled: drafts are off, nothing breaks
  }
};

/** The key of one form's draft: `folio-draft:blog:new`, `folio-draft:project:{id}`. */
export const draftKey = (kind: string, id?: string | null) => `${PREFIX}${kind}:${id || 'new'}`;

export function readDraft<T>(key: string, store: StorageLike | null = storage()): Draft<T> | null {
  const raw = store?.getItem(key);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Draft<T>;
    if (!parsed || typeof parsed !== 'object' || !('values' in parsed) || typeof parsed.savedAt !== 'number') {
      return null;
    }
    return parsed;
  } catch {
    return null;
  }
}

/** Writes the draft; false when the browser refused (quota, private mode). */
export function writeDraft<T>(key: string, values: T, store: StorageLike | null = storage(), now = Date.now()): boolean {
  try {
    store?.setItem(key, JSON.stringify({ values, savedAt: now } satisfies Draft<T>));
    return store != null;
  } catch {
    return false;
  }
}

export function clearDraft(key: string, store: StorageLike | null = storage()) {
  try {
    store?.removeItem(key);
  } catch {
    // nothing to clear
  }
}

/** Whether two form snapshots differ (drafts are plain JSON values). */
export const sameValues = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
