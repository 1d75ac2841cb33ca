/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// Mantine's AppShell imports react-remove-scroll for one class name; that import alone put
// the whole package (5 kB gzip) into every page's first JS. Modals still get the real one.
const appShellRemoveScroll: Plugin = {
  name: 'folio-app-shell-remove-scroll',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === 'react-remove-scroll' && importer?.includes('/@mantine/core/esm/components/AppShell/')) {
      return fileURLToPath(new URL('./src/lib/app-shell-remove-scroll.ts', import.meta.url));
    }
    return null;
  },
};

// `npm run dev` proxies the API to a running Folio (`make run` serves on 8090).
const apiTarget = process.env.FOLIO_API ?? 'http://127.0.0.1:8090';
const proxy = Object.fromEntries(
  ['/api', '/rss.xml', '/atom.xml', '/feed.json', '/sitemap.xml', '/robots.txt', '/_'].map(
    (prefix) => [prefix, { target: apiTarget, changeOrigin: false }],
  ),
);

export default defineConfig({
  plugins: [appShellRemoveScroll, react()],
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
