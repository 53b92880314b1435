import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS } from './application-filters';
import {
  EMPTY_SELECTION,
  fitToList,
  isSelected,
  pageSelectionState,
  pageState,
  recount,
  selectionCount,
  selectionTarget,
  toggleAllOnPage,
  togglePage,
  toggleRow,
  withIds,
  type SelectionState,
} from './selection';

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

describe('all matching this filter', () => {
  const filters = { ...EMPTY_FILTERS, status: ['pending' as const], search: 'ada' };
  const all: SelectionState = { kind: 'matching', filters, total: 612 };

  it("counts the filter's total and shows every row, on every page, as selected", () => {
    expect(selectionCount(all)).toBe(612);
    expect(isSelected(all, 'any-id')).toBe(true);
    expect(pageState(all, ['a', 'b'])).toBe('all');
    expect(pageState(all, [])).toBe('none');
  });

  it('sends the filter and the count the admin is shown; ids otherwise; nothing when empty', () => {
    expect(selectionTarget(all)).toEqual({
      filter: { search: 'ada', status: ['pending'] },
      expected_count: 612,
    });
    expect(selectionTarget({ kind: 'ids', ids: new Set(['a']) })).toEqual({ application_ids: ['a'] });
    expect(selectionTarget(EMPTY_SELECTION)).toBeNull();
  });

  it('unticking a row keeps the rest of the visible page; the page box clears it all', () => {
    const next = toggleRow(all, 'b', false, ['a', 'b', 'c']);
    expect(next).toEqual({ kind: 'ids', ids: new Set(['a', 'c']) });
    expect(toggleRow(all, 'b', true, ['a', 'b'])).toBe(all);
    expect(togglePage(all, ['a', 'b'])).toEqual(EMPTY_SELECTION);
  });

  it('follows the list: a new count for the same filter is kept, another filter or none left clears it', () => {
    expect(fitToList(all, { ...filters }, 612)).toBe(all);
    expect(fitToList(all, { ...filters }, 613)).toEqual({ ...all, total: 613 });
    expect(fitToList(all, { ...filters, search: 'bob' }, 612)).toEqual(EMPTY_SELECTION);
    expect(fitToList(all, filters, 0)).toEqual(EMPTY_SELECTION);
    const ids: SelectionState = { kind: 'ids', ids: new Set(['a']) };
    expect(fitToList(ids, EMPTY_FILTERS, 3)).toBe(ids);
  });

  it('takes the count the server answered when a bulk action was refused; ids are left alone', () => {
    expect(recount(all, 700)).toEqual({ ...all, total: 700 });
    expect(recount(all, 0)).toEqual(EMPTY_SELECTION);
    const ids: SelectionState = { kind: 'ids', ids: new Set(['a']) };
    expect(recount(ids, 700)).toBe(ids);
  });
});
