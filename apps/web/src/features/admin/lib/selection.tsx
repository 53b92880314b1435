import { createContext, use, useMemo, useState, type ReactNode } from 'react';
import type { BulkTargetBody } from '@lanyard/shared/admin';
import { applicationsFilterBody, sameFilters, type ApplicationFilters } from './application-filters';

/**
 * The applications chosen in the Applications tab: some ids (on any pages), or every application
 * the list's filter matches ("Select all N matching this filter"). It lives above the tabs, so it
 * survives switching to Bulk Actions (which acts on it) and moving between pages of the list.
 */
export type SelectionState =
  | { kind: 'ids'; ids: ReadonlySet<string> }
  | { kind: 'matching'; filters: ApplicationFilters; total: number };

export const EMPTY_SELECTION: SelectionState = { kind: 'ids', ids: new Set() };

export type PageSelectionState = 'none' | 'some' | 'all';

/** Whether the ids of the visible page are all, some or none of the selection. */
export function pageSelectionState(
  selected: ReadonlySet<string>,
  pageIds: readonly string[],
): PageSelectionState {
  if (pageIds.length === 0) return 'none';
  let count = 0;
  for (const id of pageIds) if (selected.has(id)) count += 1;
  if (count === 0) return 'none';
  return count === pageIds.length ? 'all' : 'some';
}

/** Adds (checked) or removes the given ids; the selection on other pages is kept. */
export function withIds(
  selected: ReadonlySet<string>,
  ids: readonly string[],
  checked: boolean,
): Set<string> {
  const next = new Set(selected);
  for (const id of ids) {
    if (checked) next.add(id);
    else next.delete(id);
  }
  return next;
}

/** The select-all box: a page that is not fully selected becomes fully selected, else cleared. */
export function toggleAllOnPage(selected: ReadonlySet<string>, pageIds: readonly string[]): Set<string> {
  return withIds(selected, pageIds, pageSelectionState(selected, pageIds) !== 'all');
}

export function selectionCount(s: SelectionState): number {
  return s.kind === 'matching' ? s.total : s.ids.size;
}

export function isSelected(s: SelectionState, id: string): boolean {
  return s.kind === 'matching' || s.ids.has(id);
}

export function pageState(s: SelectionState, pageIds: readonly string[]): PageSelectionState {
  if (s.kind === 'matching') return pageIds.length ? 'all' : 'none';
  return pageSelectionState(s.ids, pageIds);
}

/**
 * A row's box. Unticking one row of "all matching" keeps the rest of the visible page selected:
 * the ids shown, not the thousands behind the filter, which nobody could see to untick.
 */
export function toggleRow(
  s: SelectionState,
  id: string,
  checked: boolean,
  pageIds: readonly string[],
): SelectionState {
  if (s.kind === 'matching') {
    return checked ? s : { kind: 'ids', ids: withIds(new Set(pageIds), [id], false) };
  }
  return { kind: 'ids', ids: withIds(s.ids, [id], checked) };
}

/** The page's box: "all matching" is cleared, else the page is toggled. */
export function togglePage(s: SelectionState, pageIds: readonly string[]): SelectionState {
  if (s.kind === 'matching') return EMPTY_SELECTION;
  return { kind: 'ids', ids: toggleAllOnPage(s.ids, pageIds) };
}

/**
 * Keeps "all matching" true to the list: another filter drops it (it would act on what is no longer
 * shown); a new count for the same filter is the number the next confirmation names.
 */
export function fitToList(s: SelectionState, filters: ApplicationFilters, total: number): SelectionState {
  if (s.kind !== 'matching') return s;
  if (!sameFilters(s.filters, filters) || total === 0) return EMPTY_SELECTION;
  return s.total === total ? s : { ...s, total };
}

/**
 * The server counted the filter again (409 count_changed): "all matching" now names that number, the
 * one the next confirmation sends. The list's own count may be capped, so it cannot say.
 */
export function recount(s: SelectionState, total: number): SelectionState {
  if (s.kind !== 'matching') return s;
  return total === 0 ? EMPTY_SELECTION : { ...s, total };
}

/** What a bulk action sends: the ids, or the filter with the count the admin is shown. */
export function selectionTarget(s: SelectionState): BulkTargetBody | null {
  if (s.kind === 'matching') return { filter: applicationsFilterBody(s.filters), expected_count: s.total };
  return s.ids.size ? { application_ids: [...s.ids] } : null;
}

export interface ApplicationSelection {
  state: SelectionState;
  count: number;
  /** "All N matching this filter" rather than ids. */
  matching: boolean;
  isSelected: (id: string) => boolean;
  pageState: (pageIds: readonly string[]) => PageSelectionState;
  toggleRow: (id: string, checked: boolean, pageIds: readonly string[]) => void;
  togglePage: (pageIds: readonly string[]) => void;
  selectMatching: (filters: ApplicationFilters, total: number) => void;
  fitToList: (filters: ApplicationFilters, total: number) => void;
  recount: (total: number) => void;
  target: () => BulkTargetBody | null;
  clear: () => void;
}

const SelectionContext = createContext<ApplicationSelection | null>(null);

export function ApplicationSelectionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SelectionState>(EMPTY_SELECTION);
  const value = useMemo<ApplicationSelection>(
    () => ({
      state,
      count: selectionCount(state),
      matching: state.kind === 'matching',
      isSelected: (id) => isSelected(state, id),
      pageState: (pageIds) => pageState(state, pageIds),
      toggleRow: (id, checked, pageIds) => setState((prev) => toggleRow(prev, id, checked, pageIds)),
      togglePage: (pageIds) => setState((prev) => togglePage(prev, pageIds)),
      selectMatching: (filters, total) => setState({ kind: 'matching', filters, total }),
      fitToList: (filters, total) => setState((prev) => fitToList(prev, filters, total)),
      recount: (total) => setState((prev) => recount(prev, total)),
      target: () => selectionTarget(state),
      clear: () => setState(EMPTY_SELECTION),
    }),
    [state],
  );
  return <SelectionContext value={value}>{children}</SelectionContext>;
}

export function useApplicationSelection(): ApplicationSelection {
  const value = use(SelectionContext);
  if (!value) throw new Error('useApplicationSelection needs an <ApplicationSelectionProvider>');
  return value;
}
