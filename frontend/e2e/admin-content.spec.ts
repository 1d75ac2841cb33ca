import { expect, test, type Page } from '@playwright/test';
import { OWNER, openTab, pngFile, signIn, uid } from './admin-helpers';

const editorOf = (scope: ReturnType<Page['getByRole']>) => scope.locator('.ProseMirror');

test.describe('admin blog and project tabs', () => {
  // Long flows through a real browser; the shared CI machine can be slow.
  test.describe.configure({ timeout: 90_000 });

  test.beforeEach(async ({ context, request }) => {
    await signIn(context, request, OWNER.email, OWNER.password);
  });

  test('the create form validates, keeps its row rules and refuses non-image media', async ({ page }) => {
    await openTab(page, 'blog');
    await page.getByRole('button', { name: 'New blog' }).click();
    const form = page.getByRole('form', { name: 'New blog' });
    const submit = form.getByRole('button', { name: 'Publish blog' });
    await expect(submit).toBeDisabled();
    // The date defaults to today.
    const d = new Date();
    const today = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    await expect(form.getByLabel('Date')).toHaveValue(today);

    const title = form.getByRole('textbox', { name: 'Title' });
    await title.fill('x');
    await title.fill('');
    await expect(form.getByText('Title is required')).toBeVisible();
    const author = form.getByRole('textbox', { name: 'Author' });
    await author.fill('y');
    await author.fill('   ');
    await expect(form.getByText('Author is required')).toBeVisible();
    await expect(submit).toBeDisabled();
    await title.fill('A title');
    await author.fill('An author');
    await expect(form.getByText('Title is required')).toHaveCount(0);
    await expect(form.getByText('Author is required')).toHaveCount(0);
    await expect(submit).toBeEnabled();

    // Categories: the first (main) row has no remove control; sub-category rows do.
    await expect(form.getByRole('button', { name: 'Remove main category' })).toHaveCount(0);
    await form.getByRole('button', { name: 'Add sub-category' }).click();
    await expect(form.getByRole('button', { name: 'Remove sub-category 1' })).toBeVisible();
    await form.getByRole('button', { name: 'Remove sub-category 1' }).click();
    await expect(form.getByRole('textbox', { name: 'Sub-category 1' })).toHaveCount(0);
    // Links: remove shows only with more than one row, and one row always stays.
    await expect(form.getByRole('button', { name: 'Remove link 1' })).toHaveCount(0);
    await form.getByRole('button', { name: 'Add link' }).click();
    await expect(form.getByRole('button', { name: 'Remove link 2' })).toBeVisible();
    await form.getByRole('button', { name: 'Remove link 2' }).click();
    await expect(form.getByRole('textbox', { name: 'Link 1' })).toBeVisible();
    await expect(form.getByRole('button', { name: 'Remove link 1' })).toHaveCount(0);

    // Media accepts images only.
    await form.locator('input[type="file"]').first().setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await expect(form.getByText('Media must be an image file')).toBeVisible();
    await expect(submit).toBeDisabled();
    await form.locator('input[type="file"]').first().setInputFiles(pngFile());
    await expect(form.getByRole('img', { name: 'Media preview' })).toBeVisible();
    await form.getByRole('button', { name: 'Remove media' }).click();
    await expect(form.getByRole('img', { name: 'Media preview' })).toHaveCount(0);
    await expect(submit).toBeEnabled();

    // A link the server refuses: the failure alert, and the server's message on the links field.
    await form.getByRole('textbox', { name: 'Link 1' }).fill('javascript:alert(1)');
    await submit.click();
    // The banner says what the field says (issue 31), not PocketBase's generic sentence.
    await expect(form.getByRole('alert').filter({ hasText: /^Failed to create blog: "javascript:alert\(1\)" is not an allowed link/ })).toBeVisible();
    await expect(form.locator('.mantine-InputWrapper-error').filter({ hasText: /is not an allowed link/ })).toBeVisible();
    // Nothing typed is lost.
    await expect(title).toHaveValue('A title');
    await expect(author).toHaveValue('An author');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Discard changes' }).click();
  });

  for (const type of ['blog', 'project'] as const) {
    const Label = type === 'blog' ? 'Blog' : 'Project';
    test(`create, edit and delete a ${type} with media; each step shows on the public site`, async ({ page, request }) => {
      const title = `${Label} e2e ${uid()}`;
      await openTab(page, type);
      await page.getByRole('button', { name: `New ${type}` }).click();
      const form = page.getByRole('form', { name: `New ${type}` });
      await form.getByRole('textbox', { name: 'Title' }).fill(title);
      await form.getByRole('textbox', { name: 'Author' }).fill('E2E Author');
      await form.getByRole('textbox', { name: 'Tags' }).fill('e2e, playwright');
      await form.getByRole('textbox', { name: 'Main category' }).fill('Testing');
      await form.getByRole('button', { name: 'Add sub-category' }).click();
      await form.getByRole('textbox', { name: 'Sub-category 1' }).fill('Browser');
      if (type === 'blog') await form.getByRole('textbox', { name: 'Link 1' }).fill('https://example.com/read');
      else await form.getByRole('textbox', { name: 'Project link' }).fill('github.com/folio/e2e');
      await form.locator('input[type="file"]').first().setInputFiles(pngFile());
      await editorOf(form).click();
      await page.keyboard.type('Written in the dashboard.');
      await form.getByRole('button', { name: `Publish ${type}` }).click();

      await expect(page.getByRole('status').filter({ hasText: `${Label} created successfully!` })).toBeVisible();
      await page.getByRole('link', { name: 'View on site' }).click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText('Written in the dashboard.')).toBeVisible();
      const id = page.url().split('/').pop()!;
      const api = `/api/${type}s/${id}`;
      const created = await (await request.get(api)).json();
      expect(created.media).toMatch(/^\/api\/files\//);
      expect(created.categories).toEqual(['Testing', 'Browser']);
      expect(created.tags).toEqual(['e2e', 'playwright']);
      if (type === 'project') expect(created.attachLink).toBe('https://github.com/folio/e2e');

      // Edit inline: the form closes after the save.
      await openTab(page, type);
      await page.getByRole('button', { name: `Edit ${title}` }).click();
      const edit = page.getByRole('form', { name: `Edit ${type}` });
      await edit.getByRole('textbox', { name: 'Title' }).fill(`${title} (edited)`);
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByRole('status').filter({ hasText: `${Label} updated successfully!` })).toBeVisible();
      await expect(page.getByRole('form', { name: `Edit ${type}` })).toHaveCount(0);
      await page.goto(`/${type}s/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: `${title} (edited)` })).toBeVisible();

      // Remove the media through the form: the public item has none after.
      await openTab(page, type);
      await page.getByRole('button', { name: `Edit ${title} (edited)` }).click();
      const edit2 = page.getByRole('form', { name: `Edit ${type}` });
      await expect(edit2.getByRole('img', { name: 'Media preview' })).toBeVisible();
      await edit2.getByRole('button', { name: 'Remove media' }).click();
      await edit2.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByRole('status').filter({ hasText: `${Label} updated successfully!` })).toBeVisible();
      expect((await (await request.get(api)).json()).media).toBeNull();

      // Delete asks first; Cancel keeps the item.
      await page.getByRole('button', { name: `Delete ${title} (edited)` }).click();
      const dialog = page.getByRole('dialog', { name: `Delete this ${type}?` });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('article', { name: `${title} (edited)` })).toBeVisible();
      await page.getByRole('button', { name: `Delete ${title} (edited)` }).click();
      await page.getByRole('dialog', { name: `Delete this ${type}?` }).getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByRole('status').filter({ hasText: `${Label} deleted successfully!` })).toBeVisible();
      await expect(page.getByRole('article', { name: `${title} (edited)` })).toHaveCount(0);
      expect((await request.get(api)).status()).toBe(404);
    });
  }

  test('a failed delete shows the catalogue alert', async ({ page }) => {
    await openTab(page, 'blog');
    await page.route('**/api/admin/blogs/*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, body: '{}' }) : route.continue(),
    );
    await page.getByRole('button', { name: /^Delete / }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to delete blog' })).toBeVisible();
  });

  test('the Blog tab shows a blog saved in another dashboard without a reload', async ({ page, request }) => {
    await openTab(page, 'blog');
    await expect(page.getByRole('article').first()).toBeVisible();
    const token = (await page.evaluate(() => JSON.parse(localStorage.getItem('pocketbase_auth') ?? '{}').token)) as string;
    const title = `Live blog ${uid()}`;
    const res = await request.post('/api/admin/blogs', { headers: { Authorization: token }, multipart: { title, author: 'Elsewhere' } });
    expect(res.status()).toBe(201);
    await expect(page.getByRole('article', { name: title })).toBeVisible({ timeout: 5000 });
  });
});
