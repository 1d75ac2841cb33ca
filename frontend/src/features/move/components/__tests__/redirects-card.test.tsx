import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/test/mock-fetch';
import { render, screen, within } from '@/test/test-utils';
import { RedirectsCard } from '../redirects-card';

describe('RedirectsCard', () => {
  it('lists the redirects, shows a refused path under From, adds and deletes', async () => {
    let list = [{ id: 'r1', from: '/old-post/', to: '/blogs/abc', code: 301 }];
    const posted: unknown[] = [];
    mockFetch({
      'GET /api/admin/redirects': () => json(list),
      'POST /api/admin/redirects': async (_url: URL, init: RequestInit) => {
        const body = JSON.parse(String(init.body)) as { from: string; to: string; code: number };
        posted.push(body);
        if (body.from === '/about') {
          return json({ status: 400, message: 'Invalid redirect.', data: { from: { code: 'validation_existing_page', message: "From is an existing page's path." } } }, 400);
        }
        const added = { id: 'r2', ...body };
        list = [...list, added];
        return json(added, 201);
      },
      'DELETE /api/admin/redirects/r1': () => {
        list = list.filter((r) => r.id !== 'r1');
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    render(<RedirectsCard />);
    const table = await screen.findByRole('table', { name: 'Redirects' });
    expect(within(table).getByText('/old-post/')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /From/ }), '/about');
    await user.type(screen.getByRole('textbox', { name: /To/ }), '/blogs');
    await user.click(screen.getByRole('button', { name: 'Add redirect' }));
    expect(await screen.findByText("From is an existing page's path.")).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: /From/ }));
    await user.type(screen.getByRole('textbox', { name: /From/ }), '/gone/');
    await user.click(screen.getByRole('button', { name: 'Add redirect' }));
    expect(await within(table).findByText('/gone/')).toBeInTheDocument();
    expect(posted.at(-1)).toEqual({ from: '/gone/', to: '/blogs', code: 301 });
    expect(screen.getByRole('textbox', { name: /From/ })).toHaveValue('');

    await user.click(within(table).getByRole('button', { name: 'Delete the redirect from /old-post/' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await expect.poll(() => within(table).queryByText('/old-post/')).toBeNull();
  });
});
