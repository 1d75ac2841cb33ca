// The syntax highlighter, imported lazily and only by pages that have code blocks.
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import dockerfile from 'highlight.js/lib/languages/dockerfile';
import go from 'highlight.js/lib/languages/go';
import graphql from 'highlight.js/lib/languages/graphql';
import ini from 'highlight.js/lib/languages/ini';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import kotlin from 'highlight.js/lib/languages/kotlin';
import lua from 'highlight.js/lib/languages/lua';
import makefile from 'highlight.js/lib/languages/makefile';
import markdown from 'highlight.js/lib/languages/markdown';
import php from 'highlight.js/lib/languages/php';
import plaintext from 'highlight.js/lib/languages/plaintext';
import powershell from 'highlight.js/lib/languages/powershell';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import rust from 'highlight.js/lib/languages/rust';
import scss from 'highlight.js/lib/languages/scss';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import swift from 'highlight.js/lib/languages/swift';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import type { CODE_LANGUAGES } from '@/config/constants';

const languages: Record<(typeof CODE_LANGUAGES)[number], typeof bash> = {
  bash, c, cpp, csharp, css, diff, dockerfile, go, graphql, ini, java, javascript, json, kotlin, lua,
  makefile, markdown, php, plaintext, powershell, python, ruby, rust, scss, shell, sql, swift,
  typescript, xml, yaml,
};
for (const [name, language] of Object.entries(languages)) hljs.registerLanguage(name, language);
// Detection never guesses "plain text"; a block marked so stays plain.
hljs.configure({ languages: Object.keys(languages).filter((l) => l !== 'plaintext') });

/**
 * Colours a `<code class="language-x">` in place when x is known (aliases too: js, ts, sh,
 * html); a block without a language is coloured as the language detection finds most likely.
 */
export function highlightCode(code: HTMLElement) {
  if (code.dataset.highlighted) return;
  const lang = Array.from(code.classList)
    .find((cls) => cls.startsWith('language-'))
    ?.slice('language-'.length);
  if (lang && !hljs.getLanguage(lang)) return;
  hljs.highlightElement(code);
}
