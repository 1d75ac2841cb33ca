/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `npm run dev` proxies the API to a running Folio (`make run` serves on 8090).
const apiTarget = process.env.FOLIO_API ?? 'http://127.0.0.1:8090';
const proxy = Object.fromEntries(
  ['/api', '/rss.xml', '/atom.xml', '/feed.json', '/sitemap.xml', '/robots.txt', '/_'].map(
    (prefix) => [prefix, { target: apiTarget, changeOrigin: false }],
  ),
);

export default defineConfig({
  plugins: [react()],
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
