/**
 * What the reader did on the server's page before React replaced it (public/boot.js keeps it in
 * window.folioBoot). The shell's controls carry the same `data-control` name in the server's
 * markup (pages/templates/shell.html) and in React's, so a click is replayed on the same control.
 */
export type BootSearch = { value: string; focused?: boolean };

type FolioBoot = {
  /** Controls clicked before the app rendered, oldest first (the theme toggle works at once). */
  clicks: string[];
  /** The scheme the server page's theme toggle last switched to. */
  theme?: 'light' | 'dark';
  /** The search box: undefined until used, then what was typed; null once the app's box took it. */
  search?: BootSearch | null;
};

declare global {
  interface Window {
    folioBoot?: FolioBoot;
  }
}

/** Replays each early click once, on React's control of the same name. */
export function replayBootClicks() {
  const clicks = window.folioBoot?.clicks.splice(0) ?? [];
  for (const name of clicks) document.querySelector<HTMLElement>(`[data-control="${name}"]`)?.click();
}

/**
 * The scheme chosen on the server page's toggle, once: it already applied and saved it, but a
 * click while React was rendering would otherwise be undone by the scheme React read at start.
 */
export function takeBootTheme() {
  const boot = window.folioBoot;
  const theme = boot?.theme;
  if (boot) boot.theme = undefined;
  return theme;
}

/** What was typed into the search box so far, while it is still being carried over. */
export const pendingBootSearch = (): BootSearch | undefined => window.folioBoot?.search ?? undefined;

/** Takes the carried search over (the app's own box): later typing is the box's alone. */
export function takeBootSearch(): BootSearch | undefined {
  const boot = window.folioBoot;
  const search = boot?.search ?? undefined;
  if (boot) boot.search = null;
  return search;
}
