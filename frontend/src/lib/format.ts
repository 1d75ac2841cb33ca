const ELLIPSIS = '…';

/**
 * Cuts `text` to at most `max` characters, the ellipsis counted within (API.md's rule).
 * Counts code points so an emoji is never split in half.
 */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  if (max <= 1) return ELLIPSIS.slice(0, max);
  return chars.slice(0, max - 1).join('').trimEnd() + ELLIPSIS;
}

// Item dates are calendar days (YYYY-MM-DD); formatting them in UTC keeps the day as written.
function parseDay(value: string): Date | null {
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const shortFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
const mediumFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** 'Nov 21' */
export const formatShortDate = (value: string) => {
  const d = parseDay(value);
  return d ? shortFormat.format(d) : value;
};

/** 'Nov 21, 2026' */
export const formatDate = (value: string) => {
  const d = parseDay(value);
  return d ? mediumFormat.format(d) : value;
};

/** 'November 21, 2026' */
export const formatLongDate = (value: string) => {
  const d = parseDay(value);
  return d ? longFormat.format(d) : value;
};

/** '1 word', '2 words' */
export const pluralize = (count: number, singular: string, plural = `${singular}s`) =>
  `${count} ${count === 1 ? singular : plural}`;

/** The day of an RFC 3339 timestamp or a YYYY-MM-DD date, in UTC. */
export const dayOf = (value: string) => value.slice(0, 10);

/** Whether an item changed on a later day than its date (for the 'Updated' line). */
export const updatedAfter = (date: string, updated: string) =>
  /^\d{4}-\d{2}-\d{2}/.test(updated) && dayOf(updated) > dayOf(date);
