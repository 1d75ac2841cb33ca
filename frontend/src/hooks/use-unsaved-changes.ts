import { useEffect, useId, useSyncExternalStore } from 'react';

// Forms with unsaved changes register here; one prompt (components/unsaved-changes-prompt)
// asks before the app navigates away, and the browser asks before a reload or close.
const dirty = new Set<string>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

const onBeforeUnload = (event: BeforeUnloadEvent) => {
  event.preventDefault();
  event.returnValue = ''; // older browsers need a value to show their prompt
};

function setDirty(id: string, value: boolean) {
  const had = dirty.size > 0;
  if (value) dirty.add(id);
  else dirty.delete(id);
  if (!had && dirty.size > 0) window.addEventListener('beforeunload', onBeforeUnload);
  if (had && dirty.size === 0) window.removeEventListener('beforeunload', onBeforeUnload);
  emit();
}

/** Marks the calling form as holding unsaved changes while `isDirty` is true. */
export function useUnsavedChanges(isDirty: boolean) {
  const id = useId();
  useEffect(() => {
    setDirty(id, isDirty);
    return () => setDirty(id, false);
  }, [id, isDirty]);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Whether any form on the page holds unsaved changes. */
export const useHasUnsavedChanges = () => useSyncExternalStore(subscribe, () => dirty.size > 0, () => false);
