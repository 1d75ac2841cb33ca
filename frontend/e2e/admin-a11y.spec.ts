import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { OWNER, signIn } from './admin-helpers';

const TABS: { tab: string; ready: string; open?: string }[] = [
  { tab: 'analytics', ready: 'Locations' },
  { tab: 'blog', ready: 'Blogs', open: 'New blog' },
  { tab: 'project', ready: 'Projects' }, // its form is the blog form's twin
  { tab: 'profile', ready: 'Sidebar preview' },
  { tab: 'about', ready: 'Skills', open: 'Edit About' },
  { tab: 'admins', ready: 'Admin Management' },
  { tab: 'move', ready: 'Redirects' },
];

for (const scheme of ['dark', 'light'] as const) {
  test(`every dashboard tab has no axe violations in the ${scheme} theme`, async ({ page, context, request }) => {
    test.setTimeout(180_000); // seven tabs, two with the editor open; axe takes ~5 s a tab on a busy machine
    await signIn(context, request, OWNER.email, OWNER.password, scheme);
    const found: string[] = [];
    for (const { tab, ready, open } of TABS) {
      await page.goto(`/admin?tab=${tab}`);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await expect(page.getByText(ready, { exact: true }).first()).toBeVisible();
      if (open) {
        await page.getByRole('button', { name: open }).click();
        await expect(page.locator('.ProseMirror').first()).toBeVisible();
      }
      await page.waitForTimeout(300); // charts and transitions settle
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      found.push(...result.violations.map((v) => `${tab}: ${v.id} (${v.impact}) ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`));
    }
    expect(found, found.join('\n')).toEqual([]);
  });
}
