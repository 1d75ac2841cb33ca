import { expect, test } from '@playwright/test';
import { OWNER, openTab, signIn, uid } from './admin-helpers';

test.describe('admin Profile and About tabs', () => {
  // Long flows through a real browser; the shared CI machine can be slow.
  test.describe.configure({ timeout: 90_000 });

  test.beforeEach(async ({ context, request }) => {
    await signIn(context, request, OWNER.email, OWNER.password);
  });

  test('a Profile update shows in the public sidebar', async ({ page, request }) => {
    await openTab(page, 'profile');
    const form = page.getByRole('form', { name: 'Profile' });
    const bio = form.getByRole('textbox', { name: 'Bio' });
    const heading = form.getByRole('textbox', { name: 'Heading' });
    await expect(heading).not.toHaveValue('');
    const before = await bio.inputValue();

    // Required fields.
    await heading.fill('');
    await expect(form.getByText('Heading is required')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Save profile' })).toBeDisabled();
    await page.keyboard.press('ControlOrMeta+z');
    await heading.fill((await (await request.get('/api/profile')).json()).heading);

    const newBio = `Writes software and tests it. ${uid()}`;
    await bio.fill(newBio);
    await form.getByRole('textbox', { name: 'Link 1 title' }).fill('GitHub');
    await form.getByRole('textbox', { name: 'Link 1 address' }).fill('https://github.com/folio-e2e');
    await form.getByRole('button', { name: 'Save profile' }).click();
    await expect(form.getByRole('status').filter({ hasText: 'Profile updated successfully!' })).toBeVisible();

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expect(page.getByText(newBio).first()).toBeVisible();
    const profile = await (await request.get('/api/profile')).json();
    expect(profile.bio).toBe(newBio);
    if ('socialLinks' in profile) expect(profile.socialLinks).toContainEqual({ title: 'GitHub', url: 'https://github.com/folio-e2e' });

    // Put the bio back for the other specs.
    await openTab(page, 'profile');
    await page.getByRole('form', { name: 'Profile' }).getByRole('textbox', { name: 'Bio' }).fill(before);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Profile updated successfully!' })).toBeVisible();
  });

  test('About: view mode, Edit About, save returns to view mode and shows on /about', async ({ page }) => {
    await openTab(page, 'about');
    await expect(page.getByRole('heading', { name: 'Skills' })).toBeVisible();
    await page.getByRole('button', { name: 'Edit About' }).click();
    const form = page.getByRole('form', { name: 'Edit About' });
    const header = `About me ${uid()}`;
    const editor = form.locator('.ProseMirror');
    await expect(form.getByRole('tab', { name: 'Header' })).toHaveAttribute('aria-selected', 'true');
    await editor.click();
    await editor.press('ControlOrMeta+a');
    await page.keyboard.type(header);
    await form.getByRole('tab', { name: 'Skills' }).click();
    // The About toolbar has no code, code block, image or video.
    for (const name of ['Code', 'Code block', 'Image', 'Video']) {
      await expect(form.getByRole('button', { name, exact: true })).toHaveCount(0);
    }
    await editor.click();
    await editor.press('ControlOrMeta+a');
    await page.keyboard.type('Go, TypeScript and careful testing.');

    // A failed save keeps everything and says so.
    await page.route('**/api/admin/about', (route) =>
      route.request().method() === 'GET' ? route.continue() : route.fulfill({ status: 500, body: '{}' }),
    );
    await form.getByRole('button', { name: 'Save About' }).click();
    await expect(form.getByRole('alert').filter({ hasText: 'Failed to submit About data' })).toBeVisible();
    await expect(editor).toHaveText('Go, TypeScript and careful testing.');
    await page.unroute('**/api/admin/about');

    await form.getByRole('button', { name: 'Save About' }).click();
    await expect(page.getByRole('form', { name: 'Edit About' })).toHaveCount(0);
    await expect(page.getByText(header)).toBeVisible();
    await expect(page.getByText('Go, TypeScript and careful testing.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit About' })).toBeVisible();

    await page.goto('/about');
    await expect(page.getByText(header).first()).toBeVisible();
    await expect(page.getByText('Go, TypeScript and careful testing.')).toBeVisible();
  });
});
