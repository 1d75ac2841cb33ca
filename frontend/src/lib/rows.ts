// Row rules of the admin forms' category, link and title/url lists (seed-spec point 5).

/** A list keeps at least one row: removing the last leaves one empty row. */
export function removeRow<T>(rows: T[], index: number, empty: T): T[] {
  const next = rows.filter((_, i) => i !== index);
  return next.length > 0 ? next : [empty];
}

/** The first category row is the main category and cannot be removed. */
export const canRemoveCategoryRow = (index: number) => index > 0;

/** A link row's remove control shows only when more than one row exists. */
export const canRemoveLinkRow = (rowCount: number) => rowCount > 1;

/** Entries trimmed, empty ones dropped (what is saved). */
export const cleanEntries = (rows: string[]) => rows.map((r) => r.trim()).filter(Boolean);

export type TitledLink = { title: string; url: string };

/** Title/url rows trimmed; a row without a title or a url is dropped. */
export const cleanTitledLinks = (rows: TitledLink[]): TitledLink[] =>
  rows
    .map((r) => ({ title: r.title.trim(), url: r.url.trim() }))
    .filter((r) => r.title !== '' && r.url !== '');

/** Rows for editing: the saved list, or one empty row. */
export const rowsOf = <T>(list: T[] | null | undefined, empty: T): T[] => (list && list.length > 0 ? list : [empty]);
