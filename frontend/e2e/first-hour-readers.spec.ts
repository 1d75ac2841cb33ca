import { expect, test, type Page } from '@playwright/test';
import { OWNER, registerPending, signIn, uid } from './admin-helpers';
import { listItems, THEMES } from './support';

// Issue 31: a reader who wants to like a post, and the super admin who sorts the accounts.

const PENDING_NOTE = 'You are signed in: you can like and comment. The dashboard opens once a super admin approves your account.';

async function likeWhileSignedOut(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('button', { name: /Likes?$/ }).click();
  const alert = page.getByText('Please log in to like this post.');
  await expect(alert).toBeVisible();
  const logIn = page.getByRole('link', { name: 'Log in', exact: true });
  await expect(logIn).toHaveAttribute('href', `/login?next=${encodeURIComponent(path)}`);
  return logIn;
}

test.describe('first hour: readers', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the like alert leads to sign-in and back to the post, where a pending reader can like', async ({ page, request }) => {
    const email = `reader-${uid()}@folio.test`;
    await registerPending(request, email, 'reader-pass-1');
    const [blog] = await listItems(request, '/api/blogs?perPage=1');
    const path = `/blogs/${blog!.id}`;

    const logIn = await likeWhileSignedOut(page, path);
    await page.screenshot({ path: 'test-results/screens/like-alert-1280.png' });
    await logIn.click();
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent(path)}`);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: false }).first().fill('reader-pass-1');
    await page.getByRole('button', { name: 'Sign in' }).click();

    // Back on the post, signed in, with a note instead of "Access denied".
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('status').filter({ hasText: PENDING_NOTE })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/like-back-1280.png' });
    const like = page.getByRole('button', { name: /Likes?$/ });
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await like.click(); // leave the demo's count as it was
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    // The note shows once.
    await page.reload();
    await expect(page.getByText(PENDING_NOTE)).toHaveCount(0);

    // /login without next keeps the spec's approval message for the dashboard.
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: false }).first().fill('reader-pass-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Access denied. Awaiting super admin approval.' })).toBeVisible();
  });

  test('registering from the like alert signs the reader in and returns to the post', async ({ page, request }) => {
    const [blog] = await listItems(request, '/api/blogs?perPage=1');
    const path = `/blogs/${blog!.id}`;
    await (await likeWhileSignedOut(page, path)).click();
    await page.getByRole('link', { name: 'Register' }).click();
    await expect(page).toHaveURL(`/register?next=${encodeURIComponent(path)}`);
    await page.getByRole('textbox', { name: 'Email' }).fill(`new-${uid()}@folio.test`);
    await page.getByLabel('Password', { exact: false }).first().fill('new-reader-pass-1');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Registration successful. Awaiting super admin approval.' })).toBeVisible();
    await expect(page).toHaveURL(path, { timeout: 8000 });
    await expect(page.getByRole('status').filter({ hasText: PENDING_NOTE })).toBeVisible();
    expect(await page.evaluate(() => !!JSON.parse(localStorage.getItem('pocketbase_auth') ?? '{}').token)).toBe(true);
  });

  test('Admin Management opens on Pending, searches by email and asks before Reject and Remove', async ({ browser, request }) => {
    const tag = uid();
    const first = `mgmt-a-${tag}@folio.test`;
    const second = `mgmt-b-${tag}@folio.test`;
    await registerPending(request, first, 'mgmt-pass-1');
    await registerPending(request, second, 'mgmt-pass-1');
    for (const theme of THEMES) {
      for (const width of [375, 1440]) {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        await signIn(context, request, OWNER.email, OWNER.password, theme);
        const page = await context.newPage();
        await page.goto('/admin?tab=admins');
        await expect(page.getByRole('row').filter({ hasText: first })).toBeVisible();
        // The header links to the site at every width (on a phone as an icon named "View site").
        await expect(page.getByRole('link', { name: 'View site' }).filter({ visible: true })).toHaveAttribute('href', '/');
        // Pending first: the owner (approved) is not in the opening list.
        await expect(page.getByRole('row').filter({ hasText: OWNER.email })).toHaveCount(0);
        await page.getByRole('searchbox', { name: 'Search by email' }).fill(`mgmt-b-${tag}`);
        await expect(page.getByRole('row').filter({ hasText: second })).toBeVisible();
        await expect(page.getByRole('row').filter({ hasText: first })).toHaveCount(0);
        // The status badge shows its whole word.
        const badge = page.getByRole('row').filter({ hasText: second }).locator('.mantine-Badge-label');
        expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth && el.textContent)).toBe('pending');
        await page.screenshot({ path: `test-results/screens/admin-management-${width}-${theme}.png`, fullPage: true });
        await context.close();
      }
    }

    const context = await browser.newContext();
    await signIn(context, request, OWNER.email, OWNER.password);
    const page = await context.newPage();
    await page.goto('/admin?tab=admins');
    const row = page.getByRole('row').filter({ hasText: first });
    await row.getByRole('button', { name: `Reject ${first}` }).click();
    const ask = page.getByRole('dialog', { name: `Reject ${first}?` });
    await expect(ask).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/admin-management-reject-1280.png' });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(row.getByText('pending')).toBeVisible();
    await row.getByRole('button', { name: `Remove ${first}` }).click();
    const remove = page.getByRole('dialog', { name: `Remove ${first}?` });
    await expect(remove).toContainText(`${first} will no longer be able to sign in.`);
    await remove.getByRole('button', { name: 'Remove' }).click();
    await expect(row).toHaveCount(0);
    await page.getByText(/^Removed \(\d+\)$/).click();
    await expect(page.getByRole('row').filter({ hasText: first }).getByText('removed', { exact: true })).toBeVisible();
    await context.close();
  });
});
