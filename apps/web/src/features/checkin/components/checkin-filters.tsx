import type { ReactNode } from 'react';
import { ChevronDown, RefreshCw, SlidersHorizontal, X } from 'lucide-react';
import { USER_SEARCH_DEBOUNCE_MS } from '@lanyard/shared/constants';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DebouncedInput } from '@/components/ui/debounced-input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/utils';
import { CHECKED_IN_OPTIONS, HIGH_SCHOOL_OPTIONS, ROLE_OPTIONS, type CheckinFilters } from '../lib/filters';

interface CheckinFiltersCardProps {
  id: string;
  filters: CheckinFilters;
  /** Any filter on, the search included (Clear Filters clears them all). */
  active: boolean;
  onChange: (patch: Partial<CheckinFilters>) => void;
  onClear: () => void;
  onRefresh: () => void;
  refreshing: boolean;
  /** On a phone the card is folded away unless opened (from the search bar); wider, it always shows. */
  open: boolean;
  /** Shown at the end of the card on a phone, where the wide layout's lines are folded away. */
  footer?: ReactNode;
}

/** On a phone: opens the folded filters; says how many are on (the search aside, which is in sight). */
export function FiltersToggle({
  controls,
  open,
  on,
  onToggle,
}: {
  controls: string;
  open: boolean;
  on: number;
  onToggle: () => void;
}) {
  return (
    <Button
      variant="secondary"
      size="sm"
      className="md:hidden"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      <SlidersHorizontal aria-hidden="true" />
      Filters
      {on > 0 ? (
        <span className="rounded-full bg-brand px-1.5 text-xs leading-5 font-bold text-brand-foreground">
          <span className="sr-only">, </span>
          {on}
          <span className="sr-only"> on</span>
        </span>
      ) : null}
      <ChevronDown aria-hidden="true" className={cn('transition-transform', open && 'rotate-180')} />
    </Button>
  );
}

/** The check-in filters besides the search (which sits in the door's search bar); all live in the URL. */
export function CheckinFiltersCard({
  id,
  filters,
  active,
  onChange,
  onClear,
  onRefresh,
  refreshing,
  open,
  footer,
}: CheckinFiltersCardProps) {
  return (
    <Card
      id={id}
      aria-label="Filters"
      className={cn(
        'flex-col gap-3 p-4 md:p-3',
        // One line on a laptop, so the people start high on the screen.
        'md:grid md:grid-cols-3 md:items-end md:gap-3 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto]',
        open ? 'flex' : 'hidden',
      )}
    >
      <div className="grid grid-cols-2 gap-3 md:contents">
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
      <div className="flex flex-wrap items-center gap-3 md:col-span-3 lg:col-span-1">
        <Button variant="secondary" onClick={onClear} disabled={!active}>
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
      </div>
      {footer ? <div className="md:hidden">{footer}</div> : null}
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
    <div className="flex min-w-0 flex-col gap-1.5">
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
    <div className="flex min-w-0 flex-col gap-1.5">
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
