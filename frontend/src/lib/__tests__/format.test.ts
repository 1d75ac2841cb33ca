import { describe, expect, it } from 'vitest';
import { formatDate, formatLongDate, formatShortDate, pluralize, truncate } from '../format';

describe('truncate', () => {
  it('keeps text at or under the limit as it is', () => {
    expect(truncate('Hello', 5)).toBe('Hello');
    expect(truncate('', 28)).toBe('');
    expect(truncate('a'.repeat(28), 28)).toBe('a'.repeat(28));
  });

  it('cuts longer text with a single-character ellipsis counted within the limit', () => {
    const cut = truncate('A title that is much longer than twenty-eight characters', 28);
    expect(cut).toBe('A title that is much longer…');
    expect(Array.from(cut)).toHaveLength(28);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut).not.toContain('...');
  });

  it('drops trailing spaces before the ellipsis', () => {
    expect(truncate('abcd efgh', 6)).toBe('abcd…');
  });

  it('never splits an emoji', () => {
    expect(truncate('😀😀😀😀', 3)).toBe('😀😀…');
  });

  it.each([28, 70, 30, 80, 40, 90])('honours the spec limit %i', (max) => {
    expect(Array.from(truncate('x'.repeat(200), max))).toHaveLength(max);
  });
});

describe('dates', () => {
  it('shows a calendar day as short month and day, whatever the time zone', () => {
    expect(formatShortDate('2026-11-21')).toBe('Nov 21');
    expect(formatShortDate('2026-01-01')).toBe('Jan 1');
    expect(formatDate('2026-11-21')).toBe('Nov 21, 2026');
  });

  it('returns unparseable input unchanged', () => {
    expect(formatShortDate('soon')).toBe('soon');
  });
});

describe('pluralize', () => {
  it('uses the singular only for one', () => {
    expect(pluralize(1, 'Like')).toBe('1 Like');
    expect(pluralize(0, 'Like')).toBe('0 Likes');
    expect(pluralize(2, 'word')).toBe('2 words');
  });
});

describe('dates formatted by hand', () => {
  it('match en-US Intl formatting on every day of two years, leap day included', () => {
    const opts = { timeZone: 'UTC' } as const;
    const short = new Intl.DateTimeFormat('en-US', { ...opts, month: 'short', day: 'numeric' });
    const medium = new Intl.DateTimeFormat('en-US', { ...opts, year: 'numeric', month: 'short', day: 'numeric' });
    const long = new Intl.DateTimeFormat('en-US', { ...opts, year: 'numeric', month: 'long', day: 'numeric' });
    for (let t = Date.UTC(2027, 0, 1); t < Date.UTC(2029, 0, 1); t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10);
      const d = new Date(t);
      expect([formatShortDate(day), formatDate(day), formatLongDate(day)]).toEqual([
        short.format(d),
        medium.format(d),
        long.format(d),
      ]);
    }
  });
});
