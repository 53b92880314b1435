import { defaultSortDirection, type ApplicationSort } from '@lanyard/shared/admin';
import {
  EMPTY_FILTERS,
  filtersOf,
  readApplicationParams,
  writeApplicationParams,
  type ApplicationFilters,
  type ApplicationListParams,
} from './application-filters';
import { useSearchParamsLatest } from '@/lib/use-search-params-latest';

export interface ApplicationsQueryState {
  /** Filters, sort and page as the list reads them: `useApplications(params)` is the list shown. */
  params: ApplicationListParams;
  filters: ApplicationFilters;
  /** Changes filters and starts again at page 1. */
  changeFilters: (patch: Partial<ApplicationFilters>) => void;
  clearFilters: () => void;
  /** Sorts by a column: the same column again flips the direction; a new one starts at its default. */
  sortBy: (sort: ApplicationSort) => void;
  changePage: (page: number, options?: { replace?: boolean }) => void;
}

/**
 * The Applications list's query (filters, sort, page), kept in the page URL: the one place the
 * tab and anything acting on "the current list" (the detail dialog's Previous and Next) read it.
 */
export function useApplicationsQueryState(): ApplicationsQueryState {
  const [searchParams, setSearchParams] = useSearchParamsLatest();
  const params = readApplicationParams(searchParams);

  const update = (next: (prev: ApplicationListParams) => ApplicationListParams, replace: boolean) =>
    setSearchParams((prev) => writeApplicationParams(prev, next(readApplicationParams(prev))), { replace });

  return {
    params,
    filters: filtersOf(params),
    // Typing replaces the history entry rather than adding one per keystroke.
    changeFilters: (patch) => update((prev) => ({ ...prev, ...patch, page: 1 }), true),
    clearFilters: () => update((prev) => ({ ...prev, ...EMPTY_FILTERS, page: 1 }), true),
    sortBy: (sort) =>
      update(
        (prev) => ({
          ...prev,
          sort,
          dir: prev.sort === sort ? (prev.dir === 'asc' ? 'desc' : 'asc') : defaultSortDirection(sort),
          page: 1,
        }),
        false,
      ),
    changePage: (page, options) => update((prev) => ({ ...prev, page }), options?.replace ?? false),
  };
}
