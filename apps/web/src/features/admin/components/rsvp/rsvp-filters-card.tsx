import { Search } from 'lucide-react';
import { USER_SEARCH_DEBOUNCE_MS } from '@lanyard/shared/constants';
import { Card } from '@/components/ui/card';
import { FilterChips } from '@/components/ui/filter-chips';
import { Label } from '@/components/ui/label';
import {
  activeRsvpFilterCount,
  CHECKIN_OPTIONS,
  LIABILITY_OPTIONS,
  PHOTO_OPTIONS,
  RSVP_RESPONSE_OPTIONS,
  RSVP_ROLE_OPTIONS,
  RSVP_STATUS_OPTIONS,
  type RsvpFilters,
} from '../../lib/rsvp-filters';
import { DebouncedInput } from '@/components/ui/debounced-input';
import { FiltersCardHeader } from '../filters-card-header';

interface RsvpFiltersCardProps {
  filters: RsvpFilters;
  onChange: (patch: Partial<RsvpFilters>) => void;
  onClear: () => void;
}

/** RSVP filters: search (name, email), then chips; all of it lives in the URL. */
export function RsvpFiltersCard({ filters, onChange, onClear }: RsvpFiltersCardProps) {
  const count = activeRsvpFilterCount(filters);
  return (
    <Card aria-labelledby="rsvp-filters-title" className="flex flex-col gap-4 p-4 sm:p-5">
      <FiltersCardHeader id="rsvp-filters-title" count={count} onClear={onClear} />

      <div className="flex max-w-xl flex-col gap-2">
        <Label htmlFor="rsvp-search">Search RSVPs</Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
          />
          <DebouncedInput
            id="rsvp-search"
            type="search"
            placeholder="Name or email"
            autoComplete="off"
            className="pl-9"
            value={filters.search}
            delayMs={USER_SEARCH_DEBOUNCE_MS}
            onCommit={(search) => onChange({ search })}
            maxLength={200}
          />
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <FilterChips
          legend="Application Status"
          options={RSVP_STATUS_OPTIONS}
          value={filters.status}
          onChange={(v) => onChange({ status: v as RsvpFilters['status'] })}
        />
        <FilterChips
          legend="Role"
          options={RSVP_ROLE_OPTIONS}
          value={filters.role}
          onChange={(v) => onChange({ role: v as RsvpFilters['role'] })}
        />
        <FilterChips
          legend="RSVP Status"
          options={RSVP_RESPONSE_OPTIONS}
          value={filters.rsvp}
          onChange={(v) => onChange({ rsvp: v as RsvpFilters['rsvp'] })}
        />
        <FilterChips
          legend="Liability Waiver"
          options={LIABILITY_OPTIONS}
          value={filters.liability}
          onChange={(v) => onChange({ liability: v as RsvpFilters['liability'] })}
        />
        <FilterChips
          legend="Photo Permission"
          options={PHOTO_OPTIONS}
          value={filters.photo}
          onChange={(v) => onChange({ photo: v as RsvpFilters['photo'] })}
        />
        <FilterChips
          legend="Check-in"
          options={CHECKIN_OPTIONS}
          value={filters.checkin}
          onChange={(v) => onChange({ checkin: v as RsvpFilters['checkin'] })}
        />
      </div>
    </Card>
  );
}
