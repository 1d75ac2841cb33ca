// Screenshots of every dashboard tab at 375, 1000 and 1440 px in both themes (not a test):
//   BASE=http://127.0.0.1:8121 OUT=/tmp/shots node e2e/tools/shoot-dashboard.mjs [tab...]
import { launch, ownerSession } from './shoot-kit.mjs';

const BASE = process.env.BASE ?? 'http://127.0.0.1:8121';
const OUT = process.env.OUT ?? '/tmp/shots';
const tabs = process.argv.slice(2).length ? process.argv.slice(2) : ['analytics', 'blog', 'project', 'profile', 'about', 'admins'];
const widths = (process.env.WIDTHS ?? '375,1000,1440').split(',').map(Number);
const schemes = (process.env.SCHEMES ?? 'dark,light').split(',');

const browser = await launch();
const session = await ownerSession(BASE);
for (const scheme of schemes) {
  const ctx = await browser.newContext();
  await ctx.addInitScript(
    ([auth, s]) => {
      localStorage.setItem('pocketbase_auth', auth);
      localStorage.setItem('folio-color-scheme', s);
    },
    [session, scheme],
  );
  const page = await ctx.newPage();
  for (const w of widths) {
    await page.setViewportSize({ width: w, height: 900 });
    for (const tab of tabs) {
      await page.goto(`${BASE}/admin?tab=${tab}${process.env.EXTRA ?? ''}`);
      await page.waitForSelector('[role="tablist"]');
      await page.waitForTimeout(1200);
      if (process.env.ACTION === 'new') await page.getByRole('button', { name: /^New / }).first().click().catch(() => {});
      if (process.env.ACTION === 'edit') await page.getByRole('button', { name: /^Edit/ }).first().click().catch(() => {});
      await page.waitForTimeout(800);
      if (process.env.SCROLL) await page.locator(process.env.SCROLL).first().scrollIntoViewIfNeeded().catch(() => {});
      await page.screenshot({ path: `${OUT}/${tab}${process.env.ACTION ? '-' + process.env.ACTION : ''}-${w}-${scheme}.png`, fullPage: !process.env.SCROLL });
    }
  }
  await ctx.close();
}
await browser.close();
