import { describe, expect, it } from 'vitest';
import { canRemoveCategoryRow, canRemoveLinkRow, cleanEntries, cleanTitledLinks, removeRow, rowsOf } from '../rows';

describe('row rules', () => {
  it('never removes the first category row', () => {
    expect(canRemoveCategoryRow(0)).toBe(false);
    expect(canRemoveCategoryRow(1)).toBe(true);
  });

  it('shows a link row remove control only with more than one row', () => {
    expect(canRemoveLinkRow(1)).toBe(false);
    expect(canRemoveLinkRow(2)).toBe(true);
  });

  it('keeps at least one row', () => {
    expect(removeRow(['a', 'b'], 0, '')).toEqual(['b']);
    expect(removeRow(['a'], 0, '')).toEqual(['']);
    expect(removeRow([{ title: 'x', url: 'y' }], 0, { title: '', url: '' })).toEqual([{ title: '', url: '' }]);
  });

  it('drops empty entries and trims the rest on save', () => {
    expect(cleanEntries([' Go ', '', '  ', 'Web'])).toEqual(['Go', 'Web']);
    expect(
      cleanTitledLinks([
        { title: ' GitHub ', url: ' https://github.com/me ' },
        { title: '', url: 'https://x.example' },
        { title: 'No url', url: ' ' },
      ]),
    ).toEqual([{ title: 'GitHub', url: 'https://github.com/me' }]);
  });

  it('starts editing with the saved rows or one empty row', () => {
    expect(rowsOf([], '')).toEqual(['']);
    expect(rowsOf(null, '')).toEqual(['']);
    expect(rowsOf(['a'], '')).toEqual(['a']);
  });
});
