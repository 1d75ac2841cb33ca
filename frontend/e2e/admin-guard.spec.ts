import { expect, test } from '@playwright/test';
import { apiLogin, createAdmin, OWNER, registerPending, signIn, uid } from './admin-helpers';

const PENDING_MESSAGE = 'Access denied. Awaiting super admin approval.';

test.describe('admin approval guard', () => {
  // Long flows through a real browser; the shared CI machine can be slow.
  test.describe.configure({ timeout: 90_000 });

  test('shows Loading... while the check runs, then the dashboard titled with the owner name', async ({ page, context, request }) => {
    await signIn(context, request, OWNER.email, OWNER.password);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/admin/check-approval', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin');
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
    release();
    const heading = (await (await request.get('/api/profile')).json()).heading as string;
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(heading));
  });

  test('a failed check is logged and sends the account to /login', async ({ page, context, request }) => {
    await signIn(context, request, OWNER.email, OWNER.password);
    const logged: string[] = [];
    page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));
    await page.route('**/api/admin/check-approval', (route) => route.abort());
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login$/);
    expect(logged.some((l) => l.startsWith('Error checking approval:'))).toBe(true);
  });

  test('a pending account is redirected to /login with the message', async ({ page, request }) => {
    const email = `pending-${uid()}@folio.test`;
    await registerPending(request, email, 'pending-pass-1');
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.locator('input[type="password"]').fill('pending-pass-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: PENDING_MESSAGE })).toBeVisible();
    // Signed in but not approved: /admin turns it back with the server's message.
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(PENDING_MESSAGE)).toBeVisible();
  });

  test('a plain admin reaches the dashboard without Admin Management; a super admin sees it', async ({ browser, request }) => {
    const email = `plain-${uid()}@folio.test`;
    createAdmin(email, 'plain-pass-2026');

    const plain = await browser.newContext();
    await signIn(plain, request, email, 'plain-pass-2026');
    const plainPage = await plain.newPage();
    await plainPage.goto('/admin');
    const tabs = plainPage.getByRole('tablist', { name: 'Dashboard sections' });
    for (const name of ['Analytics', 'Blog', 'Project', 'Profile', 'About']) {
      await expect(tabs.getByRole('tab', { name })).toBeVisible();
    }
    await expect(tabs.getByRole('tab', { name: 'Admin Management' })).toHaveCount(0);
    // The tab is in the URL: a reload keeps it; a tab the account may not see falls back.
    await tabs.getByRole('tab', { name: 'Project' }).click();
    await expect(plainPage).toHaveURL(/tab=project/);
    await plainPage.reload();
    await expect(plainPage.getByRole('tab', { name: 'Project' })).toHaveAttribute('aria-selected', 'true');
    await plainPage.goto('/admin?tab=admins');
    await expect(plainPage.getByRole('tab', { name: 'Analytics' })).toHaveAttribute('aria-selected', 'true');
    await plain.close();

    const owner = await browser.newContext();
    await signIn(owner, request, OWNER.email, OWNER.password);
    const ownerPage = await owner.newPage();
    await ownerPage.goto('/admin');
    await expect(ownerPage.getByRole('tab', { name: 'Admin Management' })).toBeVisible();
    await owner.close();
  });

  test('Refresh Content shows Refreshing... while it reloads', async ({ page, context, request }) => {
    await signIn(context, request, OWNER.email, OWNER.password);
    await page.goto('/admin?tab=blog');
    await expect(page.getByRole('button', { name: 'Refresh Content' })).toBeVisible();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/admin/blogs*', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Refresh Content' }).click();
    await expect(page.getByRole('button', { name: 'Refreshing...' })).toBeVisible();
    release();
    await expect(page.getByRole('button', { name: 'Refresh Content' })).toBeVisible();
  });

  test('approving a pending account lets it in; the change shows live in another dashboard', async ({ browser, request }) => {
    const email = `approve-${uid()}@folio.test`;
    await registerPending(request, email, 'approve-pass-1');

    const owner = await browser.newContext();
    await signIn(owner, request, OWNER.email, OWNER.password);
    const ownerPage = await owner.newPage();
    await ownerPage.goto('/admin?tab=admins');
    const second = await owner.newPage(); // another open dashboard of the same admin
    await second.goto('/admin?tab=admins');
    const row = ownerPage.getByRole('row').filter({ hasText: email });
    await expect(row.getByText('pending')).toBeVisible();
    // Only the statuses the account does not have are offered.
    await expect(row.getByRole('button', { name: `Approve ${email}` })).toBeVisible();
    await expect(row.getByRole('button', { name: `Reject ${email}` })).toBeVisible();
    await expect(row.getByRole('button', { name: `Remove ${email}` })).toBeVisible();
    await expect(second.getByRole('row').filter({ hasText: email }).getByText('pending')).toBeVisible();

    await row.getByRole('button', { name: `Approve ${email}` }).click();
    // It leaves the Pending list (the panel opens on it) and shows under Approved, in both dashboards.
    await expect(row).toHaveCount(0);
    for (const p of [ownerPage, second]) {
      await p.getByText(/^Approved \(\d+\)$/).click();
      const approvedRow = p.getByRole('row').filter({ hasText: email });
      await expect(approvedRow.getByText('approved', { exact: true })).toBeVisible({ timeout: 5000 });
      await expect(approvedRow.getByRole('button', { name: `Approve ${email}` })).toHaveCount(0);
    }

    const approved = await browser.newContext();
    const auth = await apiLogin(request, email, 'approve-pass-1');
    expect(auth.record.email).toBe(email);
    await signIn(approved, request, email, 'approve-pass-1');
    const page = await approved.newPage();
    await page.goto('/admin');
    await expect(page.getByRole('tablist', { name: 'Dashboard sections' })).toBeVisible();
    await owner.close();
    await approved.close();
  });
});
