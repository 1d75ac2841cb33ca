import { describe, expect, it } from 'vitest';
import { leaveReturnNote, safeNextPath, takeReturnNote } from '../return-to';

describe('safeNextPath', () => {
  it('keeps paths of this site only', () => {
    expect(safeNextPath('/blogs/abc')).toBe('/blogs/abc');
    expect(safeNextPath('/projects/x?y=1#z')).toBe('/projects/x?y=1#z');
    for (const bad of ['//evil.com', '/\\evil.com', 'https://evil.com', 'javascript:alert(1)', '', null, '/a\nb']) {
      expect(safeNextPath(bad)).toBeNull();
    }
  });
  it('reads a note once', () => {
    leaveReturnNote('hello');
    expect(takeReturnNote()).toBe('hello');
    expect(takeReturnNote()).toBeNull();
  });
});
