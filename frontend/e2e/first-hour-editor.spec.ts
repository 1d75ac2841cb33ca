import { expect, test, type Page } from '@playwright/test';
import { OWNER, openTab, PNG, signIn, uid } from './admin-helpers';

// Issue 31: what a new owner hits in the first hour of writing a post.

const authToken = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('pocketbase_auth') ?? '{}').token as string);

async function newBlog(page: Page, title: string) {
  await openTab(page, 'blog');
  await page.getByRole('button', { name: 'New blog' }).click();
  const form = page.getByRole('form', { name: 'New blog' });
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  return form;
}

/** A file of `size` bytes that starts as a PNG (the browser types it by its name). */
const bigPng = (size: number) => {
  const b = Buffer.alloc(size);
  PNG.copy(b);
  return b;
};

test.describe('first hour: the editor', () => {
  test.describe.configure({ timeout: 90_000 });

  test.beforeEach(async ({ context, request }) => {
    await signIn(context, request, OWNER.email, OWNER.password);
  });

  test('an image is uploaded as a file with alt text, kept by a draft, and published by URL', async ({ page, request }) => {
    const title = `Image upload ${uid()}`;
    const form = await newBlog(page, title);
    // The author starts as the profile's name.
    await expect(form.getByRole('textbox', { name: 'Author' })).toHaveValue('Alex Morgan');
    const editor = form.locator('.ProseMirror');
    await editor.click();
    await page.keyboard.type('A chart follows.');

    // Over 10 MB: refused with the cover's message before anything is sent.
    let uploads = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/collections/itemImages/records') && r.method() === 'POST') uploads++;
    });
    await form.getByRole('button', { name: 'Image', exact: true }).click();
    await page.locator('input[type="file"][accept*="image/webp"]').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: bigPng(10 * 1024 * 1024 + 1) });
    await expect(page.getByText('Media is larger than 10 MB.')).toBeVisible();
    expect(uploads).toBe(0);

    await form.getByRole('button', { name: 'Image', exact: true }).click();
    await page.getByRole('textbox', { name: 'Alt text' }).fill('Sales by quarter');
    await page.locator('input[type="file"][accept*="image/webp"]').setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: PNG });
    const img = editor.locator('img[src^="/api/files/itemImages/"]');
    await expect(img).toHaveAttribute('alt', 'Sales by quarter');
    expect(uploads).toBe(1);
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await expect(editor.locator('img[src^="data:"]')).toHaveCount(0);

    // A reload restores the draft with its image (a URL now, not a data: blob).
    await expect(form.getByText('Draft saved on this device')).toBeVisible();
    await page.waitForTimeout(600);
    page.once('dialog', (d) => void d.accept());
    await page.reload();
    const reopened = page.getByRole('form', { name: 'New blog' });
    await reopened.getByRole('button', { name: 'Restore draft' }).click();
    await expect(reopened.locator('.ProseMirror img[src^="/api/files/itemImages/"]')).toHaveAttribute('alt', 'Sales by quarter');
    await page.screenshot({ path: 'test-results/screens/editor-image-1280.png' });

    await reopened.getByRole('button', { name: 'Publish blog' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Blog created successfully!' })).toBeVisible();
    await page.getByRole('link', { name: 'View on site' }).click();
    const shown = page.getByRole('article').locator('img[alt="Sales by quarter"]');
    await expect(shown).toHaveAttribute('src', /^\/api\/files\/itemImages\//);
    await expect.poll(() => shown.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const id = page.url().split('/').pop() ?? '';
    const detail = await (await request.get(`/api/blogs/${id}`)).json();
    expect(detail.description).toContain('/api/files/itemImages/');
    expect(detail.description).not.toContain('data:');
    await request.delete(`/api/admin/blogs/${id}`, { headers: { Authorization: await authToken(page) } });
  });

  test('a table is written with the toolbar, kept, and scrolls sideways on a phone; a pasted h1 is an h2', async ({ page, request }) => {
    const form = await newBlog(page, `Table ${uid()}`);
    const editor = form.locator('.ProseMirror');
    await editor.click();
    await page.keyboard.type('Trading partners');
    await form.getByRole('button', { name: 'Table', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Insert table' }).click();
    await expect(editor.locator('table th')).toHaveCount(3);
    await page.keyboard.type('Company');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Country');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Founded');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Island Trading');
    await page.keyboard.press('Tab');
    await page.keyboard.type('UK');
    await form.getByRole('button', { name: 'Table', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Add column' }).click();
    await expect(editor.locator('table tr').first().locator('th')).toHaveCount(4);
    await page.screenshot({ path: 'test-results/screens/editor-table-1280.png' });

    // A pasted page with an h1: the title stays the page's only h1.
    await editor.press('ControlOrMeta+End');
    await editor.evaluate((el) => {
      const data = new DataTransfer();
      data.setData('text/html', '<h1>Pasted heading</h1><p>Pasted text</p>');
      data.setData('text/plain', 'Pasted heading\nPasted text');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect(editor.locator('h2', { hasText: 'Pasted heading' })).toBeVisible();
    await expect(editor.locator('h1')).toHaveCount(0);
    await expect(form.getByRole('button', { name: 'Heading 1', exact: true })).toHaveCount(0);

    await form.getByRole('button', { name: 'Publish blog' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Blog created successfully!' })).toBeVisible();
    await page.getByRole('link', { name: 'View on site' }).click();
    const id = page.url().split('/').pop() ?? '';
    const detail = await (await request.get(`/api/blogs/${id}`)).json();
    expect(detail.description).toMatch(/<table><tbody><tr><th scope="col"><p>Company<\/p><\/th>/);
    expect(detail.description).toContain('<h2>Pasted heading</h2>');

    // The server's page for a phone: the table scrolls inside itself, the page does not.
    const phone = await page.context().browser()!.newPage({ viewport: { width: 375, height: 800 } });
    await phone.goto(`/blogs/${id}`);
    const table = phone.locator('.item-body table');
    await expect(table.locator('th', { hasText: 'Company' })).toBeVisible();
    await expect(phone.locator('h1')).toHaveCount(1);
    await phone.waitForLoadState('networkidle');
    const fit = await table.evaluate((el) => {
      el.querySelector('td')!.textContent = 'A_very_long_company_name_that_cannot_fit_on_a_narrow_phone_screen_at_all';
      return {
        overflow: getComputedStyle(el).overflowX,
        scrolls: el.scrollWidth > el.clientWidth,
        pageFits: document.documentElement.scrollWidth <= window.innerWidth,
      };
    });
    expect(fit).toEqual({ overflow: 'auto', scrolls: true, pageFits: true });
    await phone.close();
    await request.delete(`/api/admin/blogs/${id}`, { headers: { Authorization: await authToken(page) } });
  });

  test('a code block takes a language from a searchable list; one without is highlighted by detection on the server', async ({ page, request }) => {
    const form = await newBlog(page, `Code ${uid()}`);
    const editor = form.locator('.ProseMirror');
    const language = form.getByRole('combobox', { name: 'Code language' });
    await editor.click();
    await page.keyboard.type('Intro');
    await expect(language).toHaveCount(0); // offered only inside a code block
    await page.keyboard.press('Enter');
    await form.getByRole('button', { name: 'Code block', exact: true }).click();
    await page.keyboard.type('fn main() {\n    let answer: u32 = 42;\n    println!("{}", answer);\n}');
    await language.click();
    // The common languages come first; typing narrows the list.
    await expect(page.getByRole('option').first()).toHaveText('JavaScript');
    await language.fill('rus');
    await page.getByRole('option', { name: 'Rust' }).click();
    await expect(editor.locator('pre code.language-rust')).toHaveCount(1);
    await page.screenshot({ path: 'test-results/screens/editor-code-language-1280.png' });
    // A second block with no language.
    await editor.press('ControlOrMeta+End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await form.getByRole('button', { name: 'Code block', exact: true }).click();
    await page.keyboard.type('def greet(name):\n    """Say hello."""\n    return f"Hello, {name}!"\n\nclass Greeter:\n    pass');
    await form.getByRole('button', { name: 'Publish blog' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Blog created successfully!' })).toBeVisible();
    const id = (await (await request.get('/api/blogs?perPage=1')).json()).items[0].id as string;
    const detail = await (await request.get(`/api/blogs/${id}`)).json();
    expect(detail.description).toContain('<code class="language-rust">');

    await page.goto(`/blogs/${id}`);
    const rust = page.locator('.item-body pre code.language-rust');
    await expect(rust.locator('.hljs-keyword').first()).toBeVisible();
    // The block without a language is coloured as what it reads as (Python), by the server.
    const detected = page.locator('.item-body pre code:not(.language-rust)');
    await expect(detected.locator('.hljs-keyword').first()).toBeVisible();

    // No page loads a highlighter: the server colours code.
    const loaded: string[] = [];
    page.on('request', (r) => loaded.push(r.url()));
    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(loaded.filter((u) => /\/assets\/highlight-/.test(u))).toEqual([]);
    await request.delete(`/api/admin/blogs/${id}`, { headers: { Authorization: await authToken(page) } });
  });

  test('the link dialog refuses a javascript: address at once', async ({ page }) => {
    const form = await newBlog(page, `Link ${uid()}`);
    const editor = form.locator('.ProseMirror');
    await editor.click();
    await page.keyboard.type('Danger words');
    await editor.getByText('Danger words').click({ clickCount: 3 });
    await form.getByRole('button', { name: 'Link', exact: true }).click();
    const address = page.getByRole('textbox', { name: 'Link address' });
    await address.fill('javascript:alert(document.cookie)');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Only http, https, mailto, tel and sms links are allowed.')).toBeVisible();
    await expect(editor.locator('a')).toHaveCount(0);
    await address.fill('https://example.com/safe');
    await page.keyboard.press('Enter');
    await expect(editor.locator('a[href="https://example.com/safe"]')).toHaveText('Danger words');
  });

  test('the cover preview loads, a large cover is refused before sending, a fake PNG names the field, titles stop at 255', async ({ page }) => {
    const form = await newBlog(page, `Cover ${uid()}`);
    const cover = form.locator('input[type="file"][accept="image/*"]');
    await cover.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    const preview = form.getByRole('img', { name: 'Media preview' });
    await expect(preview).toHaveAttribute('src', /^blob:/);
    // The CSP allows blob: images: the preview really loads.
    await expect.poll(() => preview.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

    let sent = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/admin/blogs') && r.method() === 'POST') sent++;
    });
    await cover.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: bigPng(12 * 1024 * 1024) });
    await expect(form.getByText('Media is larger than 10 MB.')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Publish blog' })).toBeDisabled();
    expect(sent).toBe(0);

    await cover.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not a picture') });
    await form.getByRole('button', { name: 'Publish blog' }).click();
    await expect(form.getByRole('alert')).toHaveText('Failed to create blog: Media must be an image (JPEG, PNG, GIF or WebP).');
    expect(sent).toBe(1);

    const title = form.getByRole('textbox', { name: 'Title' });
    await title.fill('x'.repeat(199));
    await expect(form.getByText(/characters$/)).toHaveCount(0);
    await title.fill('x'.repeat(200));
    await expect(form.getByText('200 / 255 characters')).toBeVisible();
    await title.fill('x'.repeat(256));
    await expect(form.getByText('Title must be at most 255 characters')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Publish blog' })).toBeDisabled();
  });
});
