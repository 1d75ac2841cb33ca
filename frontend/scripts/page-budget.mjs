// The public pages' weight budget (issue 26), checked on the built binary with the demo site:
// Home and an item page at most 60 kB of HTML and 15 kB gzip; on every public page of the demo
// site the critical CSS inline at most 14 kB (and present: the first paint needs no stylesheet
// request), with the site's whole stylesheet as one content-hashed file the page loads after its
// paint (and a <noscript> link); the islands' JS at most 90 kB gzip on an item page (every
// chunk the islands entry can load),
// and no JavaScript beyond the inline theme script, the islands' module, JSON-LD and the
// speculation rules. Run after `make build`: `FOLIO_BIN=../folio npm run budget`.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const HTML_MAX = 60_000;
export const HTML_GZIP_MAX = 15_000;
export const ISLANDS_GZIP_MAX = 90_000;
// The inline stylesheet (critical CSS), as written (its gzip is about a quarter of it).
export const INLINE_CSS_MAX = 14_000;

/** The page's critical CSS, and whether it names the site's stylesheet file twice: for the
 * theme script to load after the paint (data-css) and in a <noscript> link. */
export function pageStyles(html) {
  const inline = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
  const file = /<noscript><link rel="stylesheet" href="(\/assets\/site-[\w-]{8}\.css)"><\/noscript>/.exec(html)?.[1];
  const loaded = file !== undefined && new RegExp(`data-css="${file}[ "]`).test(html);
  return { inline, file, loaded };
}

const here = dirname(fileURLToPath(import.meta.url));
const out = resolve(here, '..', process.env.BUILD_DIR ?? '../pb_public');
const bin = resolve(here, '..', process.env.FOLIO_BIN ?? '../folio');
const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const kb = (n) => `${(n / 1000).toFixed(1)} kB`;

const freePort = () =>
  new Promise((done) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => done(port));
    });
  });

/** Every JS file the islands entry loads, statically or on demand, from Vite's manifest. */
export function islandFiles(manifest) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])].forEach(visit);
  };
  visit('src/islands/main.ts');
  return [...files].filter((f) => f.endsWith('.js'));
}

/** The page's scripts that are not allowed: anything but the theme script, modules, data. */
export function strayScripts(html) {
  const stray = [];
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const type = /\btype="([^"]+)"/.exec(attrs)?.[1] ?? '';
    if (type === 'module' && /\bsrc="\/assets\//.test(attrs) && body === '') continue;
    if (type === 'application/ld+json' || type === 'speculationrules') continue;
    if (type === '' && body.startsWith('/*folio-theme*/')) continue;
    stray.push(`<script${attrs}>${body.slice(0, 40)}`);
  }
  return stray;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'folio-budget-'));
  const port = await freePort();
  const seed = spawnSync(bin, ['seed', '--demo', '--items', '30', `--dir=${dir}`], { encoding: 'utf8' });
  if (seed.status !== 0) throw new Error(`seed failed: ${seed.stderr}`);
  const server = spawn(bin, ['serve', `--http=127.0.0.1:${port}`, `--dir=${dir}`], { stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  let failed = false;
  try {
    for (let i = 0; i < 100; i++) {
      if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const blog = (await (await fetch(`${base}/api/blogs?perPage=1`)).json()).items[0];
    for (const path of ['/', `/blogs/${blog.id}`]) {
      const html = Buffer.from(await (await fetch(base + path)).arrayBuffer());
      const over = html.length > HTML_MAX || gz(html) > HTML_GZIP_MAX;
      console.log(`${kb(html.length).padStart(9)} HTML, ${kb(gz(html)).padStart(8)} gzip  ${path}${over ? '  OVER' : ''}`);
      const stray = strayScripts(html.toString('utf8'));
      if (stray.length) console.log(`  scripts beyond the theme script and modules: ${stray.join(', ')}`);
      failed ||= over || stray.length > 0;
    }
    // The critical CSS of every public page kind and of every item of the demo site.
    const all = (await (await fetch(`${base}/api/content?perPage=100`)).json()).items;
    const pagesToCheck = ['/', '/blogs', '/projects', '/categories', '/tags', '/archives', '/about', '/search?q=go', '/no-such-page',
      ...all.map((i) => `/${i.type === 'project' ? 'projects' : 'blogs'}/${i.id}`)];
    let largest = { size: 0, path: '', inline: '' };
    for (const path of pagesToCheck) {
      const { inline, file, loaded } = pageStyles(await (await fetch(base + path)).text());
      const size = Buffer.byteLength(inline);
      if (size > largest.size) largest = { size, path, inline };
      if (size > INLINE_CSS_MAX || size === 0 || !loaded) {
        console.log(`${kb(size).padStart(9)} CSS inline in ${path}${size > INLINE_CSS_MAX ? '  OVER' : ''}${size === 0 ? '  NONE' : ''}${loaded ? '' : `  the site's stylesheet file is not linked (${file})`}`);
        failed = true;
      }
    }
    console.log(`${kb(largest.size).padStart(9)} CSS inline at most, in ${largest.path} (${kb(gz(Buffer.from(largest.inline)))} gzip), of ${pagesToCheck.length} pages`);
    const manifest = JSON.parse(readFileSync(join(out, '.vite/manifest.json'), 'utf8'));
    let islands = 0;
    for (const file of islandFiles(manifest)) {
      const size = gz(readFileSync(join(out, file)));
      islands += size;
      console.log(`${kb(size).padStart(9)} gzip  /${file}`);
    }
    const over = islands > ISLANDS_GZIP_MAX;
    console.log(`${kb(islands).padStart(9)} gzip  islands JS on an item page, budget ${kb(ISLANDS_GZIP_MAX)}${over ? '  OVER' : ''}`);
    console.log(`budgets: HTML ${kb(HTML_MAX)} / ${kb(HTML_GZIP_MAX)} gzip for Home and an item page, critical CSS inline ${kb(INLINE_CSS_MAX)}`);
    failed ||= over;
  } finally {
    server.kill();
    rmSync(dir, { recursive: true, force: true });
  }
  if (failed) process.exit(1);
}

await main();
