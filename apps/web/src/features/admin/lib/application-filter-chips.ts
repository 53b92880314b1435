import {
  AGE_GROUP_OPTIONS,
  cleanScore,
  REVIEW_STATE_OPTIONS,
  ROLE_OPTIONS,
  RSVP_OPTIONS,
  SCHOOL_TYPE_OPTIONS,
  STATUS_OPTIONS,
  type ApplicationFilters,
} from './application-filters';

/** One active filter as a removable chip: what it reads, and the change that removes it. */
export interface FilterChip {
  key: string;
  label: string;
  remove: Partial<ApplicationFilters>;
}

type ListKey = 'status' | 'role' | 'rsvp' | 'schoolType' | 'ageGroup' | 'reviewState';

const LISTS: { key: ListKey; name: string; options: readonly { value: string; label: string }[] }[] = [
  { key: 'status', name: 'Status', options: STATUS_OPTIONS },
  { key: 'role', name: 'Role', options: ROLE_OPTIONS },
  { key: 'rsvp', name: 'RSVP Status', options: RSVP_OPTIONS },
  { key: 'schoolType', name: 'School Type', options: SCHOOL_TYPE_OPTIONS },
  { key: 'ageGroup', name: 'Age Group', options: AGE_GROUP_OPTIONS },
  { key: 'reviewState', name: 'Review State', options: REVIEW_STATE_OPTIONS },
];

/**
 * Every active filter, in the order the filters are laid out, worded as the filter set words them
 * ("Status: Accepted"): one chip per text or date filter and per chosen option, as
 * activeFilterCount counts them.
 */
export function activeFilterChips(
  f: ApplicationFilters,
  /** "Question: Answer" for each custom-answer filter, by its `<question id>:<answer>`. */
  customLabels: ReadonlyMap<string, string> = new Map(),
): FilterChip[] {
  const chips: FilterChip[] = [];
  const text = (key: 'search' | 'school' | 'major', name: string) => {
    const value = f[key].trim();
    if (value) chips.push({ key, label: `${name}: ${value}`, remove: { [key]: '' } });
  };
  text('search', 'Search');
  text('school', 'School');
  text('major', 'Major');
  for (const { key, name, options } of LISTS) {
    const chosen = f[key] as readonly string[];
    for (const option of options) {
      if (!chosen.includes(option.value)) continue;
      chips.push({
        key: `${key}:${option.value}`,
        label: `${name}: ${option.label}`,
        remove: { [key]: chosen.filter((v) => v !== option.value) } as Partial<ApplicationFilters>,
      });
    }
  }
  for (const value of f.custom) {
    chips.push({
      key: `custom:${value}`,
      label: customLabels.get(value) ?? 'Custom question',
      remove: { custom: f.custom.filter((v) => v !== value) },
    });
  }
  if (f.dateFrom)
    chips.push({ key: 'dateFrom', label: `Submitted from: ${f.dateFrom}`, remove: { dateFrom: '' } });
  if (f.dateTo) chips.push({ key: 'dateTo', label: `Submitted to: ${f.dateTo}`, remove: { dateTo: '' } });
  const scoreMin = cleanScore(f.scoreMin);
  const scoreMax = cleanScore(f.scoreMax);
  if (scoreMin) chips.push({ key: 'scoreMin', label: `Score from: ${scoreMin}`, remove: { scoreMin: '' } });
  if (scoreMax) chips.push({ key: 'scoreMax', label: `Score to: ${scoreMax}`, remove: { scoreMax: '' } });
  return chips;
}
