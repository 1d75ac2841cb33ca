import { expect, test } from '@playwright/test';
import { apiLogin, OWNER, PNG, registerPending, signIn } from './admin-helpers';
import { THEMES } from './support';

// Issue 31's screenshots: the editor with an uploaded image, a table and a code block's
// language, at 375 and 1440 px in both themes (test-results/screens/, opened and checked).
test('editor screenshots: image, table and code language', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const auth = await apiLogin(request, OWNER.email, OWNER.password);
  const up = await request.post('/api/collections/itemImages/records', {
    headers: { Authorization: auth.token },
    multipart: { media: { name: 'chart.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(up.status()).toBe(200);
  const img = (await up.json()) as { id: string; media: string };
  const html =
    `<p>Results by quarter.</p><img src="/api/files/itemImages/${img.id}/${img.media}" alt="Sales by quarter">` +
    '<table><tbody><tr><th scope="col"><p>Company</p></th><th scope="col"><p>Country</p></th><th scope="col"><p>Founded</p></th></tr>' +
    '<tr><td><p>Island Trading</p></td><td><p>UK</p></td><td><p>1998</p></td></tr></tbody></table>' +
    '<pre><code class="language-go">func main() {\n\tfmt.Println("hello")\n}</code></pre>';
  for (const theme of THEMES) {
    for (const width of [375, 1440]) {
      const context = await browser.newContext({ viewport: { width, height: 1000 } });
      await signIn(context, request, OWNER.email, OWNER.password, theme);
      const page = await context.newPage();
      await page.goto('/admin?tab=blog');
      await page.getByRole('button', { name: 'New blog' }).click();
      const form = page.getByRole('form', { name: 'New blog' });
      await form.getByRole('textbox', { name: 'Title' }).fill('Quarterly notes');
      const editor = form.locator('.ProseMirror');
      await editor.click();
      await editor.evaluate((el, h) => {
        const data = new DataTransfer();
        data.setData('text/html', h);
        el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      }, html);
      await expect(editor.locator('table th')).toHaveCount(3);
      await editor.locator('pre code').click();
      await expect(form.getByRole('combobox', { name: 'Code language' })).toHaveValue('Go');
      await expect.poll(() => editor.locator('img').evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      await form.getByRole('button', { name: 'Image', exact: true }).scrollIntoViewIfNeeded();
      await form.locator('.mantine-RichTextEditor-root').screenshot({ path: `test-results/screens/editor-${width}-${theme}.png` });
      await form.getByRole('button', { name: 'Image', exact: true }).click();
      await expect(page.getByRole('textbox', { name: 'Alt text' })).toBeVisible();
      await page.screenshot({ path: `test-results/screens/editor-image-dialog-${width}-${theme}.png` });
      await context.close();
    }
  }
});

test('sign-in path screenshots: like alert, login, back on the post', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const email = `screens-${Date.now().toString(36)}@folio.test`;
  await registerPending(request, email, 'screens-pass-1');
  const blog = (await (await request.get('/api/blogs?perPage=1')).json()).items[0] as { id: string };
  for (const theme of THEMES) {
    for (const width of [375, 1440]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await context.addInitScript((t) => localStorage.setItem('folio-color-scheme', t), theme);
      const page = await context.newPage();
      await page.goto(`/blogs/${blog.id}`);
      await page.getByRole('button', { name: /Likes?$/ }).click();
      await expect(page.getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
      await page.screenshot({ path: `test-results/screens/signin-1-like-${width}-${theme}.png` });
      await page.getByRole('link', { name: 'Log in', exact: true }).click();
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await page.getByLabel('Password', { exact: false }).first().fill('screens-pass-1');
      await page.screenshot({ path: `test-results/screens/signin-2-login-${width}-${theme}.png` });
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.locator('.engagement-note')).toBeVisible();
      await page.screenshot({ path: `test-results/screens/signin-3-back-${width}-${theme}.png` });
      await context.close();
    }
  }
});
