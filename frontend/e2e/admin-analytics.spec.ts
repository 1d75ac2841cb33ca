import { expect, test } from '@playwright/test';
import { apiLogin, OWNER, openTab, registerPending, signIn, uid } from './admin-helpers';

test.describe('admin Analytics tab', () => {
  // Long flows through a real browser; the shared CI machine can be slow.
  test.describe.configure({ timeout: 90_000 });

  test('a like made in another browser context shows within 3 s, without a reload', async ({ page, context, browser, request }) => {
    await signIn(context, request, OWNER.email, OWNER.password);
    await openTab(page, 'analytics');
    const likes = page.getByTestId('stat-likes');
    await expect(likes).toHaveText(/^\d+$/);
    const before = Number(await likes.textContent());
    let reloaded = false;
    page.on('framenavigated', (f) => f === page.mainFrame() && (reloaded = true));
    await page.waitForTimeout(500); // the realtime subscription is up

    // A reader in another browser context likes a blog.
    const email = `reader-${uid()}@folio.test`;
    await registerPending(request, email, 'reader-pass-1');
    const reader = await browser.newContext();
    const auth = await apiLogin(reader.request, email, 'reader-pass-1');
    const blog = (await (await reader.request.get('/api/blogs?perPage=1')).json()).items[0];
    const like = await reader.request.post(`/api/like/${blog.id}`, { headers: { Authorization: auth.token } });
    expect((await like.json()).liked).toBe(true);

    await expect(likes).toHaveText(String(before + 1), { timeout: 3000 });
    expect(reloaded).toBe(false);
    await reader.close();
  });

  test('filters, the 35/65 columns from 1000 px and the 300 px locations list', async ({ page, context, request }) => {
    await signIn(context, request, OWNER.email, OWNER.password);
    await page.setViewportSize({ width: 1000, height: 900 });
    await openTab(page, 'analytics');
    await expect(page.getByRole('heading', { name: 'Locations' })).toBeVisible();
    await expect(page.getByTestId('stat-login-attempts')).toHaveText(/^\d+$/);
    await expect(page.getByText('Last 5 minutes')).toBeVisible();

    const side = await page.getByRole('region', { name: 'Locations' }).boundingBox();
    const main = await page.getByRole('region', { name: 'Activity' }).boundingBox();
    expect(side && main).toBeTruthy();
    const ratio = side!.width / (side!.width + main!.width);
    expect(ratio).toBeGreaterThan(0.33);
    expect(ratio).toBeLessThan(0.37);
    expect(main!.x).toBeGreaterThan(side!.x + side!.width);

    const maxHeights = await page
      .getByRole('region', { name: 'Locations' })
      .evaluate((el) => Array.from(el.querySelectorAll('*')).map((n) => getComputedStyle(n).maxHeight));
    expect(maxHeights).toContain('300px');

    const asked = page.waitForRequest((r) => r.url().includes('/api/admin/analytics') && r.url().includes('range=day') && r.url().includes('type=project'));
    await page.getByRole('radiogroup', { name: 'Time range' }).getByText('Day').click();
    await page.getByRole('radiogroup', { name: 'Item type' }).getByText('Project').click();
    await asked;

    await page.setViewportSize({ width: 999, height: 900 });
    const stacked = await page.getByRole('region', { name: 'Activity' }).boundingBox();
    const top = await page.getByRole('region', { name: 'Locations' }).boundingBox();
    expect(stacked!.y).toBeGreaterThan(top!.y);
  });
});
