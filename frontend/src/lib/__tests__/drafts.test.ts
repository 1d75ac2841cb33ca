import { describe, expect, it } from 'vitest';
import { clearDraft, draftKey, readDraft, sameValues, writeDraft } from '../drafts';

class MemoryStorage {
  data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, v);
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
}

describe('drafts', () => {
  it('keys a form by kind and record', () => {
    expect(draftKey('blog')).toBe('folio-draft:blog:new');
    expect(draftKey('project', 'abc')).toBe('folio-draft:project:abc');
    expect(draftKey('profile', null)).toBe('folio-draft:profile:new');
  });

  it('round-trips values with the time they were kept', () => {
    const store = new MemoryStorage();
    const values = { title: 'Hello', description: '<p>x</p>', categories: ['Go', ''] };
    expect(writeDraft('k', values, store, 1234)).toBe(true);
    expect(readDraft('k', store)).toEqual({ values, savedAt: 1234 });
    clearDraft('k', store);
    expect(readDraft('k', store)).toBeNull();
  });

  it('ignores corrupt or foreign entries', () => {
    const store = new MemoryStorage();
    store.setItem('a', '{not json');
    store.setItem('b', JSON.stringify({ hello: 1 }));
    store.setItem('c', JSON.stringify({ values: {}, savedAt: 'yesterday' }));
    expect(readDraft('a', store)).toBeNull();
    expect(readDraft('b', store)).toBeNull();
    expect(readDraft('c', store)).toBeNull();
  });

  it('reports a refused write instead of throwing (quota, private mode)', () => {
    const full = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); }, removeItem: () => {} };
    expect(writeDraft('k', { a: 1 }, full)).toBe(false);
    expect(writeDraft('k', { a: 1 }, null)).toBe(false);
  });

  it('compares snapshots by value', () => {
    expect(sameValues({ a: [1, 2] }, { a: [1, 2] })).toBe(true);
    expect(sameValues({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
  });
});
