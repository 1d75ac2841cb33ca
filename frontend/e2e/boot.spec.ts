import { expect, test, type Page } from '@playwright/test';
import { appStarted, listItems, richBlog } from './support';

// public/boot.js: the app's modules are requested after the server page's largest paint, or at
// once on the reader's first interaction; what the reader does on the server page's controls
// before React has replaced it is not lost (src/lib/boot-handoff.ts).

/** Holds the app's modules until release(): the server's page alone, for as long as a test needs. */
async function holdApp(page: Page) {
  let release!: () => void;
  let asked!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const requested = new Promise<void>((resolve) => (asked = resolve));
  await page.route('**/assets/**/*.js', async (route) => {
    asked();
    await gate;
    await route.continue();
  });
  return { requested, release };
}

const serverPage = (page: Page) => page.locator('#root noscript');

test.describe('before the app starts', () => {
  test('a burger click on the server page opens the menu once the app runs (375 px)', async ({ page, request }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const [blog] = await listItems(request, '/api/blogs?perPage=1');
    const app = await holdApp(page);
    await page.goto(`/blogs/${blog!.id}`, { waitUntil: 'load' });
    await expect(serverPage(page)).toBeAttached();

    await page.getByRole('button', { name: 'Open navigation' }).click();
    await app.requested;
    await expect(serverPage(page)).toBeAttached(); // still the server's page: the click was kept
    app.release();
    await appStarted(page);

    // Replayed exactly once: a second replay would have closed it again.
    const burger = page.locator('[data-control="nav"]');
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    await expect(burger).toHaveAccessibleName('Close navigation');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Archives' })).toBeInViewport();
  });

  test('the theme toggle works on the server page, and the app keeps the choice', async ({ page }) => {
    const app = await holdApp(page);
    await page.goto('/', { waitUntil: 'load' });
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');

    const serverToggle = page.getByRole('button', { name: 'Toggle color scheme' });
    await expect(serverToggle.locator('.tabler-icon-sun')).toBeVisible();
    await expect(serverToggle.locator('.tabler-icon-moon')).toBeHidden();
    await serverToggle.click();
    // At once, without the app: the scheme, the saved choice the app reads, the icon and title.
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await expect(serverToggle.locator('.tabler-icon-moon')).toBeVisible();
    await expect(serverToggle.locator('.tabler-icon-sun')).toBeHidden();
    await expect(serverToggle).toHaveAttribute('title', 'Switch to dark theme');
    expect(await page.evaluate(() => localStorage.getItem('folio-color-scheme'))).toBe('light');
    await expect(serverPage(page)).toBeAttached();

    app.release();
    await appStarted(page);
    // Applied once: the app neither flips it back nor again.
    const toggle = page.getByRole('button', { name: 'Toggle color scheme' });
    await expect(toggle).toHaveAttribute('title', 'Switch to dark theme');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await toggle.click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });

  test('Enter on a sidebar toggle of the server page is kept too (1280 px)', async ({ page }) => {
    const app = await holdApp(page);
    await page.goto('/about', { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Collapse left sidebar' }).focus();
    await page.keyboard.press('Enter');
    await app.requested;
    app.release();
    await appStarted(page);
    const toggle = page.locator('[data-control="left-sidebar"]');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toHaveAccessibleName('Expand left sidebar');
  });

  test('what is typed into the server page search box carries over, with the focus', async ({ page, request }) => {
    const matches = await listItems(request, '/api/content?q=go&perPage=8');
    expect(matches.length).toBeGreaterThan(0);
    const app = await holdApp(page);
    await page.goto('/', { waitUntil: 'load' });
    const serverBox = page.locator('[data-control="search"]:visible');
    await serverBox.click();
    await page.keyboard.type('go');
    await expect(serverBox).toHaveValue('go');
    await expect(serverPage(page)).toBeAttached();

    app.release();
    await appStarted(page);
    const box = page.getByRole('combobox', { name: 'Search titles' });
    await expect(box).toHaveValue('go');
    await expect(box).toBeFocused();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(matches.length);
    // The same box goes on taking typing.
    await page.keyboard.type('x');
    await expect(box).toHaveValue('gox');
  });

  test('the first interaction starts the app before the page has loaded', async ({ page }) => {
    // An image that never arrives: no load event, so only the interaction can start the app.
    await page.route('**/api/files/**', () => new Promise(() => {}));
    const app = await holdApp(page);
    let modules = 0;
    page.on('request', (req) => {
      if (req.url().includes('/assets/') && req.url().endsWith('.js')) modules++;
    });
    await page.goto('/about', { waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
    expect(modules).toBe(0);
    // A pointer press on the page's text (no control, no link).
    const title = await page.locator('main h1:visible').last().boundingBox();
    await page.mouse.click(title!.x + 4, title!.y + 4);
    await app.requested;
    app.release();
    await appStarted(page);
  });
});

test("the app's modules are requested after the page's largest paint", async ({ page, request }) => {
  // A blog with a cover (other specs add some without).
  const blog = (await listItems(request, '/api/blogs?perPage=100')).find((b) => b.media);
  expect(blog, 'a blog with a cover').toBeDefined();
  // Each largest-paint candidate as it is reported (React later removes the server's elements).
  await page.addInitScript(() => {
    const seen: { time: number; size: number; tag: string }[] = [];
    Object.assign(window, { seenLcp: seen });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { size: number; element: Element | null })[])
        seen.push({ time: e.startTime, size: e.size, tag: e.element?.tagName ?? '' });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(`/blogs/${blog!.id}`);
  await appStarted(page);
  // The web app manifest comes with the app: the server's HTML has no link to it (a browser may
  // fetch a linked manifest and its icons at once), boot.js adds it once the app starts.
  const html = await (await request.get(`/blogs/${blog!.id}`)).text();
  expect(html).not.toContain('rel="manifest"');
  await expect(page.locator('link[rel="manifest"][href="/manifest.webmanifest"]')).toHaveCount(1);
  const { largest, firstModule } = await page.evaluate(() => {
    const seen = (window as unknown as { seenLcp: { time: number; size: number; tag: string }[] }).seenLcp;
    const modules = performance.getEntriesByType('resource').filter((r) => /\/assets\/.*\.js$/.test(r.name));
    return {
      largest: seen.reduce((a, b) => (b.size > a.size ? b : a)),
      firstModule: Math.min(...modules.map((r) => r.startTime)),
    };
  });
  expect(largest.tag).toBe('IMG'); // the server page's cover
  expect(firstModule).toBeGreaterThanOrEqual(largest.time);
});

// Every stylesheet a public page needs, the lazily loaded parts' included, comes inline with the
// page: one arriving after the first paint made the browser restyle the whole page (a long task).
test('a public page fetches no stylesheet as the app starts', async ({ page, request }) => {
  const blog = await richBlog(request);
  const [project] = await listItems(request, '/api/projects?perPage=1');
  for (const path of ['/', `/blogs/${blog.id}`, `/projects/${project.id}`, '/about', '/categories', '/tags', '/archives']) {
    await page.goto(path);
    await appStarted(page);
    await page.waitForLoadState('networkidle');
    // The search box loads when the browser is idle (its placeholder has no inputmode).
    await expect(page.locator('input[data-control="search"][inputmode="search"]').first()).toBeAttached();
    const css = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((r) => r.name).filter((n) => /\.css(\?|$)/.test(n)),
    );
    expect(css, path).toEqual([]);
  }
});
