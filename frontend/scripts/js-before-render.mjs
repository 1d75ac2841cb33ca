// The JS a browser fetched before a page's first render (its <h1> drawn by React), gzipped as
// the server sends it: `node scripts/js-before-render.mjs http://127.0.0.1:8150 / /blogs/ID`.
import { chromium } from '@playwright/test';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';

const flags = createRequire(import.meta.url)('../chromium-flags.json');
const [base, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: flags });
for (const path of paths) {
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  const scripts = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script') scripts.push(res);
  });
  await page.goto(base + path);
  // React's page has the shell's header; the server's article has none.
  await page.locator('header h1, main h1, #main-content h1').first().waitFor();
  const rendered = [...scripts];
  let total = 0;
  for (const res of rendered) total += gzipSync(await res.body(), { level: 9 }).length;
  console.log(`${(total / 1000).toFixed(1).padStart(7)} kB gzip in ${rendered.length} scripts before the first render of ${path}`);
  await page.close();
}
await browser.close();
