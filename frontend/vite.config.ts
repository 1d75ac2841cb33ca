/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
 * index.html (sign-in and the dashboard) for a first paint that waits for no stylesheet: the
 * entry's stylesheets go in as <style> (each <link> stays, disabled and never fetched, so Vite's
 * loader of lazy chunks sees the file as loaded and does not apply it a second time later in the
 * cascade).
 */
function firstPaintHtml(): Plugin {
  return {
    name: 'folio-first-paint-html',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const inline = (file: string, link: string) => {
          const asset = ctx.bundle?.[file];
          if (!asset || asset.type !== 'asset') return link;
          return `<style>${String(asset.source).replaceAll('</style', '<\\/style')}</style>${link.replace('>', ' disabled>')}`;
        };
        return html.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g, (link, file: string) =>
          inline(file, link),
        );
      },
    },
  };
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
    // The React app (index.html), and the public pages' stylesheets and islands, which the Go
    // server finds by the names in .vite/manifest.json (site/assets.go): site.css's critical
    // part goes inline into every page, and site.css whole, interactive.css and the islands
    // load after the page's first paint (pages/theme.go).
    manifest: true,
    rollupOptions: {
      input: {
        app: fileURLToPath(new URL('./index.html', import.meta.url)),
        site: fileURLToPath(new URL('./src/site/site.css', import.meta.url)),
        'site-interactive': fileURLToPath(new URL('./src/site/interactive.css', import.meta.url)),
        islands: fileURLToPath(new URL('./src/islands/main.ts', import.meta.url)),
      },
    },
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
