/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';

// Four of Mantine's imports swapped for lighter ones of the same behaviour: AppShell's
// react-remove-scroll (one class name; the whole package, 5 kB gzip, was in every page's
// first JS; modals still get the real one), @mantine/hooks' useId and useReducedMotion (no
// re-render on mount) and the default theme's variables table (built on first use, not at load).
// [the import as Mantine writes it, the Mantine folder importing it, our file]; each file says why.
const MANTINE_SHIMS: [(source: string) => boolean, string, string][] = [
  [(s) => s === 'react-remove-scroll', '/@mantine/core/esm/components/AppShell/', './src/lib/app-shell-remove-scroll.ts'],
  [(s) => s.endsWith('/use-id/use-id.mjs'), '/@mantine/hooks/esm/', './src/lib/mantine-use-id.ts'],
  [(s) => s.endsWith('/use-reduced-motion/use-reduced-motion.mjs'), '/@mantine/hooks/esm/', './src/lib/mantine-use-reduced-motion.ts'],
  [(s) => s.endsWith('/remove-default-variables.mjs'), '/@mantine/core/esm/', './src/lib/mantine-remove-default-variables.ts'],
];

const mantineShims: Plugin = {
  name: 'folio-mantine-shims',
  enforce: 'pre',
  resolveId(source, importer) {
    const shim = MANTINE_SHIMS.find(([matches, from]) => matches(source) && importer?.includes(from));
    return shim ? fileURLToPath(new URL(shim[2], import.meta.url)) : null;
  },
};

// `npm run dev` proxies the API to a running Folio (`make run` serves on 8090).
const apiTarget = process.env.FOLIO_API ?? 'http://127.0.0.1:8090';
const proxy = Object.fromEntries(
  ['/api', '/rss.xml', '/atom.xml', '/feed.json', '/sitemap.xml', '/robots.txt', '/_'].map(
    (prefix) => [prefix, { target: apiTarget, changeOrigin: false }],
  ),
);

/**
 * index.html for a first paint that waits for nothing: the entry's stylesheets go in as <style>
 * (each <link> stays, disabled and never fetched, so Vite's loader of lazy chunks sees the file
 * as loaded and does not apply it a second time later in the cascade), and the entry script and
 * its modulepreloads become one deferred public/boot.js tag that loads them after the page.
 */
function firstPaintHtml(): Plugin {
  return {
    name: 'folio-first-paint-html',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        // React starts after the page's load event: public/boot.js loads the entry and its
        // modulepreloads then, so they never compete with the server's page and its images.
        const preloads: string[] = [];
        let entry = '';
        html = html
          .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_tag, src: string) => {
            entry = src;
            return '';
          })
          .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
            preloads.push(href);
            return '';
          });
        if (entry) {
          html = html.replace(
            '</head>',
            `  <script src="/boot.js" data-entry="${entry}" data-preload="${preloads.join(' ')}" defer></script>\n  </head>`,
          );
        }
        const inline = (file: string, link: string) => {
          const asset = ctx.bundle?.[file];
          if (!asset || asset.type !== 'asset') return link;
          return `<style>${String(asset.source).replaceAll('</style', '<\\/style')}</style>${link.replace('>', ' disabled>')}`;
        };
        html = html.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g, (link, file: string) =>
          inline(file, link),
        );
        // The stylesheets of the chunks a public page loads as the app starts go in the same
        // way, after the entry's (where Vite's loader would append them): each one arriving
        // later made the browser restyle the whole page, a long task (~110 ms at 4x CPU) apiece.
        const lazy = publicStartCss(ctx.bundle).filter((file) => !html.includes(`href="/${file}"`));
        const links = lazy.map((file) => inline(file, `<link rel="stylesheet" crossorigin href="/${file}">`)).join('');
        return html.replace('</head>', `${links}</head>`);
      },
    },
  };
}

/** The modules a public page loads lazily as the app starts: its route, and what the shell loads when idle. */
const PUBLIC_START = [/\/src\/app\/routes\/(public\/|not-found)/, /\/components\/(notifications|search-box|social-links)\.tsx$/];

/** The CSS files of the public start chunks and of every chunk they import statically, in a stable order. */
function publicStartCss(bundle: Rollup.OutputBundle | undefined): string[] {
  if (!bundle) return [];
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (name: string) => {
    const chunk = bundle[name];
    if (seen.has(name) || !chunk || chunk.type !== 'chunk' || chunk.isEntry) return;
    seen.add(name);
    chunk.imports.forEach(visit);
    chunk.viteMetadata?.importedCss.forEach((file) => css.add(file));
  };
  Object.values(bundle)
    .filter((c) => c.type === 'chunk' && c.isDynamicEntry && PUBLIC_START.some((re) => re.test(c.facadeModuleId ?? '')))
    .map((c) => c.fileName)
    .sort()
    .forEach(visit);
  return [...css];
}

export default defineConfig({
  plugins: [mantineShims, react(), firstPaintHtml()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    // The Go binary embeds this folder (//go:embed all:pb_public).
    outDir: '../pb_public',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
  },
  server: { proxy },
  preview: { proxy },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/__tests__/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
    css: false,
    // CI machines have 2 shared cores; a jsdom render of Mantine can take seconds there.
    testTimeout: 30_000,
  },
});
