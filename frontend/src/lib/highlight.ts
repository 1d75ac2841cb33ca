// The syntax highlighter, imported lazily and only by pages that have code blocks.
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import go from 'highlight.js/lib/languages/go';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import python from 'highlight.js/lib/languages/python';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import type { CODE_LANGUAGES } from '@/config/constants';

const languages: Record<(typeof CODE_LANGUAGES)[number], typeof bash> = {
  bash,
  css,
  go,
  javascript,
  json,
  python,
  sql,
  typescript,
  xml,
  yaml,
};
for (const [name, language] of Object.entries(languages)) hljs.registerLanguage(name, language);

/** Colours a `<code class="language-x">` in place when x is known (aliases too: js, ts, sh, html). */
export function highlightCode(code: HTMLElement) {
  const lang = Array.from(code.classList)
    .find((c) => c.startsWith('language-'))
    ?.slice('language-'.length);
  if (!lang || !hljs.getLanguage(lang) || code.dataset.highlighted) return;
  hljs.highlightElement(code);
}
