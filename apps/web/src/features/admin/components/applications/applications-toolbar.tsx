import { useId, type ReactNode } from 'react';
import { Download, RefreshCw, Search, SlidersHorizontal } from 'lucide-react';
import { USER_SEARCH_DEBOUNCE_MS } from '@lanyard/shared/constants';
import { Button } from '@/components/ui/button';
import { DebouncedInput } from '@/components/ui/debounced-input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { activeFilterCount, type ApplicationFilters } from '../../lib/application-filters';

interface ApplicationsToolbarProps {
  /** "Showing X of Y applications", or the loading text. */
  summary: string;
  filters: ApplicationFilters;
  onSearch: (search: string) => void;
  filtersOpen: boolean;
  filtersId: string;
  onToggleFilters: () => void;
  onExport: () => void;
  exporting: boolean;
  onRefresh: () => void;
  refreshing: boolean;
  /** "Announce to these N": an announcement to the list's current filter. */
  announce?: ReactNode;
}

/** The title, the search, the "Filters" control and the list's own actions: one compact row. */
export function ApplicationsToolbar(props: ApplicationsToolbarProps) {
  const id = useId();
  const { filters } = props;
  // The search is in the bar; the button counts what its panel holds.
  const hidden = activeFilterCount({ ...filters, search: '' });

  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
      <div className="flex flex-col">
        <h2 id="applications-tab-title" className="text-xl font-semibold text-slate-900">
          Applications
        </h2>
        <p className="text-sm text-slate-600" aria-live="polite" data-testid="applications-count">
          {props.summary}
        </p>
      </div>
      <div className="flex min-w-0 flex-1 basis-80 items-center gap-2">
        <div className="relative min-w-0 flex-1">
          <Label htmlFor={`${id}-search`} className="sr-only">
            Search Applications
          </Label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
          />
          <DebouncedInput
            id={`${id}-search`}
            type="search"
            placeholder="Search name, email, school or major"
            className="h-10 pl-9"
            value={filters.search}
            delayMs={USER_SEARCH_DEBOUNCE_MS}
            onCommit={props.onSearch}
            maxLength={200}
          />
        </div>
        <Button
          variant="secondary"
          className="h-10 px-3"
          aria-expanded={props.filtersOpen}
          aria-controls={props.filtersOpen ? props.filtersId : undefined}
          onClick={props.onToggleFilters}
        >
          <SlidersHorizontal aria-hidden="true" />
          Filters
          {hidden ? (
            <span className="rounded-full bg-brand px-1.5 text-xs text-brand-foreground tabular-nums">
              {hidden}
              <span className="sr-only"> active</span>
            </span>
          ) : null}
        </Button>
      </div>
      <div className="flex flex-wrap gap-2">
        {props.announce}
        <Button variant="secondary" className="h-10 px-3" onClick={props.onExport} disabled={props.exporting}>
          {props.exporting ? <Spinner className="size-4" /> : <Download aria-hidden="true" />}
          Export CSV
        </Button>
        <Button
          variant="secondary"
          className="h-10 px-3"
          onClick={props.onRefresh}
          disabled={props.refreshing}
        >
          <RefreshCw
            aria-hidden="true"
            className={props.refreshing ? 'animate-spin motion-reduce:animate-none' : ''}
          />
          Refresh
        </Button>
      </div>
    </div>
  );
}
