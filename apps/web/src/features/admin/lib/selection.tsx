import { createContext, use, useMemo, useState, type ReactNode } from 'react';

/**
 * The applications chosen in the Applications tab. It lives above the tabs, so it survives
 * switching to Bulk Actions (which acts on it) and moving between pages of the list.
 */

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

export interface ApplicationSelection {
  ids: ReadonlySet<string>;
  count: number;
  has: (id: string) => boolean;
  set: (ids: readonly string[], checked: boolean) => void;
  toggleAll: (pageIds: readonly string[]) => void;
  clear: () => void;
}

const SelectionContext = createContext<ApplicationSelection | null>(null);

export function ApplicationSelectionProvider({ children }: { children: ReactNode }) {
  const [ids, setIds] = useState<ReadonlySet<string>>(() => new Set());
  const value = useMemo<ApplicationSelection>(
    () => ({
      ids,
      count: ids.size,
      has: (id) => ids.has(id),
      set: (changed, checked) => setIds((prev) => withIds(prev, changed, checked)),
      toggleAll: (pageIds) => setIds((prev) => toggleAllOnPage(prev, pageIds)),
      clear: () => setIds(new Set()),
    }),
    [ids],
  );
  return <SelectionContext value={value}>{children}</SelectionContext>;
}

export function useApplicationSelection(): ApplicationSelection {
  const value = use(SelectionContext);
  if (!value) throw new Error('useApplicationSelection needs an <ApplicationSelectionProvider>');
  return value;
}
