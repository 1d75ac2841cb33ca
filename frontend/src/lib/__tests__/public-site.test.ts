import { TRUNCATE } from '@/config/constants';
import { categoryParams, readCategoryParams } from '@/config/paths';
import { prepareArticle, slugify } from '@/lib/article-html';
import { formatDate, formatShortDate, pluralize, truncate, updatedAfter } from '@/lib/format';

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

describe('category URLs', () => {
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
