import { expect, test } from '@playwright/test';
import { apiLogin, OWNER, openTab, registerPending, signIn, uid } from './admin-helpers';

// Issue 31, point 12: the Analytics chart counts in whole numbers.
test('the activity chart’s y-axis steps in whole numbers', async ({ page, context, request }) => {
  test.setTimeout(60_000);
  // One like today: the day's series holds a count of 1, which used to get 0.25 steps.
  const email = `axis-${uid()}@folio.test`;
  await registerPending(request, email, 'axis-pass-1');
  const auth = await apiLogin(request, email, 'axis-pass-1');
  const blog = (await (await request.get('/api/blogs?perPage=1')).json()).items[0];
  expect((await (await request.post(`/api/like/${blog.id}`, { headers: { Authorization: auth.token } })).json()).liked).toBe(true);

  await signIn(context, request, OWNER.email, OWNER.password);
  await openTab(page, 'analytics');
  await page.getByRole('radiogroup', { name: 'Time range' }).getByText('Day', { exact: true }).click();
  // The first chart is Activity (Top items has no data here); its x-axis reads hours ("5 PM"),
  // so the numeric tick labels are the y-axis.
  const ticks = page.locator('.recharts-wrapper').first().locator('.recharts-cartesian-axis-tick-value');
  await expect(ticks.filter({ hasText: /^1$/ })).toBeVisible();
  const values = (await ticks.allTextContents()).filter((t) => /^[\d.]+$/.test(t)).map(Number);
  expect(values.length).toBeGreaterThan(1);
  for (const v of values) expect(Number.isInteger(v), `tick ${v}`).toBe(true);
  await request.post(`/api/like/${blog.id}`, { headers: { Authorization: auth.token } }); // take it back
});
