import { describe, expect, it } from 'vitest';
import { makeItem } from '@/test/fixtures';
import { mockFetch } from '@/test/mock-fetch';
import { render, screen, within } from '@/test/test-utils';
import { RecentlyUpdated } from '../recently-updated';

describe('RecentlyUpdated', () => {
  it('lists the 6 newest items with titles cut at 28 characters and short dates', async () => {
    const items = Array.from({ length: 6 }, (_, i) =>
      makeItem({
        id: `id${i}`,
        type: i % 2 ? 'project' : 'blog',
        title: `Item number ${i} with a title far longer than the sidebar allows`,
        date: `2026-11-${String(21 - i).padStart(2, '0')}`,
      }),
    );
    const fetchMock = mockFetch({
      'GET /api/content': { page: 1, perPage: 6, totalItems: 24, totalPages: 4, items },
    });

    render(<RecentlyUpdated />);

    const section = screen.getByRole('region', { name: 'Recently Updated' });
    const links = await within(section).findAllByRole('link');
    expect(links).toHaveLength(6);
    expect(links[0]).toHaveTextContent(/^Item number 0 with a title…$/);
    for (const link of links) {
      expect(Array.from(link.textContent ?? '').length).toBeLessThanOrEqual(28);
      expect(link.textContent).toMatch(/…$/);
    }
    expect(links[0]).toHaveAttribute('title', items[0]?.title);
    expect(links[0]).toHaveAttribute('href', '/blogs/id0');
    expect(links[1]).toHaveAttribute('href', '/projects/id1');
    expect(within(section).getByText('Nov 21')).toBeInTheDocument();
    expect(within(section).getByText('Nov 16')).toBeInTheDocument();

    const url = new URL(String(fetchMock.mock.calls[0]?.[0]));
    expect(url.searchParams.get('perPage')).toBe('6');
  });

  it('keeps short titles whole', async () => {
    mockFetch({
      'GET /api/content': { page: 1, perPage: 6, totalItems: 1, totalPages: 1, items: [makeItem({ title: 'Short' })] },
    });
    render(<RecentlyUpdated />);
    expect(await screen.findByRole('link', { name: 'Short' })).toBeInTheDocument();
  });
});
