import { expect, test } from '@playwright/test';
import { OWNER, signIn, uid } from './admin-helpers';

// The dashboard asks before in-app navigation drops unsaved changes: links, tab changes and
// the browser's Back (the app's history holds them; lib/history.ts).
test.describe('unsaved changes in the dashboard', () => {
  test.describe.configure({ timeout: 90_000 });

  test.beforeEach(async ({ context, request }) => {
    await signIn(context, request, OWNER.email, OWNER.password);
  });

  test('a link or Back with unsaved changes asks first; Stay keeps the page, Leave goes', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin?tab=blog');
    await expect(page.getByRole('tablist', { name: 'Dashboard sections' })).toBeVisible();
    await page.getByRole('tab', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/tab=profile/);
    const bio = page.getByRole('form', { name: 'Profile' }).getByRole('textbox', { name: 'Bio' });
    await expect(bio).not.toHaveValue('');
    await bio.fill(`Unsaved ${uid()}`);

    const prompt = page.getByRole('dialog', { name: 'Leave with unsaved changes?' });
    await page.getByRole('link', { name: 'View site' }).click();
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: 'Stay' }).click();
    await expect(prompt).toBeHidden();
    await expect(page).toHaveURL(/\/admin\?tab=profile$/);

    await page.goBack();
    await expect(prompt).toBeVisible();
    await expect(page).toHaveURL(/\/admin\?tab=profile$/); // the Back is held
    await prompt.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/admin\?tab=blog$/);
    await expect(page.getByRole('tab', { name: 'Blog' })).toHaveAttribute('aria-selected', 'true');
  });
});
