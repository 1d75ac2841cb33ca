import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/mock-fetch';
import { render, screen } from '@/test/test-utils';
import { AppRoutes } from '../../router';

describe('Not Found', () => {
  it('answers an unknown path with "Page not found" and a link home', async () => {
    mockFetch({ 'GET /api/profile': { heading: '', bio: '', image: null } });
    render(<AppRoutes />, { route: '/no-such-page' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    // Still inside the site shell, so the navigation is at hand.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(document.title).toBe('Page not found · Folio');
  });

  it('is shown for a blog id the server does not know', async () => {
    mockFetch({ 'GET /api/profile': { heading: '', bio: '', image: null } });
    render(<AppRoutes />, { route: '/blogs/unknown' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
