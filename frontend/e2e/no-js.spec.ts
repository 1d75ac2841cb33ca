import { expect, test } from '@playwright/test';

// A reader without JavaScript (and a crawler) gets the article and the links in the server's HTML.
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Home links to a post, whose title and body can be read', async ({ page, request }) => {
    await page.goto('/');
    const blogLink = page.locator('#root a[href^="/blogs/"]').first();
    const href = await blogLink.getAttribute('href');
    expect(href).toMatch(/^\/blogs\/[^/]+$/);
    const detail = await (await request.get(`/api${href}`)).json();
    const firstWords = detail.excerpt.split(/\s+/).slice(0, 6).join(' ');

    await blogLink.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(detail.title);
    await expect(page.locator('#root')).toContainText(firstWords);
    await expect(page.locator('#root')).toContainText(`By ${detail.author}`);
    await expect(page.locator('#root')).not.toContainText('needs JavaScript');
  });

  test('every post is reachable from Home through the pages and the archives', async ({ page, request }) => {
    const all = await (await request.get('/api/content?perPage=100')).json();
    await page.goto('/');
    await page.locator('#root').getByRole('link', { name: 'Archives', exact: true }).click();
    const hrefs = await page.locator('#root a[href^="/blogs/"], #root a[href^="/projects/"]').evaluateAll((links) =>
      links.map((a) => a.getAttribute('href')),
    );
    for (const item of all.items) {
      expect(hrefs).toContain(`/${item.type === 'project' ? 'projects' : 'blogs'}/${item.id}`);
    }
    await page.goto('/');
    await page.locator('#root a[rel="next"]').click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(page.locator('#root article')).toHaveCount(10);
  });
});
