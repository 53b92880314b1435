import { useState } from 'react';
import { ChevronDown, RefreshCw, Search, SlidersHorizontal, X } from 'lucide-react';
import { USER_SEARCH_DEBOUNCE_MS } from '@lanyard/shared/constants';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/utils';
import {
  activeCheckinFilterCount,
  CHECKED_IN_OPTIONS,
  HIGH_SCHOOL_OPTIONS,
  ROLE_OPTIONS,
  type CheckinFilters,
} from '../lib/filters';
import { DebouncedInput } from '@/components/ui/debounced-input';

/** The search answers while typing: a short pause is enough at the door. */
const SEARCH_DEBOUNCE_MS = 200;

interface CheckinFiltersCardProps {
  filters: CheckinFilters;
  onChange: (patch: Partial<CheckinFilters>) => void;
  onClear: () => void;
  onRefresh: () => void;
  refreshing: boolean;
}

/** Spec §2 filters; all of them live in the URL. */
export function CheckinFiltersCard({
  filters,
  onChange,
  onClear,
  onRefresh,
  refreshing,
}: CheckinFiltersCardProps) {
  const count = activeCheckinFilterCount(filters);
  const others = count - (filters.search.trim() ? 1 : 0);
  // On a phone the search comes first and the other filters fold away (always shown on wider screens).
  const [moreOpen, setMoreOpen] = useState(others > 0);
  return (
    <Card aria-label="Filters" className="flex flex-col gap-4 p-4 sm:p-5">
      <div className="flex flex-col gap-2">
        <Label htmlFor="checkin-search" className="text-base">
          Search
        </Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
          />
          <DebouncedInput
            id="checkin-search"
            type="search"
            placeholder="Name, email or school"
            autoComplete="off"
            enterKeyHint="search"
            className="h-14 pl-10 text-lg sm:text-lg"
            value={filters.search}
            delayMs={SEARCH_DEBOUNCE_MS}
            onCommit={(search) => onChange({ search })}
            maxLength={200}
          />
        </div>
      </div>

      <Button
        variant="secondary"
        className="justify-between md:hidden"
        aria-expanded={moreOpen}
        aria-controls="checkin-more-filters"
        onClick={() => setMoreOpen((v) => !v)}
      >
        <span className="flex items-center gap-2">
          <SlidersHorizontal aria-hidden="true" />
          {others > 0 ? `More filters (${others})` : 'More filters'}
        </span>
        <ChevronDown aria-hidden="true" className={cn('transition-transform', moreOpen && 'rotate-180')} />
      </Button>

      <div
        id="checkin-more-filters"
        className={cn(
          'grid-cols-1 gap-4 sm:grid-cols-2 md:grid lg:grid-cols-5',
          moreOpen ? 'grid' : 'hidden',
        )}
      >
        <SelectFilter
          id="checkin-status"
          label="Check-In Status"
          value={filters.checkedIn}
          options={CHECKED_IN_OPTIONS}
          onChange={(v) => onChange({ checkedIn: v as CheckinFilters['checkedIn'] })}
        />
        <TextFilter
          id="checkin-school"
          label="School"
          value={filters.school}
          onCommit={(school) => onChange({ school })}
        />
        <TextFilter
          id="checkin-major"
          label="Major"
          value={filters.major}
          onCommit={(major) => onChange({ major })}
        />
        <SelectFilter
          id="checkin-high-school"
          label="High School"
          value={filters.highSchool}
          options={HIGH_SCHOOL_OPTIONS}
          onChange={(v) => onChange({ highSchool: v as CheckinFilters['highSchool'] })}
        />
        <SelectFilter
          id="checkin-role"
          label="Role"
          value={filters.role}
          options={ROLE_OPTIONS}
          onChange={(v) => onChange({ role: v as CheckinFilters['role'] })}
        />
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={onClear} disabled={count === 0}>
          <X aria-hidden="true" />
          Clear Filters
        </Button>
        <Button variant="secondary" onClick={onRefresh} disabled={refreshing} aria-busy={refreshing}>
          <RefreshCw
            aria-hidden="true"
            className={cn(refreshing && 'animate-spin motion-reduce:animate-none')}
          />
          Refresh
        </Button>
        {count > 0 ? (
          <p className="text-sm font-medium text-slate-700" aria-live="polite">
            {count === 1 ? '1 filter active' : `${count} filters active`}
          </p>
        ) : null}
      </div>
    </Card>
  );
}

function SelectFilter({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function TextFilter({
  id,
  label,
  value,
  onCommit,
}: {
  id: string;
  label: string;
  value: string;
  onCommit: (value: string) => void;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <DebouncedInput
        id={id}
        type="search"
        autoComplete="off"
        value={value}
        delayMs={USER_SEARCH_DEBOUNCE_MS}
        onCommit={onCommit}
        maxLength={200}
      />
    </div>
  );
}
