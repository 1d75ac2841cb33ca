// Usage (after `make build`): node scripts/first-render-js.mjs ../pb_public home blog project
// gzip size of the JS a page needs before its first render: the entry chunk named by
// index.html plus the route's lazy chunk, each with its static imports, recursively.
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
const dir = process.argv[2] ?? "../pb_public";
const html = readFileSync(`${dir}/index.html`, 'utf8');
const entry = html.match(/<script type="module"[^>]*src="\/assets\/([^"]+)"/)[1];
const files = readdirSync(`${dir}/assets`);
const imports = (f) => {
  const src = readFileSync(`${dir}/assets/${f}`, 'utf8');
  // static imports only: `import ... from"./x.js"` and `import"./x.js"`, not import("./x.js")
  return [...src.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((m) => m[1]);
};
const closure = (start) => {
  const seen = new Set();
  const walk = (f) => { if (seen.has(f)) return; seen.add(f); imports(f).forEach(walk); };
  start.forEach(walk);
  return seen;
};
const gz = (set) => [...set].reduce((n, f) => n + gzipSync(readFileSync(`${dir}/assets/${f}`), { level: 9 }).length, 0);
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const entrySet = closure([entry]);
console.log(`entry ${entry} + static imports: ${entrySet.size} files, ${kib(gz(entrySet))}`);
for (const route of process.argv.slice(3)) {
  const chunk = files.find((f) => f.startsWith(`${route}-`) && f.endsWith('.js'));
  const set = closure([entry, chunk]);
  console.log(`${route}: ${set.size} files, ${kib(gz(set))} gzip before first render`);
}
