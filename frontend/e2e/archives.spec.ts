import { expect, test } from '@playwright/test';
import { getJSON, WIDTHS } from './support';

type Year = { year: number; items: { id: string; type: 'blog' | 'project'; title: string }[] };

test.describe('archives', () => {
  for (const width of WIDTHS) {
    test(`years newest first; markers B/P below 430, Blog/Project above (${width})`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 900 });
      const years = await getJSON<Year[]>(request, '/api/archives');
      await page.goto('/archives');
      const headings = page.getByRole('main').getByRole('heading', { level: 2 });
      await expect(headings).toHaveText(years.map((y) => String(y.year)));

      const first = years[0]!.items[0]!;
      const row = page.getByRole('listitem').filter({ has: page.locator(`a[href$="/${first.id}"]`) });
      const marker = row.locator('.row-marker');
      const name = first.type === 'project' ? 'Project' : 'Blog';
      if (width < 430) {
        await expect(marker.locator('[aria-hidden="true"]')).toHaveText(name[0]!);
        await expect(marker).toHaveAttribute('title', name);
      } else {
        // What shows (the narrow form is in the markup too, hidden by CSS above 430).
        await expect(marker.locator('.marker-long')).toBeVisible();
        await expect(marker.locator('.marker-long')).toHaveText(name);
      }
      const titles = await page.getByRole('main').getByRole('listitem').getByRole('link').allTextContents();
      for (const t of titles) expect(Array.from(t).length).toBeLessThanOrEqual(80);
    });
  }
});
