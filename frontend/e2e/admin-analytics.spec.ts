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

test.describe('admin Analytics sources', () => {
  test.describe.configure({ timeout: 90_000 });

  test('Sources, Devices, the live count and the CSV download show what beacons sent', async ({ page, context, request }) => {
    // A visitor on a phone arrives from a newsletter link.
    const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    const beacon = await request.post('/api/view-website', {
      headers: { 'User-Agent': `${iPhone} e2e-${uid()}` },
      data: { referrer: 'https://news.ycombinator.com/item?id=1', path: '/about?utm_source=e2e-letter&utm_medium=email&utm_campaign=playwright' },
    });
    expect(beacon.status()).toBe(204);

    await signIn(context, request, OWNER.email, OWNER.password);
    await openTab(page, 'analytics');
    const sources = page.getByRole('region', { name: 'Sources' });
    await expect(sources.getByRole('table', { name: 'Sources list' })).toContainText('e2e-letter');
    await sources.getByRole('radiogroup', { name: 'Sources view' }).getByText('Campaigns').click();
    await expect(sources.getByRole('table', { name: 'Campaigns list' })).toContainText('playwright');
    await expect(sources.getByRole('table', { name: 'Campaigns list' })).toContainText('e2e-letter · email');
    await sources.getByRole('radiogroup', { name: 'Sources view' }).getByText('Pages').click();
    await expect(sources.getByRole('table', { name: 'Pages list' })).toContainText('/about');

    const devices = page.getByRole('region', { name: 'Devices' });
    await expect(devices.getByRole('table', { name: 'Devices list' })).toContainText('Mobile');
    await devices.getByRole('radiogroup', { name: 'Devices view' }).getByText('Systems').click();
    await expect(devices.getByRole('table', { name: 'Systems list' })).toContainText('iOS');

    const live = page.getByTestId('live-visitors');
    await expect(live).toHaveText(/^[1-9]\d* now$/);
    await expect(live).toHaveAttribute('aria-label', /visitors? now, in the last 5 minutes/);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('folio-analytics-week-all.csv');
    const text = await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8');
    expect(text.split('\n')[0]).toBe('date,views,likes,shares,comments');
    expect(text.trim().split('\n')).toHaveLength(9); // a header and 8 days
  });
});
