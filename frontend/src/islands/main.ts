// The public pages' one script: each island adds behaviour to its part of the server's page
// (pages/templates) and never replaces it. Loaded as a module, so it never blocks the paint.
import { startAboutRefresh } from './about/refresh';
import { startAccount } from './account/account';
import { startCode } from './code/code';
import { startCover } from './cover/cover';
import { startEngagement } from './engagement/engagement';
import { startSearch } from './search/search';
import { startShell } from './shell/shell';
import { startToc } from './toc/toc';

// The page's first paint had only its critical CSS (pages/stylesheet.go); the site's whole
// stylesheet and the islands' own, which the theme script added with this module, style what
// an island shows or changes. The islands start once both are there (or have failed).
const sheets = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((l) => !l.sheet);
void Promise.all(
  sheets.map(
    (l) =>
      new Promise((done) => {
        l.addEventListener('load', done, { once: true });
        l.addEventListener('error', done, { once: true });
      }),
  ),
).then(startIslands);

function startIslands() {
  for (const start of [startCover, startSearch, startShell, startAccount, startEngagement, startToc, startCode, startAboutRefresh]) {
    try {
      start();
    } catch (error) {
      console.error('Island failed to start:', error);
    }
  }
  window.folioIslands = true;
  // Taps and keys made before this module ran, kept by the inline head script (pages/theme.go):
  // each island now answers them as it would have then.
  const pending = window.folioPending ?? [];
  window.folioPending = undefined;
  for (const p of pending) {
    if (p instanceof HTMLElement) {
      if (p.isConnected) p.click();
    } else if (p.target.isConnected) {
      p.target.dispatchEvent(new KeyboardEvent('keydown', { key: p.key, bubbles: true, cancelable: true }));
    }
  }
}
