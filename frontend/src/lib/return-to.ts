// Where a reader goes back to after signing in from a page (`/login?next=/blogs/abc`), and the
// short note that page shows once it is back.

/** `next` when it is a path of this site ("/…", not "//host" or "/\host"); null otherwise. */
export function safeNextPath(raw: string | null | undefined): string | null {
  const next = (raw ?? '').trim();
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- controls and spaces would change how the path is read
  if (/[\u0000-\u001f\u007f]/.test(next)) return null;
  return next;
}

const NOTE_KEY = 'folio-signed-in-note';

/** Leaves a note for the page the reader returns to (shown once). */
export function leaveReturnNote(note: string) {
  try {
    sessionStorage.setItem(NOTE_KEY, note);
  } catch {
    // storage unavailable: the note is a nicety
  }
}

/** The note left for this page, removed as it is read; null when none. */
export function takeReturnNote(): string | null {
  try {
    const note = sessionStorage.getItem(NOTE_KEY);
    sessionStorage.removeItem(NOTE_KEY);
    return note;
  } catch {
    return null;
  }
}
