import { expect, test, type Page } from '@playwright/test';
import { axeViolations, expectNoHorizontalScroll, listItems, THEMES, useTheme } from './support';

/** Every public screen, with what shows it is ready. */
async function publicScreens(request: Parameters<typeof listItems>[0]) {
  const [blog] = await listItems(request, '/api/blogs?perPage=1');
  const [project] = await listItems(request, '/api/projects?perPage=1');
  const main = blog!.categories[0]!;
  return [
    { path: '/', ready: (p: Page) => p.getByRole('main').getByRole('article').first() },
    { path: '/blogs', ready: (p: Page) => p.getByRole('main').getByRole('article').first() },
    { path: '/projects', ready: (p: Page) => p.getByRole('main').getByRole('article').first() },
    { path: `/blogs/${blog!.id}`, ready: (p: Page) => p.getByRole('heading', { name: 'Further Reading' }) },
    { path: `/projects/${project!.id}`, ready: (p: Page) => p.getByRole('heading', { name: 'Further Reading' }) },
    { path: `/categories?category=${encodeURIComponent(main)}&open=true`, ready: (p: Page) => p.getByRole('main').getByRole('region').first() },
    { path: `/tags?tag=${encodeURIComponent(blog!.tags[0]!)}`, ready: (p: Page) => p.getByRole('main').getByRole('article').first() },
    { path: '/archives', ready: (p: Page) => p.getByRole('main').getByRole('listitem').first() },
    { path: '/about', ready: (p: Page) => p.getByRole('region', { name: 'Motivation' }) },
    { path: '/login', ready: (p: Page) => p.getByRole('button', { name: 'Sign in' }) },
    { path: '/register', ready: (p: Page) => p.locator('form') },
    { path: '/forget-password', ready: (p: Page) => p.locator('form') },
    { path: '/no-such-page', ready: (p: Page) => p.getByRole('heading', { name: 'Page not found' }) },
  ];
}

for (const theme of THEMES) {
  test(`every public screen: no WCAG 2.1 AA violation, nothing from another origin (${theme})`, async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    await useTheme(page, theme);
    const foreign: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(baseURL!) && !r.url().startsWith('data:')) foreign.push(r.url());
    });
    const failures: string[] = [];
    for (const screen of await publicScreens(request)) {
      await page.goto(screen.path);
      await expect(screen.ready(page)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
      const violations = await axeViolations(page);
      if (violations.length) failures.push(`${screen.path}: ${JSON.stringify(violations, null, 1)}`);
    }
    expect(failures, failures.join('\n')).toEqual([]);
    expect(foreign).toEqual([]);
  });
}

test('no page scrolls sideways at 375', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 800 });
  for (const screen of await publicScreens(request)) {
    await page.goto(screen.path);
    await expect(screen.ready(page)).toBeVisible();
    await expectNoHorizontalScroll(page);
  }
});
