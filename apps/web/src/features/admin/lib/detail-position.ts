/**
 * Where the application open in the detail dialog stands in the filtered list, and where Previous
 * and Next lead. Pure, so the dialog, the keys and the tests agree on it.
 */

/** One page of the list as the table shows it. */
export interface ListPage {
  ids: readonly string[];
  /** 1-based. */
  page: number;
  pages: number;
  total: number;
  /** `total` is a lower bound: the list counted no further (total_capped). */
  capped: boolean;
  pageSize: number;
}

/** A neighbour on this page (its id is known) or the first/last row of another page (to be loaded). */
export type Step = { page: number; id: string } | { page: number; edge: 'first' | 'last' };

export interface DetailPosition {
  /** 1-based place in the whole list, or null when the application is not (any more) in it. */
  number: number | null;
  total: number;
  capped: boolean;
  previous: Step | null;
  next: Step | null;
}

/**
 * `id` on `list`; `lastIndex` is where it stood when last seen on this page. An application that
 * left the list (a decision took it out of a status filter) leaves a gap there: Next is the row
 * that moved up into its place, Previous the row before.
 */
export function detailPosition(list: ListPage, id: string, lastIndex: number): DetailPosition {
  const { ids, page, pages, total, capped, pageSize } = list;
  const found = ids.indexOf(id);
  const before = found >= 0 ? found - 1 : Math.min(lastIndex, ids.length) - 1;
  const after = found >= 0 ? found + 1 : Math.max(lastIndex, 0);
  const onPage = (i: number): Step => ({ page, id: ids[i]! });
  return {
    number: found >= 0 ? (page - 1) * pageSize + found + 1 : null,
    total,
    capped,
    previous: before >= 0 ? onPage(before) : page > 1 ? { page: page - 1, edge: 'last' } : null,
    next: after < ids.length ? onPage(after) : page < pages ? { page: page + 1, edge: 'first' } : null,
  };
}

/** The row a step to another page lands on, once that page is loaded (null if it came back empty). */
export function landingId(ids: readonly string[], edge: 'first' | 'last'): string | null {
  return (edge === 'first' ? ids[0] : ids[ids.length - 1]) ?? null;
}
