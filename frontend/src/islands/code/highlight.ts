// Loaded only on a page with code blocks: the highlighter and its languages.
import { highlightCode } from '@/lib/highlight';

export function highlight(blocks: HTMLElement[]) {
  for (const pre of blocks) {
    const code = pre.querySelector('code');
    if (code) highlightCode(code);
  }
}
