import { expect, test } from '@playwright/test';
import { listItems, WIDTHS } from './support';

const itemPath = (item: { type: string; id: string }) => `/${item.type === 'project' ? 'projects' : 'blogs'}/${item.id}`;

test.describe('search', () => {
  for (const width of WIDTHS) {
    test(`matches drop down, Enter opens the first, keyboard works (${width})`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 800 });
      const matches = await listItems(request, '/api/content?q=GO&perPage=8');
      expect(matches.length).toBeGreaterThan(1);

      await page.goto('/');
      await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
      // `/` focuses the box from anywhere (once the combobox has loaded, right after first paint).
      const box = page.getByRole('combobox', { name: 'Search titles' });
      await expect(box).toBeAttached();
      await page.locator('body').press('/');
      await expect(box).toBeFocused();

      await box.pressSequentially('go');
      const list = page.getByRole('listbox');
      const options = list.getByRole('option');
      // The matches, then "Search all posts for …" (/search?q=).
      await expect(options).toHaveCount(matches.length + 1);
      await expect(options.last()).toHaveText('Search all posts for “go”');
      await expect(box).toHaveAttribute('aria-expanded', 'true');
      // Newest first (the server's order), titles cut at 28, the typed part highlighted.
      for (const [i, item] of matches.entries()) {
        const shown = item.title.length > 28 ? `${Array.from(item.title).slice(0, 27).join('').trimEnd()}…` : item.title;
        await expect(options.nth(i)).toContainText(shown);
      }
      await expect(list.locator('mark').first()).toHaveText(/^go$/i);

      // Escape closes the list; typing opens it again.
      await box.press('Escape');
      await expect(list).toBeHidden();
      await box.press('Backspace');
      await box.pressSequentially('o');
      await expect(options).toHaveCount(matches.length + 1);

      // Arrow keys move the selection; Enter opens the selected match.
      await box.press('ArrowDown');
      await box.press('ArrowDown');
      const second = await options.nth(1).getAttribute('id');
      await expect(box).toHaveAttribute('aria-activedescendant', second!);
      await box.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${itemPath(matches[1]!)}$`));

      // Enter with nothing selected opens the first match.
      await page.locator('body').press('/');
      await box.pressSequentially('go');
      await expect(options).toHaveCount(matches.length + 1);
      await box.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${itemPath(matches[0]!)}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(matches[0]!.title);
    });
  }

  test('a title nobody wrote finds nothing', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search titles' });
    await box.fill('zzqx-no-such-title');
    await expect(page.getByRole('listbox')).toContainText('No matching titles');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/$/);
  });
});
