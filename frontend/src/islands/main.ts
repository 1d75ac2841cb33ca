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
// Taps made before this module ran, kept by the inline head script (pages/theme.go): each
// island now answers them as it would have then.
const pending = window.folioPending ?? [];
window.folioPending = undefined;
for (const el of pending) if (el.isConnected) el.click();
