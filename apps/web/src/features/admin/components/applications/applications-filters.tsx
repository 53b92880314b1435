import { useEffect, useId, useState } from 'react';
import { USER_SEARCH_DEBOUNCE_MS } from '@lanyard/shared/constants';
import { DATE_MAX, DATE_MIN } from '@lanyard/shared/dates';
import { Card } from '@/components/ui/card';
import { DebouncedInput } from '@/components/ui/debounced-input';
import { FilterChips } from '@/components/ui/filter-chips';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  AGE_GROUP_OPTIONS,
  cleanDate,
  cleanScore,
  REVIEW_STATE_OPTIONS,
  ROLE_OPTIONS,
  RSVP_OPTIONS,
  SCHOOL_TYPE_OPTIONS,
  STATUS_OPTIONS,
  type ApplicationFilters,
} from '../../lib/application-filters';
import { useCustomFilters } from './use-custom-filters';

interface ApplicationsFiltersProps {
  id: string;
  filters: ApplicationFilters;
  onChange: (patch: Partial<ApplicationFilters>) => void;
}

/** Every filter of the Applications tab but the search (which stays in the bar), opened from "Filters". */
export function ApplicationsFilters({ id, filters, onChange }: ApplicationsFiltersProps) {
  const uid = useId();
  const custom = useCustomFilters();
  const badRange = filters.dateFrom !== '' && filters.dateTo !== '' && filters.dateFrom > filters.dateTo;

  return (
    <Card id={id} aria-label="Filters" className="grid gap-4 p-4 sm:grid-cols-2 sm:p-5 xl:grid-cols-4">
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${uid}-school`}>School</Label>
        <DebouncedInput
          id={`${uid}-school`}
          value={filters.school}
          delayMs={USER_SEARCH_DEBOUNCE_MS}
          onCommit={(school) => onChange({ school })}
          maxLength={200}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${uid}-major`}>Major</Label>
        <DebouncedInput
          id={`${uid}-major`}
          value={filters.major}
          delayMs={USER_SEARCH_DEBOUNCE_MS}
          onCommit={(major) => onChange({ major })}
          maxLength={200}
        />
      </div>
      <fieldset className="flex flex-col gap-2 sm:col-span-2">
        <legend className="mb-1.5 text-sm font-medium text-slate-800">Submission Date Range</legend>
        <div className="grid grid-cols-2 gap-3">
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${uid}-from`} className="text-slate-700">
              From
            </Label>
            <Input
              id={`${uid}-from`}
              type="date"
              value={filters.dateFrom}
              min={DATE_MIN}
              max={cleanDate(filters.dateTo) || DATE_MAX}
              onChange={(event) => onChange({ dateFrom: event.target.value })}
              aria-describedby={badRange ? `${uid}-range-error` : undefined}
              aria-invalid={badRange || undefined}
            />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${uid}-to`} className="text-slate-700">
              To
            </Label>
            <Input
              id={`${uid}-to`}
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
          <p id={`${uid}-range-error`} className="text-sm text-red-700">
            The start date is after the end date, so no application matches.
          </p>
        ) : null}
      </fieldset>
      <FilterChips
        legend="Status"
        className="sm:col-span-2"
        options={STATUS_OPTIONS}
        value={filters.status}
        onChange={(v) => onChange({ status: v as ApplicationFilters['status'] })}
      />
      <FilterChips
        legend="RSVP Status"
        className="sm:col-span-2"
        options={RSVP_OPTIONS}
        value={filters.rsvp}
        onChange={(v) => onChange({ rsvp: v as ApplicationFilters['rsvp'] })}
      />
      <FilterChips
        legend="Review State"
        className="sm:col-span-2"
        options={REVIEW_STATE_OPTIONS}
        value={filters.reviewState}
        onChange={(v) => onChange({ reviewState: v as ApplicationFilters['reviewState'] })}
      />
      <ScoreRange filters={filters} onChange={onChange} />
      <FilterChips
        legend="Role"
        options={ROLE_OPTIONS}
        value={filters.role}
        onChange={(v) => onChange({ role: v as ApplicationFilters['role'] })}
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
      {custom.groups.map((group) => (
        <FilterChips
          key={group.id}
          legend={group.label}
          options={group.options}
          value={filters.custom.filter((v) => v.startsWith(`${group.id}:`))}
          onChange={(chosen) =>
            onChange({ custom: [...filters.custom.filter((v) => !v.startsWith(`${group.id}:`)), ...chosen] })
          }
        />
      ))}
    </Card>
  );
}

/**
 * The ranking score's range. Typed as text with a decimal keypad: a number field hides a half-typed
 * "4." from the page, and the bound would vanish under the person typing it.
 */
function ScoreRange({ filters, onChange }: Omit<ApplicationsFiltersProps, 'id'>) {
  const uid = useId();
  // What is typed, not what the URL kept: a bound the URL refuses never reaches `filters`.
  const [typed, setTyped] = useState({ min: filters.scoreMin, max: filters.scoreMax });
  useEffect(() => setTyped((t) => ({ ...t, min: filters.scoreMin })), [filters.scoreMin]);
  useEffect(() => setTyped((t) => ({ ...t, max: filters.scoreMax })), [filters.scoreMax]);
  const invalid = (v: string) => v.trim() !== '' && cleanScore(v) === '';
  const badMin = invalid(typed.min);
  const badMax = invalid(typed.max);
  const min = cleanScore(filters.scoreMin);
  const max = cleanScore(filters.scoreMax);
  const badRange = min !== '' && max !== '' && Number(min) > Number(max);
  const message =
    badMin || badMax
      ? 'Enter a score from 0 to 10, such as 3.5.'
      : badRange
        ? 'The lowest score is above the highest, so no application matches.'
        : null;
  const errorId = `${uid}-score-error`;
  return (
    <fieldset className="flex flex-col gap-2 sm:col-span-2">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">Score Range</legend>
      <div className="grid grid-cols-2 gap-3">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${uid}-min`} className="text-slate-700">
            Lowest Score
          </Label>
          <DebouncedInput
            id={`${uid}-min`}
            inputMode="decimal"
            placeholder="0"
            value={filters.scoreMin}
            delayMs={USER_SEARCH_DEBOUNCE_MS}
            onInput={(event) => {
              const min = event.currentTarget.value;
              setTyped((t) => ({ ...t, min }));
            }}
            onCommit={(scoreMin) => onChange({ scoreMin })}
            maxLength={5}
            aria-invalid={badMin || badRange || undefined}
            aria-describedby={message ? errorId : undefined}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${uid}-max`} className="text-slate-700">
            Highest Score
          </Label>
          <DebouncedInput
            id={`${uid}-max`}
            inputMode="decimal"
            placeholder="10"
            value={filters.scoreMax}
            delayMs={USER_SEARCH_DEBOUNCE_MS}
            onInput={(event) => {
              const max = event.currentTarget.value;
              setTyped((t) => ({ ...t, max }));
            }}
            onCommit={(scoreMax) => onChange({ scoreMax })}
            maxLength={5}
            aria-invalid={badMax || badRange || undefined}
            aria-describedby={message ? errorId : undefined}
          />
        </div>
      </div>
      {message ? (
        <p id={errorId} className="text-sm text-red-700">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}
