// `make lighthouse`: Lighthouse (mobile defaults) on Home, a blog, a project and /about of a
// demo site this script seeds and serves itself; prints the four scores and LCP per page.
// Env: FOLIO_BIN (default ../folio), PORT (default 8150), LH_KEEP=1 keeps the data dir.
import { spawn, execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const here = dirname(fileURLToPath(import.meta.url));
const bin = resolve(here, '..', process.env.FOLIO_BIN ?? '../folio');
const port = Number(process.env.PORT ?? 8150);
const base = `http://127.0.0.1:${port}`;
const outDir = resolve(here, '..', 'lighthouse-report');
// The same Chromium flags as the e2e tests; Lighthouse adds its own emulation on top.
const chromeFlags = createRequire(import.meta.url)('../chromium-flags.json');

const run = (...args) => execFileSync(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });

async function waitHealthy(deadline) {
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no answer from ${base} within 30 s`);
}

async function firstId(kind) {
  const res = await fetch(`${base}/api/${kind}?perPage=1`);
  const body = await res.json();
  if (!body.items?.length) throw new Error(`the demo site has no ${kind}`);
  return body.items[0].id;
}

const score = (lhr, id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);

async function main() {
  mkdirSync(outDir, { recursive: true });
  const tmp = mkdtempSync(join(outDir, 'data-'));
  run('seed', '--demo', '--dir', tmp);
  run('superuser', 'upsert', 'lighthouse@folio.local', 'lighthouse-pass-1', '--dir', tmp);
  const server = spawn(bin, ['serve', `--http=127.0.0.1:${port}`, `--dir=${tmp}`], { stdio: 'ignore' });
  const stop = () => {
    server.kill('SIGTERM');
    if (!process.env.LH_KEEP) rmSync(tmp, { recursive: true, force: true });
  };
  let chrome;
  try {
    await waitHealthy(Date.now() + 30_000);
    const pages = [
      ['Home', '/'],
      ['Blog', `/blogs/${await firstId('blogs')}`],
      ['Project', `/projects/${await firstId('projects')}`],
      ['About', '/about'],
    ];
    const rows = [];
    for (const [name, path] of pages) {
      // One warm-up load fills the server's caches, as a visitor after the first would see it.
      await fetch(base + path);
      let result;
      // A fresh Chromium per page; a run whose trace broke (NO_NAVSTART and kin) is retried.
      for (let attempt = 0; attempt < 3; attempt++) {
        chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags });
        try {
          result = await lighthouse(base + path, { port: chrome.port, output: 'json', logLevel: 'error' });
        } finally {
          await chrome.kill();
          chrome = undefined;
        }
        if (!result.lhr.runtimeError) break;
        console.error(`${name}: ${result.lhr.runtimeError.code}, running again`);
      }
      const lhr = result.lhr;
      writeFileSync(join(outDir, `${name.toLowerCase()}.json`), result.report);
      const audit = (id) => lhr.audits[id];
      rows.push({
        page: `${name} ${path}`,
        performance: score(lhr, 'performance'),
        accessibility: score(lhr, 'accessibility'),
        'best-practices': score(lhr, 'best-practices'),
        seo: score(lhr, 'seo'),
        LCP: audit('largest-contentful-paint').displayValue,
        FCP: audit('first-contentful-paint').displayValue,
        TBT: audit('total-blocking-time').displayValue,
        CLS: audit('cumulative-layout-shift').displayValue,
      });
      const failed = Object.values(lhr.categories)
        .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => lhr.audits[r.id]))
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
        .map((a) => a.id);
      if (failed.length) rows.at(-1).below = [...new Set(failed)].join(' ');
    }
    console.log(`Lighthouse ${lighthouseVersion()} mobile defaults, ${process.env.CHROME_PATH ?? '/usr/bin/chromium'}`);
    console.log('| page | Perf | A11y | BP | SEO | LCP | FCP | TBT | CLS |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of rows) {
      console.log(
        `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r['best-practices']} | ${r.seo} | ${r.LCP} | ${r.FCP} | ${r.TBT} | ${r.CLS} |`,
      );
    }
    for (const r of rows) if (r.below) console.log(`${r.page}: audits below 1: ${r.below}`);
    console.log(`Reports: ${outDir}/*.json`);
  } finally {
    await chrome?.kill();
    stop();
  }
}

function lighthouseVersion() {
  return createRequire(import.meta.url)('lighthouse/package.json').version;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
