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
