import { describe, expect, it } from 'vitest';
import { makeList } from '@/test/fixtures';
import { mockFetch } from '@/test/mock-fetch';
import { render, screen, waitFor } from '@/test/test-utils';
import HomeRoute from '../home';

const profile = { heading: 'Ada Lovelace', bio: 'Writes about engines.', image: null };

function serveContent(totalItems: number) {
  return mockFetch({
    'GET /api/profile': profile,
    'GET /api/content': (url: URL) => Promise.resolve(
      new Response(JSON.stringify(makeList(totalItems, Number(url.searchParams.get('page') ?? 1))), {
        headers: { 'Content-Type': 'application/json' },
      }),
    ),
  });
}

describe('Home', () => {
  it('shows cards without pagination for 10 items or fewer', async () => {
    serveContent(10);
    render(<HomeRoute />);
    expect(await screen.findAllByRole('article')).toHaveLength(10);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it('links each card to its blog or project page', async () => {
    serveContent(2);
    render(<HomeRoute />);
    expect(await screen.findByRole('link', { name: 'Title of item1' })).toHaveAttribute('href', '/blogs/item1');
    expect(screen.getByRole('link', { name: 'Title of item2' })).toHaveAttribute('href', '/projects/item2');
  });

  it('shows Previous, numbered pages and Next past 10 items, and pages with a smooth scroll', async () => {
    const fetchMock = serveContent(11);
    const { user } = render(<HomeRoute />);
    expect(await screen.findAllByRole('article')).toHaveLength(10);

    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(pager).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Title of item11' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });

    const pages = fetchMock.mock.calls
      .map(([input]) => new URL(String(input)))
      .filter((url) => url.pathname === '/api/content')
      .map((url) => url.searchParams.get('page'));
    expect(pages).toEqual(['1', '2']);
  });

  it('shows an empty list when the request fails', async () => {
    mockFetch({ 'GET /api/profile': profile });
    const error = console.error;
    console.error = () => {};
    try {
      render(<HomeRoute />);
      expect(await screen.findByText('Nothing here yet.')).toBeInTheDocument();
    } finally {
      console.error = error;
    }
  });
});
