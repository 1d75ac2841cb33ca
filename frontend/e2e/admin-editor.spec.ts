import { expect, test, type Locator, type Page } from '@playwright/test';
import { OWNER, openTab, PNG_BASE64, pngFile, signIn, uid } from './admin-helpers';

async function newBlog(page: Page, title: string) {
  await openTab(page, 'blog');
  await page.getByRole('button', { name: 'New blog' }).click();
  const form = page.getByRole('form', { name: 'New blog' });
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form.getByRole('textbox', { name: 'Author' }).fill('Editor Test');
  return form;
}

/** Selects the block holding `text` and runs `apply` (a toolbar action). */
async function format(editor: Locator, text: string, apply: () => Promise<void>) {
  await editor.getByText(text, { exact: true }).click({ clickCount: 3 });
  await apply();
}

test.describe('rich-text editor', () => {
  // Long flows through a real browser; the shared CI machine can be slow.
  test.describe.configure({ timeout: 90_000 });

  test.beforeEach(async ({ context, request }) => {
    await signIn(context, request, OWNER.email, OWNER.password);
  });

  test('every toolbar format is saved and rendered on the detail page', async ({ page, request }) => {
    test.setTimeout(90_000);
    const form = await newBlog(page, `Formats ${uid()}`);
    const editor = form.locator('.ProseMirror');
    const toolbar = form.getByRole('toolbar').or(form.locator('.mantine-RichTextEditor-toolbar')).first();
    const button = (name: string) => toolbar.getByRole('button', { name, exact: true });
    const lines = [
      'Heading two', 'Heading three', 'Back to normal', 'Bold words', 'Italic words', 'Underlined words',
      'Struck words', 'Inline code', 'Sub text', 'Super text', 'Centered line', 'Right line', 'Justified line',
      'Indented line', 'Ordered item', 'Bullet item', 'Quoted line', 'Code block line', 'Red words', 'Highlighted words',
      'Serif words', 'Huge words', 'Small words', 'Linked words', 'Cleared words',
    ];
    await editor.click();
    await page.keyboard.type(lines.join('\n'));

    await format(editor, 'Heading two', () => button('Heading 2').click());
    await format(editor, 'Heading three', () => button('Heading 3').click());
    await format(editor, 'Back to normal', async () => {
      await button('Heading 2').click();
      await button('Normal text').click();
    });
    await format(editor, 'Bold words', () => button('Bold').click());
    await format(editor, 'Italic words', () => button('Italic').click());
    await format(editor, 'Underlined words', () => button('Underline').click());
    await format(editor, 'Struck words', () => button('Strikethrough').click());
    await format(editor, 'Inline code', () => button('Code').click());
    await format(editor, 'Sub text', () => button('Subscript').click());
    await format(editor, 'Super text', () => button('Superscript').click());
    await format(editor, 'Centered line', () => button('Align text: center').click());
    await format(editor, 'Right line', () => button('Align text: right').click());
    await format(editor, 'Justified line', () => button('Align text: justify').click());
    await format(editor, 'Indented line', async () => {
      await button('Increase indent').click();
      await button('Increase indent').click();
      await button('Decrease indent').click();
    });
    await format(editor, 'Ordered item', () => button('Ordered list').click());
    await format(editor, 'Bullet item', () => button('Bullet list').click());
    await format(editor, 'Quoted line', () => button('Blockquote').click());
    await format(editor, 'Code block line', () => button('Code block').click());
    await format(editor, 'Red words', async () => {
      await button('Text colour').click();
      await page.getByRole('button', { name: 'Set text color #c92a2a' }).click();
    });
    await format(editor, 'Highlighted words', async () => {
      await button('Background colour').click();
      await page.getByRole('button', { name: 'Background #fff3bf' }).click();
    });
    await format(editor, 'Serif words', async () => {
      await button('Font').click();
      await page.getByRole('menuitem', { name: 'Serif', exact: true }).click();
    });
    await format(editor, 'Huge words', async () => {
      await button('Text size').click();
      await page.getByRole('menuitem', { name: 'Huge', exact: true }).click();
    });
    await format(editor, 'Small words', async () => {
      await button('Text size').click();
      await page.getByRole('menuitem', { name: 'Small', exact: true }).click();
    });
    await format(editor, 'Linked words', async () => {
      await button('Link').click();
      await page.getByPlaceholder('https://example.com/').fill('https://example.com/e2e');
      await page.keyboard.press('Enter');
    });
    await format(editor, 'Cleared words', async () => {
      await button('Bold').click();
      await button('Italic').click();
      await button('Clear formatting').click();
    });
    // An image (uploaded as a file, inserted by its URL) and a video at the end.
    await editor.press('ControlOrMeta+End');
    await button('Image').click();
    await page.locator('input[type="file"][accept*="image/png"]').setInputFiles(pngFile('inline.png'));
    await expect(editor.locator('img[src^="/api/files/itemImages/"]')).toBeVisible();
    await editor.press('ControlOrMeta+End');
    await button('Video').click();
    await page.getByRole('textbox', { name: 'Video address' }).fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await page.getByRole('button', { name: 'Insert' }).click();
    await expect(editor.locator('iframe[src*="youtube-nocookie.com/embed/dQw4w9WgXcQ"]')).toHaveCount(1);

    await form.getByRole('button', { name: 'Publish blog' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Blog created successfully!' })).toBeVisible();
    await page.getByRole('link', { name: 'View on site' }).click();
    const body = page.getByRole('article');
    // The title is the page's one h1: the editor offers h2 and h3.
    await expect(page.locator('h1')).toHaveCount(1);

    const expectations: [string, string][] = [
      ['h2', 'Heading two'], ['h3', 'Heading three'], ['p', 'Back to normal'], ['strong', 'Bold words'],
      ['em', 'Italic words'], ['u', 'Underlined words'], ['s', 'Struck words'], ['p > code', 'Inline code'],
      ['sub', 'Sub text'], ['sup', 'Super text'], ['p[style*="text-align: center"]', 'Centered line'],
      ['p[style*="text-align: right"]', 'Right line'], ['p[style*="text-align: justify"]', 'Justified line'],
      ['p[style*="margin-left: 2em"]', 'Indented line'], ['ol > li', 'Ordered item'], ['ul > li', 'Bullet item'],
      ['blockquote', 'Quoted line'], ['pre > code', 'Code block line'], ['span[style*="color"]', 'Red words'],
      ['mark[style*="background-color"]', 'Highlighted words'], ['span[style*="font-family"]', 'Serif words'],
      ['span[style*="font-size: 2.5em"]', 'Huge words'], ['span[style*="font-size: 0.75em"]', 'Small words'],
      ['a[href="https://example.com/e2e"]', 'Linked words'],
    ];
    for (const [selector, text] of expectations) {
      await expect(body.locator(selector).filter({ hasText: text }).first(), `${selector} ${text}`).toBeVisible();
    }
    await expect(body.locator('img[src^="/api/files/itemImages/"]')).toHaveCount(1);
    await expect(body.locator('img[src^="data:"]')).toHaveCount(0);
    await expect(body.locator('iframe[src*="youtube-nocookie.com/embed/dQw4w9WgXcQ"]')).toHaveCount(1);
    // Colours as the author picked them, after the server's sanitiser and the page's DOMPurify.
    await expect(body.locator('span[style*="color"]').filter({ hasText: 'Red words' })).toHaveCSS('color', 'rgb(201, 42, 42)');
    await expect(body.locator('mark').filter({ hasText: 'Highlighted words' })).toHaveCSS('background-color', 'rgb(255, 243, 191)');
    await expect(body.locator('strong, em').filter({ hasText: 'Cleared words' })).toHaveCount(0);

    const id = page.url().split('/').pop();
    await request.delete(`/api/admin/blogs/${id}`, {
      headers: { Authorization: (await page.evaluate(() => JSON.parse(localStorage.getItem('pocketbase_auth') ?? '{}').token)) as string },
    });
  });

  test('a javascript: link typed in the editor never reaches the saved HTML', async ({ page, request }) => {
    const form = await newBlog(page, `Links ${uid()}`);
    const editor = form.locator('.ProseMirror');
    await editor.click();
    await page.keyboard.type('Danger words');
    await editor.getByText('Danger words').click({ clickCount: 3 });
    await form.getByRole('button', { name: 'Link', exact: true }).click();
    await page.getByPlaceholder('https://example.com/').fill('javascript:alert(document.cookie)');
    await page.keyboard.press('Enter');
    // The dialog refuses it at once; no link is made.
    await expect(page.getByText('Only http, https, mailto, tel and sms links are allowed.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(editor.locator('a')).toHaveCount(0);

    // Pasted image files: JPEG, PNG, GIF and WebP are uploaded as files, anything else is refused.
    const paste = (name: string, type: string) =>
      editor.evaluate(
        (el, [b64, fileName, mime]) => {
          const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
          const data = new DataTransfer();
          data.items.add(new File([bytes], fileName, { type: mime }));
          el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
        },
        [PNG_BASE64, name, type] as const,
      );
    await editor.press('End');
    await paste('drawing.svg', 'image/svg+xml');
    await expect(page.getByText('Only JPEG, PNG, GIF or WebP images can be added.')).toBeVisible();
    await expect(editor.locator('img')).toHaveCount(0);
    await paste('shot.png', 'image/png');
    await expect(editor.locator('img[src^="/api/files/itemImages/"]')).toHaveCount(1);
    await form.getByRole('button', { name: 'Publish blog' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Blog created successfully!' })).toBeVisible();
    await page.getByRole('link', { name: 'View on site' }).click();
    await expect(page.getByRole('article').getByText('Danger words')).toBeVisible();
    const id = page.url().split('/').pop();
    const detail = await (await request.get(`/api/blogs/${id}`)).json();
    expect(detail.description).toContain('Danger words');
    expect(detail.description.toLowerCase()).not.toContain('javascript');
    await expect(page.getByRole('article').locator('a[href^="javascript"]')).toHaveCount(0);
  });

  test('a draft survives a reload and is offered back', async ({ page }) => {
    const title = `Draft ${uid()}`;
    const form = await newBlog(page, title);
    await form.locator('.ProseMirror').click();
    await page.keyboard.type('Words that must not be lost.');
    await expect(form.getByText('Draft saved on this device')).toBeVisible();
    await page.waitForTimeout(600); // the draft is written once typing settles
    page.once('dialog', (d) => void d.accept()); // the browser's leave prompt
    await page.reload();
    const reopened = page.getByRole('form', { name: 'New blog' });
    await expect(reopened.getByText('Unsaved draft found')).toBeVisible();
    await reopened.getByRole('button', { name: 'Restore draft' }).click();
    await expect(reopened.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
    await expect(reopened.locator('.ProseMirror')).toHaveText('Words that must not be lost.');
    // Leaving the tab with unsaved changes asks first.
    await page.getByRole('tab', { name: 'Project' }).click();
    const prompt = page.getByRole('dialog', { name: 'Leave with unsaved changes?' });
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/tab=blog/);
    await reopened.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Discard changes' }).click();
  });
});
