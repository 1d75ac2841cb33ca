import { expect, test } from '@playwright/test';
import { getJSON, WIDTHS, type Summary } from './support';

type Tag = { name: string; count: number };

test.describe('tags', () => {
  for (const width of WIDTHS) {
    test(`tag buttons toggle with aria-pressed; ?tag= preselects (${width})`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 900 });
      const tags = await getJSON<Tag[]>(request, '/api/tags');
      const [first, second] = tags;
      const tagged = await getJSON<{ items: Summary[] }>(request, `/api/tags/${encodeURIComponent(second!.name)}`);

      await page.goto('/tags');
      const group = page.getByRole('group', { name: 'Tags' });
      const buttons = group.getByRole('button');
      await expect(buttons).toHaveCount(tags.length);
      const firstButton = group.getByRole('button', { name: `${first!.name} (${first!.count})` });
      await expect(firstButton).toHaveAttribute('aria-pressed', 'false');
      await expect(firstButton).toContainText(first!.name);
      await expect(firstButton).toContainText(String(first!.count));

      await firstButton.click();
      await expect(firstButton).toHaveAttribute('aria-pressed', 'true');
      await expect(page).toHaveURL(`/tags?tag=${encodeURIComponent(first!.name)}`);
      await expect(page.getByRole('heading', { name: `Tagged “${first!.name}”` })).toBeVisible();
      await firstButton.click();
      await expect(firstButton).toHaveAttribute('aria-pressed', 'false');
      await expect(page).toHaveURL('/tags');

      await page.goto(`/tags?tag=${encodeURIComponent(second!.name)}`);
      const secondButton = group.getByRole('button', { name: `${second!.name} (${second!.count})` });
      await expect(secondButton).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('main').getByRole('article')).toHaveCount(tagged.items.length);
    });
  }
});
