import { describe, expect, it } from 'vitest';
import { detailPosition, landingId, type ListPage } from './detail-position';

/** Page `page` of `pages` with ids like `p2-0`, `pageSize` 3 and `total` rows in all. */
function listPage(page: number, pages: number, count: number, total: number): ListPage {
  const ids = Array.from({ length: count }, (_, i) => `p${page}-${i}`);
  return { ids, page, pages, total, capped: false, pageSize: 3 };
}

describe('detail dialog position in the filtered list', () => {
  it('counts across pages and steps within the page', () => {
    const pos = detailPosition(listPage(2, 3, 3, 8), 'p2-1', 1);
    expect(pos.number).toBe(5);
    expect(pos.total).toBe(8);
    expect(pos.previous).toEqual({ page: 2, id: 'p2-0' });
    expect(pos.next).toEqual({ page: 2, id: 'p2-2' });
  });

  it('has no Previous on the first application and no Next on the last', () => {
    const first = detailPosition(listPage(1, 3, 3, 8), 'p1-0', 0);
    expect(first.number).toBe(1);
    expect(first.previous).toBeNull();
    const last = detailPosition(listPage(3, 3, 2, 8), 'p3-1', 1);
    expect(last.number).toBe(8);
    expect(last.next).toBeNull();
    const only = detailPosition(listPage(1, 1, 1, 1), 'p1-0', 0);
    expect([only.previous, only.next]).toEqual([null, null]);
  });

  it('steps over a page boundary to the first row of the next page and the last of the previous', () => {
    expect(detailPosition(listPage(1, 3, 3, 8), 'p1-2', 2).next).toEqual({ page: 2, edge: 'first' });
    expect(detailPosition(listPage(2, 3, 3, 8), 'p2-0', 0).previous).toEqual({ page: 1, edge: 'last' });
  });

  it('an application that left the list leaves a gap: Next is the row now in its place', () => {
    // p2-1 was decided and left a status-filtered list; p2-2 moved up into row 1.
    const page = { ...listPage(2, 3, 3, 7), ids: ['p2-0', 'p2-2', 'p3-0'] };
    const pos = detailPosition(page, 'p2-1', 1);
    expect(pos.number).toBeNull();
    expect(pos.total).toBe(7);
    expect(pos.previous).toEqual({ page: 2, id: 'p2-0' });
    expect(pos.next).toEqual({ page: 2, id: 'p2-2' });
  });

  it('a gap after the last row leads to the next page, one before the first to the previous page', () => {
    const page = { ...listPage(2, 3, 3, 8), ids: ['p2-0', 'p2-1'] };
    const atEnd = detailPosition(page, 'gone', 2);
    expect(atEnd.previous).toEqual({ page: 2, id: 'p2-1' });
    expect(atEnd.next).toEqual({ page: 3, edge: 'first' });
    const atStart = detailPosition(page, 'gone', 0);
    expect(atStart.previous).toEqual({ page: 1, edge: 'last' });
    expect(atStart.next).toEqual({ page: 2, id: 'p2-0' });
    // The last one left a list that is now empty: nowhere to go.
    const empty = detailPosition({ ...listPage(1, 1, 0, 0) }, 'gone', 0);
    expect([empty.number, empty.previous, empty.next]).toEqual([null, null, null]);
  });

  it('lands on the first or last row of a loaded page', () => {
    expect(landingId(['a', 'b', 'c'], 'first')).toBe('a');
    expect(landingId(['a', 'b', 'c'], 'last')).toBe('c');
    expect(landingId([], 'first')).toBeNull();
  });
});
