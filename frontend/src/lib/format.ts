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

// English month names by hand, not Intl.DateTimeFormat: the first formatter a page creates
// loads the browser's locale data, about 25 ms of a phone's main thread in the task that
// starts the app (the CPU profile of the blog page's start). These are en-US's names.
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const month = (d: Date) => MONTHS[d.getUTCMonth()] ?? '';
const shortMonth = (d: Date) => month(d).slice(0, 3);

/** 'Nov 21' */
export const formatShortDate = (value: string) => {
  const d = parseDay(value);
  return d ? `${shortMonth(d)} ${d.getUTCDate()}` : value;
};

/** 'Nov 21, 2026' */
export const formatDate = (value: string) => {
  const d = parseDay(value);
  return d ? `${shortMonth(d)} ${d.getUTCDate()}, ${d.getUTCFullYear()}` : value;
};

/** 'November 21, 2026' */
export const formatLongDate = (value: string) => {
  const d = parseDay(value);
  return d ? `${month(d)} ${d.getUTCDate()}, ${d.getUTCFullYear()}` : value;
};

/** '1 word', '2 words' */
export const pluralize = (count: number, singular: string, plural = `${singular}s`) =>
  `${count} ${count === 1 ? singular : plural}`;

/** The day of an RFC 3339 timestamp or a YYYY-MM-DD date, in UTC. */
export const dayOf = (value: string) => value.slice(0, 10);

/** Whether an item changed on a later day than its date (for the 'Updated' line). */
export const updatedAfter = (date: string, updated: string) =>
  /^\d{4}-\d{2}-\d{2}/.test(updated) && dayOf(updated) > dayOf(date);
