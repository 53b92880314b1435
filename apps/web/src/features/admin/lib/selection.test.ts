import { describe, expect, it } from 'vitest';
import { pageSelectionState, toggleAllOnPage, withIds } from './selection';

describe('application selection', () => {
  it('tells whether a page is fully, partly or not selected', () => {
    const selected = new Set(['a', 'b']);
    expect(pageSelectionState(selected, ['a', 'b'])).toBe('all');
    expect(pageSelectionState(selected, ['a', 'c'])).toBe('some');
    expect(pageSelectionState(selected, ['c'])).toBe('none');
    expect(pageSelectionState(selected, [])).toBe('none');
  });

  it('select-all selects the visible page and keeps other pages', () => {
    const page1 = ['a', 'b'];
    const page2 = ['c', 'd'];
    let s = toggleAllOnPage(new Set(), page1);
    expect([...s]).toEqual(['a', 'b']);
    s = toggleAllOnPage(s, page2);
    expect([...s].sort()).toEqual(['a', 'b', 'c', 'd']);
    // A fully selected page is cleared, the other page stays selected.
    s = toggleAllOnPage(s, page1);
    expect([...s].sort()).toEqual(['c', 'd']);
  });

  it('a partly selected page becomes fully selected', () => {
    expect([...toggleAllOnPage(new Set(['a']), ['a', 'b'])].sort()).toEqual(['a', 'b']);
  });

  it('adds and removes ids without changing the original set', () => {
    const start = new Set(['a']);
    const next = withIds(start, ['b'], true);
    expect([...start]).toEqual(['a']);
    expect([...withIds(next, ['a'], false)]).toEqual(['b']);
  });
});
