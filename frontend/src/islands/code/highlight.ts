// Loaded only on a page with code blocks: the highlighter, which loads the languages it needs.
import { highlightCode } from '@/lib/highlight';

export function highlight(blocks: HTMLElement[]) {
  for (const pre of blocks) {
    const code = pre.querySelector('code');
    if (code) void highlightCode(code);
  }
}
