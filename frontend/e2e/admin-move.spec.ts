import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createAdmin, OWNER, signIn, uid } from './admin-helpers';

const GHOST = path.resolve(import.meta.dirname, '../../move/testdata/ghost5.json');
const SHOTS = process.env.FOLIO_SHOTS_DIR;

test.describe('Import/Export tab', () => {
  test('a plain admin does not see it', async ({ browser, request }) => {
    const email = `plain-move-${uid()}@folio.test`;
    createAdmin(email, 'plain-pass-2026');
    const context = await browser.newContext();
    await signIn(context, request, email, 'plain-pass-2026');
    const page = await context.newPage();
    await page.goto('/admin?tab=move');
    await expect(page.getByRole('tab', { name: 'Analytics' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Import/Export' })).toHaveCount(0);
    await context.close();
  });

  test('a super admin imports a Ghost export, downloads the export and manages redirects', async ({ page, context, request }) => {
    await signIn(context, request, OWNER.email, OWNER.password);
    await page.goto('/admin?tab=move');
    await expect(page.getByRole('heading', { name: 'Import/Export' })).toBeVisible();

    await page.locator('input[type=file]').setInputFiles(GHOST);
    await expect(page.getByRole('button', { name: 'Export file' })).toContainText('ghost5.json');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const status = page.getByRole('status').filter({ hasText: 'Import finished' });
    // a second run of the same file is skipped, so the counts depend on whether it ran before
    await expect(status).toContainText(/items? imported/);
    await expect(status).toContainText('redirect');
    const problems = page.getByRole('list', { name: 'Import problems' });
    if (await problems.count()) await expect(problems).toContainText('Welcome to the garden');

    // the export downloads as a zip
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download export' }).click();
    expect((await download).suggestedFilename()).toMatch(/^folio-export-\d{4}-\d{2}-\d{2}\.zip$/);

    // redirects: the import's old URL is listed; one added by hand, refused on an existing page, deleted
    const table = page.getByRole('table', { name: 'Redirects' });
    await expect(table).toContainText('/welcome-to-the-garden/');
    const from = `/old-${uid()}/`;
    await page.getByRole('textbox', { name: 'From' }).fill('/about');
    await page.getByRole('textbox', { name: 'To' }).fill('/blogs');
    await page.getByRole('button', { name: 'Add redirect' }).click();
    await expect(page.getByText("From is an existing page's path.")).toBeVisible();
    await page.getByRole('textbox', { name: 'From' }).fill(from);
    await page.locator('label[for$="-302"]').click();
    await expect(page.getByRole('radio', { name: '302' })).toBeChecked();
    await page.getByRole('button', { name: 'Add redirect' }).click();
    await expect(table).toContainText(from);
    const res = await request.get(from, { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe('/blogs');

    if (SHOTS) {
      // both themes through the dashboard's own toggle (the import's result stays on screen); a
      // viewport tall enough for the whole panel, so the sticky tab bar stays at the top
      for (const round of [0, 1]) {
        if (round) await page.getByRole('button', { name: 'Toggle color scheme' }).click();
        const scheme = await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
        for (const width of [375, 1440]) {
          await page.setViewportSize({ width, height: width < 600 ? 2000 : 1300 });
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.screenshot({ path: path.join(SHOTS, `move-${width}-${scheme}.png`) });
        }
      }
      await page.setViewportSize({ width: 1280, height: 800 });
    }

    await page.getByRole('button', { name: `Delete the redirect from ${from}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(table).not.toContainText(from);
  });
});
