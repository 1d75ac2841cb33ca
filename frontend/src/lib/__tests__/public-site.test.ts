import { BREAKPOINTS, CARD_TRUNCATION, TRUNCATE } from '@/config/constants';
import { categoryParams, readCategoryParams } from '@/config/paths';
import { prepareArticle, slugify } from '@/lib/article-html';
import { formatDate, formatShortDate, pluralize, truncate, updatedAfter } from '@/lib/format';
import { shareUrl } from '@/lib/share';
import { socialKind } from '@/lib/social';
import { cardLimits, isNarrow, widthBand } from '@/lib/width-bands';

describe('width bands', () => {
  it.each([
    [320, 'base'],
    [379, 'base'],
    [380, 'xs'],
    [429, 'xs'],
    [430, 'sm'],
    [849, 'sm'],
    [850, 'md'],
    [1199, 'md'],
    [1200, 'xl'],
    [1920, 'xl'],
  ] as const)('%i px is band %s', (width, band) => {
    expect(widthBand(width)).toBe(band);
  });

  it('pairs each band with the spec card limits (description/title)', () => {
    expect([320, 400, 600, 1000, 1300].map((w) => cardLimits(w))).toEqual([
      { description: 80, title: 25 },
      { description: 100, title: 30 },
      { description: 120, title: 35 },
      { description: 370, title: 60 },
      { description: 400, title: 50 },
    ]);
    expect(Object.keys(CARD_TRUNCATION)).toHaveLength(5);
  });

  it('is narrow below 430 only', () => {
    expect(isNarrow(BREAKPOINTS.narrow - 1)).toBe(true);
    expect(isNarrow(BREAKPOINTS.narrow)).toBe(false);
  });
});

describe('truncation limits', () => {
  const long = 'x'.repeat(200);
  it.each(Object.entries(TRUNCATE))('%s cuts at %i with the ellipsis inside', (_, max) => {
    const cut = truncate(long, max);
    expect(Array.from(cut)).toHaveLength(max);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('has the spec numbers', () => {
    expect(TRUNCATE).toMatchObject({
      searchTitle: 28,
      recentTitle: 28,
      categoryItemTitle: 70,
      subcategoryName: 30,
      archiveTitle: 80,
      furtherReadingTitle: 40,
      furtherReadingDescription: 90,
    });
  });
});

describe('pluralised labels', () => {
  it.each([
    [0, 'Like', '0 Likes'],
    [1, 'Like', '1 Like'],
    [2, 'Like', '2 Likes'],
    [1, 'Share', '1 Share'],
    [5, 'View', '5 Views'],
  ])('%i %s -> %s', (n, label, text) => {
    expect(pluralize(n, label)).toBe(text);
  });
});

describe('dates', () => {
  it('shortens to month and day, keeping the calendar day in any time zone', () => {
    expect(formatShortDate('2026-11-01')).toBe('Nov 1');
    expect(formatDate('2026-11-01')).toBe('Nov 1, 2026');
  });

  it('shows Updated only when the item changed on a later day than its date', () => {
    expect(updatedAfter('2026-11-01', '2026-11-20T08:00:00Z')).toBe(true);
    expect(updatedAfter('2026-11-01', '2026-11-01T23:59:00Z')).toBe(false);
    expect(updatedAfter('2026-11-01', '')).toBe(false);
  });
});

describe('icon by host', () => {
  it.each([
    ['https://github.com/me', 'github'],
    ['https://me.github.io/blog', 'github'],
    ['https://www.linkedin.com/in/me', 'linkedin'],
    ['https://x.com/me', 'x'],
    ['https://twitter.com/me', 'x'],
    ['https://hachyderm.io/@me', 'mastodon'],
    ['https://mastodon.social/@me', 'mastodon'],
    ['https://social.example.org/@me', 'mastodon'],
    ['https://medium.com/@me', 'link'],
    ['mailto:me@example.com', 'email'],
    ['MAILTO:me@example.com', 'email'],
    ['/rss.xml', 'rss'],
    ['https://example.com/feed.json', 'rss'],
    ['https://example.com/atom.xml', 'rss'],
    ['https://example.com/', 'link'],
    ['tel:+3512', 'link'],
  ])('%s -> %s', (url, kind) => {
    expect(socialKind(url)).toBe(kind);
  });
});

describe('share and category URLs', () => {
  it('puts the page address and title in the share link', () => {
    const url = new URL(shareUrl('twitter', 'https://site.example/blogs/a?b=1', 'Tips & tricks'));
    expect(url.searchParams.get('url')).toBe('https://site.example/blogs/a?b=1');
    expect(url.searchParams.get('text')).toBe('Tips & tricks');
    expect(new URL(shareUrl('linkedin', 'https://s/x', 'T')).searchParams.get('url')).toBe('https://s/x');
  });

  it('writes and reads the spec query parameters', () => {
    expect(categoryParams({ category: 'Dev' })).toEqual({ category: 'Dev', open: 'true' });
    expect(categoryParams({ main: 'Dev', sub: 'Go' })).toEqual({ main: 'Dev', sub: 'Go', openSub: 'true' });
    expect(readCategoryParams(new URLSearchParams('category=Dev&open=true'))).toEqual({ main: 'Dev', sub: null });
    expect(readCategoryParams(new URLSearchParams('main=Dev&sub=Go&openSub=true'))).toEqual({ main: 'Dev', sub: 'Go' });
    expect(readCategoryParams(new URLSearchParams('category=Dev'))).toEqual({ main: null, sub: null });
  });
});

describe('article headings', () => {
  it('gives h2/h3 stable, unique ids after sanitising', () => {
    const { html, headings } = prepareArticle(
      '<h2>The setup</h2><p>x</p><h3>Café &amp; crème</h3><h2>The setup</h2><h2>Location</h2><script>alert(1)</script>',
    );
    expect(headings).toEqual([
      { id: 'the-setup', text: 'The setup', depth: 2 },
      { id: 'cafe-creme', text: 'Café & crème', depth: 3 },
      { id: 'the-setup-2', text: 'The setup', depth: 2 },
      { id: 'location', text: 'Location', depth: 2 },
    ]);
    expect(html).toContain('<h2 id="location">');
    expect(html).not.toContain('<script');
  });

  it('slugifies any script and never returns an empty id', () => {
    expect(slugify('Привет, мир')).toBe('привет-мир');
    expect(slugify('!!!')).toBe('section');
  });

  it('marks images lazy', () => {
    expect(prepareArticle('<p><img src="/a.png"></p>').html).toContain('loading="lazy"');
  });
});
