import { useId } from 'react';
import { Search, X } from 'lucide-react';
import { USER_SEARCH_DEBOUNCE_MS } from '@lanyard/shared/constants';
import { DATE_MAX, DATE_MIN } from '@lanyard/shared/dates';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FilterChips } from '@/components/ui/filter-chips';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  activeFilterCount,
  AGE_GROUP_OPTIONS,
  cleanDate,
  filtersActiveLabel,
  ROLE_OPTIONS,
  RSVP_OPTIONS,
  SCHOOL_TYPE_OPTIONS,
  STATUS_OPTIONS,
  type ApplicationFilters,
} from '../../lib/application-filters';
import { DebouncedInput } from '@/components/ui/debounced-input';

interface ApplicationsFiltersProps {
  filters: ApplicationFilters;
  onChange: (patch: Partial<ApplicationFilters>) => void;
  onClear: () => void;
}

export function ApplicationsFilters({ filters, onChange, onClear }: ApplicationsFiltersProps) {
  const id = useId();
  const count = activeFilterCount(filters);
  const badRange = filters.dateFrom !== '' && filters.dateTo !== '' && filters.dateFrom > filters.dateTo;

  return (
    <Card aria-labelledby={`${id}-title`} className="flex flex-col gap-4 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
          Filters
        </h3>
        {count > 0 ? (
          <div className="flex items-center gap-3">
            <p className="text-sm font-medium text-slate-700" aria-live="polite">
              {filtersActiveLabel(count)}
            </p>
            <Button variant="ghost" size="sm" onClick={onClear}>
              <X aria-hidden="true" />
              Clear All
            </Button>
          </div>
        ) : null}
      </div>

      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-4">
        <div className="flex flex-col gap-2 md:col-span-2">
          <Label htmlFor={`${id}-search`}>Search Applications</Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            />
            <DebouncedInput
              id={`${id}-search`}
              type="search"
              placeholder="Name, email, school or major"
              className="pl-9"
              value={filters.search}
              delayMs={USER_SEARCH_DEBOUNCE_MS}
              onCommit={(search) => onChange({ search })}
              maxLength={200}
            />
          </div>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-school`}>School</Label>
          <DebouncedInput
            id={`${id}-school`}
            value={filters.school}
            delayMs={USER_SEARCH_DEBOUNCE_MS}
            onCommit={(school) => onChange({ school })}
            maxLength={200}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-major`}>Major</Label>
          <DebouncedInput
            id={`${id}-major`}
            value={filters.major}
            delayMs={USER_SEARCH_DEBOUNCE_MS}
            onCommit={(major) => onChange({ major })}
            maxLength={200}
          />
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <FilterChips
          legend="Status"
          options={STATUS_OPTIONS}
          value={filters.status}
          onChange={(v) => onChange({ status: v as ApplicationFilters['status'] })}
        />
        <FilterChips
          legend="Role"
          options={ROLE_OPTIONS}
          value={filters.role}
          onChange={(v) => onChange({ role: v as ApplicationFilters['role'] })}
        />
        <FilterChips
          legend="RSVP Status"
          options={RSVP_OPTIONS}
          value={filters.rsvp}
          onChange={(v) => onChange({ rsvp: v as ApplicationFilters['rsvp'] })}
        />
        <FilterChips
          legend="School Type"
          options={SCHOOL_TYPE_OPTIONS}
          value={filters.schoolType}
          onChange={(v) => onChange({ schoolType: v as ApplicationFilters['schoolType'] })}
        />
        <FilterChips
          legend="Age Group"
          options={AGE_GROUP_OPTIONS}
          value={filters.ageGroup}
          onChange={(v) => onChange({ ageGroup: v as ApplicationFilters['ageGroup'] })}
        />
        <fieldset className="flex flex-col gap-2 sm:col-span-2 xl:col-span-1">
          <legend className="mb-1.5 text-sm font-medium text-slate-800">Submission Date Range</legend>
          <div className="grid grid-cols-2 gap-3">
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-from`} className="text-slate-700">
                From
              </Label>
              <Input
                id={`${id}-from`}
                type="date"
                value={filters.dateFrom}
                min={DATE_MIN}
                max={cleanDate(filters.dateTo) || DATE_MAX}
                onChange={(event) => onChange({ dateFrom: event.target.value })}
                aria-describedby={badRange ? `${id}-range-error` : undefined}
                aria-invalid={badRange || undefined}
              />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-to`} className="text-slate-700">
                To
              </Label>
              <Input
                id={`${id}-to`}
                type="date"
                value={filters.dateTo}
                min={cleanDate(filters.dateFrom) || DATE_MIN}
                max={DATE_MAX}
                onChange={(event) => onChange({ dateTo: event.target.value })}
                aria-invalid={badRange || undefined}
              />
            </div>
          </div>
          {badRange ? (
            <p id={`${id}-range-error`} className="text-sm text-red-700">
              The start date is after the end date, so no application matches.
            </p>
          ) : null}
        </fieldset>
      </div>
    </Card>
  );
}
