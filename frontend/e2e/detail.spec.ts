import { expect, test } from '@playwright/test';
import { appStarted, listItems, richBlog, WIDTHS } from './support';

test.describe('detail page', () => {
  for (const width of WIDTHS) {
    test(`cover overlay, table of contents, Further Reading (${width})`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 800 });
      const blog = await richBlog(request);
      const others = (await listItems(request, '/api/blogs?perPage=4')).filter((b) => b.id !== blog.id).slice(0, 3);
      await page.goto(`/blogs/${blog.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(blog.title);

      // The cover opens a full-screen dark overlay; button, backdrop and Escape close it.
      await appStarted(page); // before that, the cover is a link to the image (islands.spec.ts)
      const enlarge = page.getByRole('button', { name: 'Enlarge cover image' });
      const dialog = page.getByRole('dialog', { name: blog.title });
      await enlarge.click();
      await expect(dialog).toBeVisible();
      await page.getByRole('button', { name: 'Close image' }).click();
      await expect(dialog).toBeHidden();
      await enlarge.click();
      await expect(dialog).toBeVisible();
      await page.mouse.click(5, 795); // the backdrop, outside the image
      await expect(dialog).toBeHidden();
      await enlarge.click();
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      // Table of contents: in the right sidebar from 1200, collapsible above the article below.
      // Both are in the page; CSS shows the sidebar's from 1200 px, the inline one below.
      const tocLinks = page.locator(width >= 1200 ? '.toc-aside a' : '.toc-inline a');
      if (width >= 1200) {
        await expect(page.getByRole('complementary', { name: 'Sidebar' }).getByRole('navigation')).toContainText('Contents');
      } else {
        const toggle = page.getByRole('button', { name: 'Contents' });
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      }
      const firstLink = tocLinks.first();
      const href = (await firstLink.getAttribute('href'))!;
      expect(href).toMatch(/^#[\p{L}\p{N}-]+$/u);
      await firstLink.click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(page.locator(href)).toBeInViewport();
      // The heading's anchor is stable: a fresh load of the same URL lands on it, and stays
      // there once the islands start.
      await page.reload();
      await expect(page.locator(href)).toBeInViewport();
      await appStarted(page);
      await expect(page.locator(href)).toBeInViewport();
      // Scroll-spy: at the last heading, the last entry is the current one.
      const lastHref = (await tocLinks.last().getAttribute('href'))!;
      await page.locator(lastHref).scrollIntoViewIfNeeded();
      await page.evaluate((sel) => document.querySelector(sel)!.scrollIntoView({ block: 'start' }), lastHref);
      if (width >= 1200) await expect(tocLinks.last()).toHaveAttribute('aria-current', 'location');

      // Further Reading: the three newest other blogs, titles cut at 40, one section.
      const further = page.getByRole('region', { name: 'Further Reading' });
      await expect(page.getByRole('heading', { name: 'Further Reading' })).toHaveCount(1);
      const cards = further.getByRole('article');
      await expect(cards).toHaveCount(others.length);
      for (const [i, other] of others.entries()) {
        await expect(cards.nth(i).getByRole('link')).toHaveAttribute('href', `/blogs/${other.id}`);
        expect(Array.from((await cards.nth(i).getByRole('link').textContent()) ?? '').length).toBeLessThanOrEqual(40);
      }
      if (width >= 850) {
        const [a, b] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
        expect(Math.abs(a!.y - b!.y)).toBeLessThan(2); // side by side: 3 columns
      }
    });
  }

  test('code blocks are highlighted and copy their code', async ({ page, context, request }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const blog = await richBlog(request);
    await page.goto(`/blogs/${blog.id}`);
    const block = page.locator('.item-code').first();
    await expect(block.locator('[class*="hljs-"]').first()).toBeAttached();
    const code = (await block.locator('pre').textContent())!;
    await block.getByRole('button', { name: 'Copy code' }).click();
    await expect(block.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  });

  test('copy link counts a share; network buttons open a share window', async ({ page, context, request }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const [blog] = await listItems(request, '/api/blogs?perPage=1');
    await page.goto(`/blogs/${blog!.id}`);
    const shares = page.locator('.share-count');
    const before = Number((await shares.textContent())!.split(' ')[0]);
    const shareCall = page.waitForResponse((r) => r.url().endsWith(`/api/share/${blog!.id}`) && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Link copied to clipboard!' })).toBeVisible();
    expect((await shareCall).status()).toBe(200);
    await expect(shares).toHaveText(`${before + 1} ${before + 1 === 1 ? 'Share' : 'Shares'}`);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

    // Twitter opens its share page with the address and title in a new window (no share call).
    await context.route('https://twitter.com/**', (route) => route.fulfill({ body: 'share page' }));
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Share on Twitter' }).click();
    const url = new URL((await popup).url());
    expect(url.host).toBe('twitter.com');
    expect(url.searchParams.get('url')).toBe(page.url());
    expect(url.searchParams.get('text')).toBe(blog!.title);
  });

  test('comment: validation, success clears, failure keeps', async ({ page, request }) => {
    const [project] = await listItems(request, '/api/projects?perPage=1');
    await page.goto(`/projects/${project!.id}`);
    const content = page.getByPlaceholder('Your opinion about this project...');
    const email = page.getByPlaceholder('Your email');
    const submit = page.getByRole('button', { name: 'Submit' });
    let posted = 0;
    page.on('request', (r) => r.url().includes('/api/comment-project/') && posted++);

    await content.fill('   ');
    await email.fill('reader@example.com');
    await submit.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please enter both a comment and an email.' })).toBeVisible();
    expect(posted).toBe(0);

    // The server refuses a malformed email: the alert says why and the fields stay.
    await content.fill('Nice write-up.');
    await email.fill('not-an-email');
    await submit.click();
    await expect(page.getByRole('alert').filter({ hasNotText: 'Please enter both' })).toBeVisible();
    await expect(content).toHaveValue('Nice write-up.');
    await expect(email).toHaveValue('not-an-email');

    await email.fill('reader@example.com');
    // Hold the request a moment so the disabled state can be seen; the real server answers it.
    await page.route('**/api/comment-project/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    const answer = page.waitForResponse((r) => r.url().includes('/api/comment-project/'));
    await submit.click();
    await expect(submit).toBeDisabled();
    expect((await answer).status()).toBe(201);
    await expect(page.getByRole('alert').filter({ hasText: 'Comment submitted successfully!' })).toBeVisible();
    await expect(content).toHaveValue('');
    await expect(email).toHaveValue('');
  });

  test('like is refused when signed out', async ({ page, request }) => {
    const [blog] = await listItems(request, '/api/blogs?perPage=1');
    const [project] = await listItems(request, '/api/projects?perPage=1');
    await page.goto(`/blogs/${blog!.id}`);
    const like = page.getByRole('button', { name: /Likes?$/ });
    await like.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please log in to like this post.' })).toBeVisible();
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await page.goto(`/projects/${project!.id}`);
    await page.getByRole('button', { name: /Likes?$/ }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please log in to like this project.' })).toBeVisible();
  });
});
