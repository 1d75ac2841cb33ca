import { expect, test, type Page } from '@playwright/test';
import { OWNER, openTab, signIn, uid } from './admin-helpers';

/** A `datetime-local` value (the browser's time zone) of a moment, to the second. */
const localInput = (ms: number) => {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

const card = (page: Page, title: string) => page.getByRole('article', { name: title });

test.describe('publishing workflow', () => {
  test.describe.configure({ timeout: 120_000 });

  test('draft, absent in public, signed-out preview, schedule, goes out by itself, restore a revision', async ({ page, context, browser, request }) => {
    await signIn(context, request, OWNER.email, OWNER.password);
    const word = `Pubflow${uid()}`;
    const first = `${word} first draft`;
    const second = `${word} second draft`;

    // 1. Write a draft.
    await openTab(page, 'blog');
    await page.getByRole('button', { name: 'New blog' }).click();
    const form = page.getByRole('form', { name: 'New blog' });
    await form.getByRole('textbox', { name: 'Title' }).fill(first);
    await form.getByRole('textbox', { name: 'Author' }).fill('Owner');
    await form.locator('.ProseMirror').click();
    await page.keyboard.type('The first words of a draft.');
    await form.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'It is a draft' })).toBeVisible();
    await expect(card(page, first).getByText('Draft', { exact: true })).toBeVisible();
    const href = await card(page, first).getByRole('link', { name: first }).getAttribute('href');
    const id = href!.split('/').pop()!;

    // 2. Absent from the public site: API, lists, page, feeds, search.
    expect((await request.get(`/api/blogs/${id}`)).status()).toBe(404);
    expect((await request.get(`/blogs/${id}`)).status()).toBe(404);
    for (const url of ['/api/content?perPage=100', `/api/content?q=${word}`, '/rss.xml', '/sitemap.xml', '/blogs', '/']) {
      expect(await (await request.get(url)).text(), url).not.toContain(word);
    }

    // 3. Preview in a signed-out browser.
    const [tab] = await Promise.all([page.waitForEvent('popup'), card(page, first).getByRole('button', { name: `Preview ${first}` }).click()]);
    await tab.waitForURL(/\?preview=/);
    const previewURL = tab.url();
    await tab.close();
    const guest = await browser.newContext();
    const guestPage = await guest.newPage();
    const res = await guestPage.goto(previewURL);
    expect(res?.status()).toBe(200);
    await expect(guestPage.getByRole('status').filter({ hasText: 'Preview' })).toBeVisible();
    await expect(guestPage.getByRole('heading', { level: 1, name: first })).toBeVisible();
    await expect(guestPage.locator('meta[name="robots"][content="noindex"]')).toHaveCount(1);
    // A forged token is a 404.
    expect((await guestPage.goto(previewURL.replace(/\.[^.]+$/, '.forged')))?.status()).toBe(404);

    // A second version of the draft (a second revision).
    await page.getByRole('button', { name: `Edit ${first}` }).click();
    const edit = page.getByRole('form', { name: 'Edit blog' });
    await edit.getByRole('textbox', { name: 'Title' }).fill(second);
    await edit.getByRole('button', { name: 'Save draft' }).click();
    await expect(card(page, second)).toBeVisible();

    // 4. Schedule it a few seconds ahead; a second dashboard is open meanwhile.
    const other = await context.newPage();
    await openTab(other, 'blog');
    await expect(card(other, second).getByText('Draft', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: `Edit ${second}` }).click();
    const edit2 = page.getByRole('form', { name: 'Edit blog' });
    await edit2.getByRole('button', { name: 'Schedule…' }).click();
    const at = Date.now() + 8_000;
    await edit2.getByLabel('Publish on').fill(localInput(at));
    await edit2.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect(card(page, second).getByText('Scheduled', { exact: true })).toBeVisible();
    await expect(card(page, second).getByText(/Goes out/)).toBeVisible();
    // The other dashboard hears the change live (realtime).
    await expect(card(other, second).getByText('Scheduled', { exact: true })).toBeVisible();
    expect((await request.get(`/api/blogs/${id}`)).status()).toBe(404);

    // 5. It goes out by itself: public at its time, and both dashboards show it without a reload.
    await expect.poll(async () => (await request.get(`/api/blogs/${id}`)).status(), { timeout: 20_000, intervals: [500] }).toBe(200);
    expect(Date.now()).toBeGreaterThanOrEqual(at - 1000);
    expect(await (await request.get(`/api/content?q=${word}`)).text()).toContain(id);
    expect(await (await request.get('/rss.xml')).text()).toContain(second);
    expect((await guestPage.goto(`/blogs/${id}`))?.status()).toBe(200);
    await expect(card(page, second).getByText('Published', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(card(other, second).getByText('Published', { exact: true })).toBeVisible({ timeout: 15_000 });

    // 6. Restore the first revision after a confirmation.
    await card(page, second).getByRole('button', { name: `Revisions of ${second}` }).click();
    const panel = page.getByRole('dialog', { name: `Revisions of “${second}”` });
    const rows = panel.getByRole('listitem');
    await expect(rows).toHaveCount(3);
    await rows.last().click();
    await expect(panel.getByText(`Title: ${first} → ${second}`)).toBeVisible();
    await panel.getByRole('button', { name: 'Restore this revision' }).click();
    await page.getByRole('dialog', { name: 'Restore this revision?' }).getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'is back to the chosen revision' })).toBeVisible();
    await expect(card(page, first).getByText('Draft', { exact: true })).toBeVisible();
    expect((await request.get(`/api/blogs/${id}`)).status()).toBe(404); // the restored revision was a draft
    await guest.close();
  });
});
