import { describe, expect, it } from 'vitest';
import { makeItem } from '@/test/fixtures';
import { mockFetch } from '@/test/mock-fetch';
import { render, screen } from '@/test/test-utils';
import BlogRoute from '../blog';

const blog = {
  ...makeItem({ id: 'b1', title: 'Engines of thought', author: 'Ada Lovelace', categories: ['Engineering', 'Go'], tags: ['history'] }),
  description: '<p>Safe <strong>text</strong></p><img src="x" onerror="window.__pwned = true"><script>window.__pwned = true</script>',
  wordCount: 2,
  readingMinutes: 1,
  liked: false,
  attachLinks: ['https://example.com/a'],
};

describe('Blog detail', () => {
  it("shows 'Loading...' and then the title, author and sanitised description", async () => {
    mockFetch({ 'GET /api/blogs/b1': blog });
    render(<BlogRoute />, { route: '/blogs/b1', path: '/blogs/:id' });

    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Engines of thought' })).toBeInTheDocument();
    expect(screen.getByText('By Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('text')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('[onerror]')).toBeNull();
    expect(screen.getByRole('link', { name: 'Read 1' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Engineering' })).toHaveAttribute(
      'href',
      '/categories?category=Engineering&open=true',
    );
    expect(screen.getByRole('link', { name: 'Go' })).toHaveAttribute(
      'href',
      '/categories?main=Engineering&sub=Go&openSub=true',
    );
    // A tag link names itself as a tag (a bare "Go" says nothing about where it goes).
    expect(screen.getByRole('link', { name: /^Tag:\s*history$/ })).toHaveAttribute('href', '/tags?tag=history');
    expect(screen.getByText(/licensed under/)).toHaveTextContent('CC BY-NC-SA 4.0');
    // Parts 10 to 12: share buttons, the comment form and pluralised counts.
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Your opinion about this post...')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Your email')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('button', { name: '0 Likes' })).toHaveAttribute('aria-pressed', 'false');
  });
});
