import { useEffect, useId } from 'react';

// Forms with unsaved changes register here; one prompt (components/unsaved-changes-prompt)
// asks before the app navigates away, and the browser asks before a reload or close.
const dirty = new Set<string>();

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
}

/** Marks the calling form as holding unsaved changes while `isDirty` is true. */
export function useUnsavedChanges(isDirty: boolean) {
  const id = useId();
  useEffect(() => {
    setDirty(id, isDirty);
    return () => setDirty(id, false);
  }, [id, isDirty]);
}

/** Whether any form holds unsaved changes right now (read at navigation time). */
export const hasUnsavedChanges = () => dirty.size > 0;

/** Lets the next navigation through without asking (after the user chose to leave anyway). */
export function forgetUnsavedChanges() {
  if (dirty.size === 0) return;
  dirty.clear();
  window.removeEventListener('beforeunload', onBeforeUnload);
}
