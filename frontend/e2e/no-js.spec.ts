import { expect, test } from '@playwright/test';
import { expectHoverStyled } from './support';

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

  test('paging, a tag, an open category and search are pages of their own', async ({ page, request }) => {
    // Paging: numbered pages, Previous and Next are links.
    await page.goto('/blogs');
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/blogs\?page=2$/);
    await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('link', { name: 'Previous' }).click();
    await expect(page).toHaveURL(/\/blogs$/);

    // A tag: its toggle is a link to the tag's page, pressed there, with its items.
    const [tag] = await (await request.get('/api/tags')).json();
    const tagged = await (await request.get(`/api/tags/${encodeURIComponent(tag.name)}`)).json();
    await page.goto('/tags');
    await page.getByRole('group', { name: 'Tags' }).getByRole('button', { name: `${tag.name} (${tag.count})` }).click();
    await expect(page).toHaveURL(`/tags?tag=${encodeURIComponent(tag.name)}`);
    await expect(page.getByRole('button', { name: `${tag.name} (${tag.count})` })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(tagged.items.length);

    // An open category: its sub-categories with their counts; a sub-category opens its items.
    const categories = await (await request.get('/api/categories')).json();
    const main = categories.find((c: { subcategories: unknown[] }) => c.subcategories.length > 0);
    await page.goto('/categories');
    await page.getByRole('button', { name: new RegExp(`^${main.name}`) }).click();
    await expect(page).toHaveURL(`/categories?category=${encodeURIComponent(main.name)}&open=true`);
    const sub = main.subcategories[0];
    await page.getByRole('button', { name: new RegExp(`^${sub.name}\\s*${sub.count} items?`) }).click();
    await expect(page).toHaveURL(`/categories?main=${encodeURIComponent(main.name)}&sub=${encodeURIComponent(sub.name)}&openSub=true`);
    await expect(page.getByRole('region', { name: sub.name }).getByRole('listitem')).toHaveCount(sub.count);

    // Search: the header's box is a form that goes to /search, the results ranked with snippets.
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Search titles' }).fill('sqlite');
    await page.getByRole('combobox', { name: 'Search titles' }).press('Enter');
    await expect(page).toHaveURL(/\/search\?q=sqlite$/);
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('main').locator('mark').first()).toHaveText(/sqlite/i);
  });

  test("the site's whole stylesheet comes from the <noscript> link: a pointer's states too", async ({ page }) => {
    await page.goto('/');
    const loaded = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).some((l) => /\/assets\/site-[\w-]{8}\.css$/.test(l.href) && l.sheet !== null),
    );
    expect(loaded).toBe(true);
    await expectHoverStyled(page);
  });
});
