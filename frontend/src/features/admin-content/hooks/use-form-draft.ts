import { useDebouncedCallback } from '@mantine/hooks';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { DRAFT_SAVE_DELAY_MS } from '@/config/constants';
import { clearDraft, readDraft, sameValues, writeDraft, type Draft } from '@/lib/drafts';
import { useUnsavedChanges } from '@/hooks/use-unsaved-changes';

/**
 * Keeps a form's values as a local draft while they differ from the saved ones, offers a
 * draft found on opening, and flags unsaved changes for the leave prompt.
 */
export function useFormDraft<T>(key: string, values: T, saved: T) {
  const [offer, setOffer] = useState<Draft<T> | null>(() => {
    const found = readDraft<T>(key);
    return found && !sameValues(found.values, saved) ? found : null;
  });
  const dirty = !sameValues(values, saved);
  // While a draft is on offer, the untouched form must not overwrite it.
  const holding = useRef(offer !== null);
  useLayoutEffect(() => {
    if (dirty) holding.current = false;
  }, [dirty]);

  const persist = useDebouncedCallback((next: T, isDirty: boolean) => {
    if (holding.current) return;
    if (isDirty) writeDraft(key, next);
    else clearDraft(key);
  }, DRAFT_SAVE_DELAY_MS);

  useEffect(() => {
    persist(values, dirty);
  }, [values, dirty, persist]);

  // A closing tab flushes the pending write at once.
  const latest = useRef({ values, dirty });
  useLayoutEffect(() => {
    latest.current = { values, dirty };
  });
  useEffect(() => {
    const flush = () => {
      if (!holding.current && latest.current.dirty) writeDraft(key, latest.current.values);
    };
    window.addEventListener('pagehide', flush);
    return () => {
      flush();
      window.removeEventListener('pagehide', flush);
    };
  }, [key]);

  useUnsavedChanges(dirty);

  const discard = useCallback(() => {
    holding.current = false;
    clearDraft(key);
    setOffer(null);
  }, [key]);

  const accept = useCallback(() => {
    holding.current = false;
    setOffer(null);
  }, []);

  /** After a finished save: nothing left to keep. */
  const clear = useCallback(() => {
    persist.cancel?.();
    holding.current = true;
    clearDraft(key);
  }, [key, persist]);

  return { offer, accept, discard, clear, dirty };
}
