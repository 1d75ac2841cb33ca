import { expect, test } from '@playwright/test';
import { DESKTOP_UA, getJSON, listItems, OWNER, type Summary } from './support';

test.describe('engagement', () => {
  test('a signed-in reader likes and unlikes; the heart turns red', async ({ page, request }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(OWNER.email);
    const password = page.locator('input[autocomplete="current-password"]');
    await password.fill(OWNER.password);
    // The show/hide control says what it does, for the mouse and the keyboard.
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    const hide = page.getByRole('button', { name: 'Hide password' });
    await expect(hide).toHaveAttribute('aria-pressed', 'true');
    await hide.focus();
    await page.keyboard.press('Space');
    await expect(password).toHaveAttribute('type', 'password');
    await expect(page.getByRole('button', { name: 'Show password' })).toBeFocused();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/admin$/);

    const [blog] = await listItems(request, '/api/blogs?perPage=1');
    await page.goto(`/blogs/${blog!.id}`);
    const like = page.getByRole('button', { name: /Likes?$/ });
    const label = (n: number) => `${n} ${n === 1 ? 'Like' : 'Likes'}`;
    const start = Number((await like.textContent())!.trim().split(' ')[0]);
    await expect(like).toHaveAttribute('aria-pressed', 'false');

    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like).toHaveText(label(start + 1));
    const heart = like.locator('svg');
    await expect(heart).toHaveCSS('color', 'rgb(250, 82, 82)'); // Mantine red-6
    expect((await getJSON<Summary>(request, `/api/blogs/${blog!.id}`)).likeCount).toBe(start + 1);

    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(like).toHaveText(label(start));
  });
});

test.describe('views', () => {
  test.use({ userAgent: DESKTOP_UA });

  test('the website view goes out about 3 s after the app loads', async ({ page }) => {
    const started = Date.now();
    const view = page.waitForRequest((r) => r.url().endsWith('/api/view-website') && r.method() === 'POST');
    await page.goto('/');
    await view;
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
  });

  test('a view counts about 4 s after opening, and not when leaving at 2 s', async ({ page, request }) => {
    const [left, stayed] = await listItems(request, '/api/blogs?perPage=2');
    const count = async (id: string) => (await getJSON<Summary>(request, `/api/blogs/${id}`)).viewCount;
    const leftBefore = await count(left!.id);
    const stayedBefore = await count(stayed!.id);
    let leftViews = 0;
    page.on('request', (r) => r.url().endsWith(`/api/view/${left!.id}`) && leftViews++);

    // Open one item and leave after 2 s: no view is sent.
    await page.goto(`/blogs/${left!.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(left!.title);
    await page.waitForTimeout(2000);
    await page.getByRole('link', { name: 'Archives' }).first().dispatchEvent('click');
    await expect(page).toHaveURL(/\/archives$/);

    // Open another and stay: its view goes out after about 4 s and the count rises by 1.
    const opened = Date.now();
    const answer = page.waitForResponse((r) => r.url().endsWith(`/api/view/${stayed!.id}`));
    await page.goto(`/blogs/${stayed!.id}`);
    const views = page.locator('.view-count');
    await expect(views).toHaveText(`${stayedBefore} ${stayedBefore === 1 ? 'View' : 'Views'}`);
    expect((await answer).status()).toBe(200);
    expect(Date.now() - opened).toBeGreaterThanOrEqual(3900);
    await expect(views).toHaveText(`${stayedBefore + 1} ${stayedBefore + 1 === 1 ? 'View' : 'Views'}`);
    expect(await count(stayed!.id)).toBe(stayedBefore + 1);

    expect(leftViews).toBe(0);
    expect(await count(left!.id)).toBe(leftBefore);
  });
});
