import { expect, test } from '@playwright/test';

test.describe('smoke', () => {
  test('home lists demo content and a card opens its blog', async ({ page, request }, testInfo) => {
    await page.goto('/');
    const main = page.getByRole('main');
    const cards = main.getByRole('article');
    await expect(cards.first()).toBeVisible();
    // Demo content has 24 items: a full first page and the pager.
    await expect(cards).toHaveCount(10);
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Sidebar' }).getByText('Recently Updated')).toBeVisible();

    await page.screenshot({ path: testInfo.outputPath('home.png'), fullPage: true });
    await page.screenshot({ path: 'test-results/home.png', fullPage: true });

    const blogLink = main.locator('article[data-type="blog"] a[href^="/blogs/"]').first();
    const href = await blogLink.getAttribute('href');
    expect(href).toMatch(/^\/blogs\/[^/]+$/);
    const detail = await (await request.get(`/api${href}`)).json();

    await blogLink.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(detail.title);
    await page.screenshot({ path: 'test-results/blog.png', fullPage: true });
  });

  test('theme toggle flips the colour scheme and keeps it across a reload', async ({ page }) => {
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');

    // The server page's toggle works before the app has started (public/boot.js).
    await page.getByRole('button', { name: 'Toggle color scheme' }).click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');

    await page.reload();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  });

  test('an unknown path shows the Not Found page', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });
});
