// Screenshots of every public screen (375/900/1280) and the dashboard's tabs (375/1440), both
// themes, for before/after comparisons (not a test):
//   BASE=http://127.0.0.1:8213 OUT=/tmp/shots node e2e/tools/shoot-public.mjs
// COMPARE=/tmp/before compares each new PNG with the same name there and prints the share of
// pixels that differ (0 = identical).
import { launch, ownerSession } from './shoot-kit.mjs';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const BASE = process.env.BASE ?? 'http://127.0.0.1:8213';
const OUT = process.env.OUT ?? '/tmp/shots';
const COMPARE = process.env.COMPARE;
const schemes = (process.env.SCHEMES ?? 'dark,light').split(',');
const widths = (process.env.WIDTHS ?? '375,900,1280').split(',').map(Number);
const dashWidths = (process.env.DASH_WIDTHS ?? '375,1440').split(',').map(Number);
mkdirSync(OUT, { recursive: true });

const first = async (kind) => (await (await fetch(`${BASE}/api/${kind}?perPage=1`)).json()).items[0];
const blog = await first('blogs');
const project = await first('projects');
const pages = {
  home: '/', blogs: '/blogs', blog: `/blogs/${blog.id}`, projects: '/projects', project: `/projects/${project.id}`,
  categories: '/categories', tags: '/tags', tag: `/tags?tag=${encodeURIComponent(blog.tags[0] ?? '')}`,
  archives: '/archives', about: '/about', search: '/search?q=sqlite', login: '/login', register: '/register', notfound: '/no-such-page',
};
const tabs = ['analytics', 'blog', 'project', 'profile', 'about', 'admins'];
const only = process.argv.slice(2);

const browser = await launch();
const session = await ownerSession(BASE);

const shots = [];
async function shoot(page, name) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(900);
  const path = `${OUT}/${name}.png`;
  await page.screenshot({ path, fullPage: true, animations: 'disabled', caret: 'hide' });
  shots.push(name);
}

for (const scheme of schemes) {
  for (const signedIn of [false, true]) {
    const ctx = await browser.newContext({ reducedMotion: 'reduce' });
    await ctx.addInitScript(
      ([auth, s]) => {
        if (auth) localStorage.setItem('pocketbase_auth', auth);
        localStorage.setItem('folio-color-scheme', s);
      },
      [signedIn ? session : '', scheme],
    );
    const page = await ctx.newPage();
    if (!signedIn) {
      for (const w of widths) {
        await page.setViewportSize({ width: w, height: 900 });
        for (const [name, path] of Object.entries(pages)) {
          if (only.length && !only.includes(name)) continue;
          await page.goto(BASE + path);
          await shoot(page, `${name}-${w}-${scheme}`);
        }
      }
    } else {
      for (const w of dashWidths) {
        await page.setViewportSize({ width: w, height: 900 });
        for (const tab of tabs) {
          if (only.length && !only.includes(`admin-${tab}`)) continue;
          await page.goto(`${BASE}/admin?tab=${tab}`);
          await page.waitForSelector('[role="tablist"]');
          await shoot(page, `admin-${tab}-${w}-${scheme}`);
        }
      }
    }
    await ctx.close();
  }
}

if (COMPARE) {
  const page = await browser.newPage();
  for (const name of shots) {
    const before = `${COMPARE}/${name}.png`;
    if (!existsSync(before)) {
      console.log(`${name}: no before`);
      continue;
    }
    const a = readFileSync(before).toString('base64');
    const b = readFileSync(`${OUT}/${name}.png`).toString('base64');
    const diff = await page.evaluate(
      async ([a, b]) => {
        const load = async (s) => createImageBitmap(await (await fetch(`data:image/png;base64,${s}`)).blob());
        const [ia, ib] = await Promise.all([load(a), load(b)]);
        if (ia.width !== ib.width || ia.height !== ib.height) return `size ${ia.width}x${ia.height} -> ${ib.width}x${ib.height}`;
        const data = (img) => {
          const c = new OffscreenCanvas(img.width, img.height);
          const g = c.getContext('2d');
          g.drawImage(img, 0, 0);
          return g.getImageData(0, 0, img.width, img.height).data;
        };
        const da = data(ia);
        const db = data(ib);
        let n = 0;
        for (let i = 0; i < da.length; i += 4) {
          if (Math.abs(da[i] - db[i]) + Math.abs(da[i + 1] - db[i + 1]) + Math.abs(da[i + 2] - db[i + 2]) > 24) n++;
        }
        return n / (da.length / 4);
      },
      [a, b],
    );
    console.log(`${name}: ${typeof diff === 'number' ? diff.toFixed(5) : diff}`);
  }
}
await browser.close();
