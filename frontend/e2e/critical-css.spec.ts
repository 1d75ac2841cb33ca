import { expect, test, type Page } from '@playwright/test';
import { expectHoverStyled, getJSON, listItems, richBlog, THEMES, useTheme, WIDTHS } from './support';

// A page paints with only its critical CSS inline (pages/stylesheet.go) and loads the site's
// whole stylesheet, one content-hashed file, after its first paint. That file may bring what a
// reader's act or an island brings about, and nothing else: when it arrives, no element and no
// ::before or ::after on any public page kind changes its computed style, at the spec's three
// widths in both themes.

/** The longhand properties that any rule of the stylesheets in texts sets: only these can
 * change when a stylesheet arrives (inherited ones reach the children too, and are here). */
const propertiesOf = (texts: string[]) => {
  const names = new Set<string>();
  const walk = (rules: CSSRuleList) => {
    for (const rule of Array.from(rules)) {
      if (rule instanceof CSSStyleRule) for (let i = 0; i < rule.style.length; i++) if (!rule.style[i]!.startsWith('--')) names.add(rule.style[i]!);
      if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
    }
  };
  for (const text of texts) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    walk(sheet.cssRules);
  }
  return [...names];
};

/** Those properties of every element in <body> and of its ::before and ::after, computed. An
 * element that is not rendered (display: none, as a closed menu is), or a pseudo-element without
 * content, shows no style: it is only marked so. */
const snapshot = (props: string[]) =>
  Array.from(document.querySelectorAll('body, body *')).flatMap((el) => {
    const shown = el.checkVisibility();
    return [null, '::before', '::after'].map((pseudo) => {
      if (!shown) return 'not rendered';
      const cs = getComputedStyle(el, pseudo);
      if (pseudo && (cs.content === 'none' || cs.content === 'normal')) return 'no content';
      return props.map((p) => cs.getPropertyValue(p)).join(';');
    });
  });

async function pagePaths(request: Parameters<typeof richBlog>[0]) {
  const blog = await richBlog(request);
  const project = (await listItems(request, '/api/projects?perPage=1'))[0]!;
  const tags = await getJSON<{ name: string }[]>(request, '/api/tags');
  const categories = await getJSON<{ name: string }[]>(request, '/api/categories');
  return [
    '/', '/?page=2', '/blogs', '/projects', `/blogs/${blog.id}`, `/projects/${project.id}`, '/categories',
    `/categories?category=${encodeURIComponent(categories[0]!.name)}&open=true`, '/tags', `/tags?tag=${encodeURIComponent(tags[0]!.name)}`,
    '/archives', '/about', '/search?q=go', '/no-such-page',
  ];
}

/** Loads path with its stylesheets held back until the page has painted, and returns what changed once they applied. */
async function restyled(page: Page, path: string) {
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/assets/site-*.css', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path);
  // The theme script has added the stylesheets' links (after the first paint): they are held.
  await page.waitForFunction(() => document.querySelectorAll('link[rel="stylesheet"]').length >= 2);
  const sheets = await page.evaluate(() => Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'), (l) => l.getAttribute('href')));
  // What the held stylesheets can set, read from their text (fetched past the page's hold).
  const texts = await Promise.all(sheets.map(async (h) => (await page.request.get(h!)).text()));
  await page.evaluate(`window.__props = (${propertiesOf.toString()})(${JSON.stringify(texts)});
    window.__before = (${snapshot.toString()})(window.__props)`);
  release();
  await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).every((l) => l.sheet));
  const diff = await page.evaluate(`(() => {
    const props = window.__props, before = window.__before;
    const after = (${snapshot.toString()})(props);
    const els = Array.from(document.querySelectorAll('body, body *'));
    const out = [];
    if (after.length !== before.length) out.push('element count ' + before.length + ' -> ' + after.length);
    for (let i = 0; i < after.length && out.length < 5; i++) {
      if (after[i] === before[i]) continue;
      const a = before[i].split(';'), b = after[i].split(';');
      const changed = b.length === a.length ? props.filter((p, k) => a[k] !== b[k]).slice(0, 4).map((p) => p + ': ' + a[props.indexOf(p)] + ' -> ' + b[props.indexOf(p)]).join('; ') : before[i] + ' -> ' + after[i];
      const el = els[Math.floor(i / 3)];
      out.push(el.tagName.toLowerCase() + '.' + String(el.className).replace(/ /g, '.') + ['', '::before', '::after'][i % 3] + ': ' + changed);
    }
    return out;
  })()`);
  await page.unroute('**/assets/site-*.css');
  return { sheets, diff: diff as string[] };
}

test.describe('critical CSS', () => {
  // Islands never start here: the test sees the stylesheets' effect alone.
  test.beforeEach(async ({ page }) => {
    await page.route('**/assets/islands-*.js', (route) => route.abort());
  });

  for (const theme of THEMES) {
    for (const width of WIDTHS) {
      test(`the site's stylesheet changes nothing the first paint showed: ${theme}, ${width}px`, async ({ page, request }) => {
        test.setTimeout(120_000);
        await useTheme(page, theme);
        await page.setViewportSize({ width, height: 800 });
        for (const path of await pagePaths(request)) {
          const { sheets, diff } = await restyled(page, path);
          expect(sheets.some((h) => /^\/assets\/site-[\w-]{8}\.css$/.test(h ?? '')), `${path}: the site's stylesheet is loaded`).toBe(true);
          expect(diff, `${path} restyled when the site's stylesheet arrived`).toEqual([]);
        }
      });
    }
  }
});

test("the site's stylesheet is one content-hashed file, cached for a year, and brings the pointer's states", async ({ page, request }) => {
  await page.goto('/');
  await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).some((l) => l.sheet && /\/assets\/site-[\w-]{8}\.css$/.test(l.href)));
  const href = await page.evaluate(() => Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'), (l) => l.getAttribute('href')).find((h) => /^\/assets\/site-[\w-]{8}\.css$/.test(h ?? ''))!);
  const res = await request.get(href);
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(res.headers()['content-type']).toContain('text/css');
  // The page's inline CSS leaves :hover to the file: a hovered nav link takes its background.
  const inline = await page.evaluate(() => document.querySelector('style')!.textContent!);
  expect(inline).not.toContain(':hover');
  expect(inline.length).toBeLessThanOrEqual(14_000);
  await expectHoverStyled(page);
});
