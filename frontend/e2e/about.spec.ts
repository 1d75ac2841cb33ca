import { expect, test } from '@playwright/test';
import { expectNoHorizontalScroll, getJSON, ownerToken, WIDTHS } from './support';

type About = Record<string, unknown> & { header: string; skills: string; awards: string };

test.describe('about', () => {
  for (const width of WIDTHS) {
    test(`header is rich text, every section shows, no sideways scroll (${width})`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/about');
      const main = page.getByRole('main');
      await expect(main.getByRole('button', { name: 'Refresh Content' })).toBeVisible();
      // The header renders as HTML, never as its source.
      await expect(main).not.toContainText('<p>');
      await expect(main).not.toContainText('<h1>');
      for (const title of ['Profile', 'Skills', 'Projects', 'Awards', 'References', 'Experience', 'Courses', 'Languages', 'Interests', 'Motivation']) {
        const section = main.getByRole('region', { name: title, exact: true });
        await expect(section).toBeVisible();
        // Its text is on screen, not clipped: the section is no wider than the window.
        const box = await section.boundingBox();
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      }
      await expectNoHorizontalScroll(page);
    });
  }

  test('Refresh Content reloads from the server, and empty sections show their fallbacks', async ({ page, request }) => {
    const token = await ownerToken(request);
    const original = await getJSON<About>(request, '/api/about');
    const put = (fields: Record<string, string>) =>
      request.put('/api/admin/about', { headers: { Authorization: token }, multipart: fields });

    await page.goto('/about');
    await expect(page.getByRole('region', { name: 'Skills', exact: true })).toBeVisible();
    try {
      expect((await put({ skills: '<p>Refreshed in an end-to-end test</p>', awards: '' })).status()).toBe(200);
      await page.getByRole('button', { name: 'Refresh Content' }).click();
      await expect(page.getByRole('region', { name: 'Skills', exact: true })).toContainText('Refreshed in an end-to-end test');
      await expect(page.getByRole('region', { name: 'Awards', exact: true })).toContainText('No awards listed.');

      expect((await put({ skills: '' })).status()).toBe(200);
      await page.getByRole('button', { name: 'Refresh Content' }).click();
      await expect(page.getByRole('region', { name: 'Skills', exact: true })).toContainText('No skills listed.');
    } finally {
      expect((await put({ skills: original.skills, awards: original.awards })).status()).toBe(200);
    }
  });
});
