// The syntax highlighter, imported lazily and only by pages that have code blocks.
import hljs from 'highlight.js/lib/core';
import type { LanguageFn } from 'highlight.js';
import type { CODE_LANGUAGES } from '@/config/constants';

type Name = (typeof CODE_LANGUAGES)[number];

// Each language is its own chunk: a page fetches the core and the languages its blocks name
// (a post with one Go block loads Go's grammar, not all thirty).
const languages: Record<Name, () => Promise<{ default: LanguageFn }>> = {
  bash: () => import('highlight.js/lib/languages/bash'),
  c: () => import('highlight.js/lib/languages/c'),
  cpp: () => import('highlight.js/lib/languages/cpp'),
  csharp: () => import('highlight.js/lib/languages/csharp'),
  css: () => import('highlight.js/lib/languages/css'),
  diff: () => import('highlight.js/lib/languages/diff'),
  dockerfile: () => import('highlight.js/lib/languages/dockerfile'),
  go: () => import('highlight.js/lib/languages/go'),
  graphql: () => import('highlight.js/lib/languages/graphql'),
  ini: () => import('highlight.js/lib/languages/ini'),
  java: () => import('highlight.js/lib/languages/java'),
  javascript: () => import('highlight.js/lib/languages/javascript'),
  json: () => import('highlight.js/lib/languages/json'),
  kotlin: () => import('highlight.js/lib/languages/kotlin'),
  lua: () => import('highlight.js/lib/languages/lua'),
  makefile: () => import('highlight.js/lib/languages/makefile'),
  markdown: () => import('highlight.js/lib/languages/markdown'),
  php: () => import('highlight.js/lib/languages/php'),
  plaintext: () => import('highlight.js/lib/languages/plaintext'),
  powershell: () => import('highlight.js/lib/languages/powershell'),
  python: () => import('highlight.js/lib/languages/python'),
  ruby: () => import('highlight.js/lib/languages/ruby'),
  rust: () => import('highlight.js/lib/languages/rust'),
  scss: () => import('highlight.js/lib/languages/scss'),
  shell: () => import('highlight.js/lib/languages/shell'),
  sql: () => import('highlight.js/lib/languages/sql'),
  swift: () => import('highlight.js/lib/languages/swift'),
  typescript: () => import('highlight.js/lib/languages/typescript'),
  xml: () => import('highlight.js/lib/languages/xml'),
  yaml: () => import('highlight.js/lib/languages/yaml'),
};
const isName = (lang: string): lang is Name => Object.hasOwn(languages, lang);
// Detection never guesses "plain text"; a block marked so stays plain.
hljs.configure({ languages: Object.keys(languages).filter((l) => l !== 'plaintext') });

async function register(names: Name[]) {
  const missing = names.filter((name) => !hljs.getLanguage(name));
  const loaded = await Promise.all(missing.map((name) => languages[name]()));
  missing.forEach((name, i) => {
    const language = loaded[i];
    if (language) hljs.registerLanguage(name, language.default);
  });
}

/**
 * Colours a `<code class="language-x">` in place when x is known (aliases too: js, ts, sh,
 * html); a block without a language is coloured as the language detection finds most likely.
 */
export async function highlightCode(code: HTMLElement) {
  if (code.dataset.highlighted) return;
  const lang = Array.from(code.classList)
    .find((cls) => cls.startsWith('language-'))
    ?.slice('language-'.length);
  // A known name loads its grammar alone; an alias (js, sh, html) or no language loads them all.
  await register(lang && isName(lang) ? [lang] : (Object.keys(languages) as Name[]));
  if (code.dataset.highlighted || (lang && !hljs.getLanguage(lang))) return;
  hljs.highlightElement(code);
}
