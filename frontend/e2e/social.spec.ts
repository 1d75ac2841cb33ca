import { expect, test } from '@playwright/test';
import { getJSON, WIDTHS } from './support';

type Profile = { socialLinks: { title: string; url: string }[] };

const KIND_BY_TITLE: Record<string, string> = {
  GitHub: 'github',
  LinkedIn: 'linkedin',
  Mastodon: 'mastodon',
  Email: 'email',
  RSS: 'rss',
};

test.describe('left sidebar', () => {
  for (const width of WIDTHS) {
    test(`social links are named icon buttons chosen by host (${width})`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 800 });
      const { socialLinks } = await getJSON<Profile>(request, '/api/profile');
      expect(socialLinks.length).toBeGreaterThan(0);
      await page.goto('/');
      if (width < 850) await page.getByRole('button', { name: 'Open navigation' }).click();
      const list = page.getByRole('list', { name: 'Social links' });
      await expect(list).toBeVisible();
      for (const link of socialLinks) {
        const anchor = list.getByRole('link', { name: link.title, exact: true });
        await expect(anchor).toHaveAttribute('href', link.url);
        if (KIND_BY_TITLE[link.title]) await expect(anchor).toHaveAttribute('data-kind', KIND_BY_TITLE[link.title]!);
      }
      await expect(page.getByRole('button', { name: 'Toggle color scheme' })).toBeVisible();
    });
  }
});
