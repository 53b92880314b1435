import { PAGE_SIZE } from '@lanyard/shared/constants';
import { isoDateProblem } from '@lanyard/shared/dates';
import { labelledOptions } from '@lanyard/shared/labels';

/**
 * The applications tab's filters (spec §2) and their two representations: the page URL (so a
 * filtered view is shareable and survives a reload) and the query string of
 * GET /api/admin/applications and of the CSV export (docs/api-admin.md).
 */

export const APPLICATION_STATUS_FILTERS = [
  'pending',
  'accepted',
  'rejected',
  'waitlisted',
  'submitted',
] as const;
export type ApplicationStatusFilter = (typeof APPLICATION_STATUS_FILTERS)[number];

export const APPLICATION_ROLE_FILTERS = ['hacker', 'mentor'] as const;
export type ApplicationRoleFilter = (typeof APPLICATION_ROLE_FILTERS)[number];

export const SCHOOL_TYPE_FILTERS = ['high_school', 'college'] as const;
export type SchoolTypeFilter = (typeof SCHOOL_TYPE_FILTERS)[number];

export const AGE_GROUP_FILTERS = ['under_18', 'adult'] as const;
export type AgeGroupFilter = (typeof AGE_GROUP_FILTERS)[number];

export const RSVP_STATUS_FILTERS = ['accepted', 'declined', 'maybe', 'no_response'] as const;
export type RsvpStatusFilter = (typeof RSVP_STATUS_FILTERS)[number];

export interface ApplicationFilters {
  search: string;
  school: string;
  major: string;
  status: ApplicationStatusFilter[];
  role: ApplicationRoleFilter[];
  /** YYYY-MM-DD or ''. */
  dateFrom: string;
  /** YYYY-MM-DD or ''. */
  dateTo: string;
  schoolType: SchoolTypeFilter[];
  ageGroup: AgeGroupFilter[];
  rsvp: RsvpStatusFilter[];
}

export interface ApplicationListParams extends ApplicationFilters {
  page: number;
}

export const EMPTY_FILTERS: ApplicationFilters = {
  search: '',
  school: '',
  major: '',
  status: [],
  role: [],
  dateFrom: '',
  dateTo: '',
  schoolType: [],
  ageGroup: [],
  rsvp: [],
};

export const STATUS_OPTIONS: readonly { value: ApplicationStatusFilter; label: string }[] =
  labelledOptions(APPLICATION_STATUS_FILTERS);
export const ROLE_OPTIONS: readonly { value: ApplicationRoleFilter; label: string }[] =
  labelledOptions(APPLICATION_ROLE_FILTERS);
export const SCHOOL_TYPE_OPTIONS: readonly { value: SchoolTypeFilter; label: string }[] = [
  { value: 'high_school', label: 'High School' },
  { value: 'college', label: 'College/University' },
];
export const AGE_GROUP_OPTIONS: readonly { value: AgeGroupFilter; label: string }[] = [
  { value: 'under_18', label: 'Under 18' },
  { value: 'adult', label: '18+' },
];
export const RSVP_OPTIONS: readonly { value: RsvpStatusFilter; label: string }[] = [
  { value: 'accepted', label: 'Accepted' },
  { value: 'declined', label: 'Declined' },
  { value: 'maybe', label: 'Maybe' },
  { value: 'no_response', label: 'No Response' },
];

/** URL keys of their own (`app_*`), so they never collide with another tab's filters or `tab`. */
export const APPLICATION_URL_KEYS = {
  search: 'app_search',
  school: 'app_school',
  major: 'app_major',
  status: 'app_status',
  role: 'app_role',
  dateFrom: 'app_from',
  dateTo: 'app_to',
  schoolType: 'app_school_type',
  ageGroup: 'app_age',
  rsvp: 'app_rsvp',
  page: 'app_page',
} as const;

/** A real calendar date in YYYY-MM-DD within the range the API takes, else ''. */
export function cleanDate(value: string | null): string {
  return value && !isoDateProblem(value) ? value : '';
}

function pick<T extends string>(values: readonly string[], allowed: readonly T[]): T[] {
  const out: T[] = [];
  for (const v of values) {
    if ((allowed as readonly string[]).includes(v) && !out.includes(v as T)) out.push(v as T);
  }
  // Keep the options' order, so the same filters always give the same URL and query key.
  return allowed.filter((a) => out.includes(a));
}

const TEXT_MAX = 200;

/** Reads the filters and page from the URL; unknown values are ignored, a bad page is page 1. */
export function readApplicationParams(params: URLSearchParams): ApplicationListParams {
  const K = APPLICATION_URL_KEYS;
  const text = (key: string) => (params.get(key) ?? '').slice(0, TEXT_MAX);
  const page = Number(params.get(K.page));
  return {
    search: text(K.search),
    school: text(K.school),
    major: text(K.major),
    status: pick(params.getAll(K.status), APPLICATION_STATUS_FILTERS),
    role: pick(params.getAll(K.role), APPLICATION_ROLE_FILTERS),
    dateFrom: cleanDate(params.get(K.dateFrom)),
    dateTo: cleanDate(params.get(K.dateTo)),
    schoolType: pick(params.getAll(K.schoolType), SCHOOL_TYPE_FILTERS),
    ageGroup: pick(params.getAll(K.ageGroup), AGE_GROUP_FILTERS),
    rsvp: pick(params.getAll(K.rsvp), RSVP_STATUS_FILTERS),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/**
 * A copy of `params` with the applications filters replaced by `next`; other keys (`tab`, the
 * users tab's filters) are kept. Empty values and page 1 are left out: a clean URL means "no filters".
 */
export function writeApplicationParams(
  params: URLSearchParams,
  next: ApplicationListParams,
): URLSearchParams {
  const K = APPLICATION_URL_KEYS;
  const out = new URLSearchParams(params);
  for (const key of Object.values(K)) out.delete(key);
  if (next.search.trim()) out.set(K.search, next.search);
  if (next.school.trim()) out.set(K.school, next.school);
  if (next.major.trim()) out.set(K.major, next.major);
  for (const v of next.status) out.append(K.status, v);
  for (const v of next.role) out.append(K.role, v);
  if (cleanDate(next.dateFrom)) out.set(K.dateFrom, next.dateFrom);
  if (cleanDate(next.dateTo)) out.set(K.dateTo, next.dateTo);
  for (const v of next.schoolType) out.append(K.schoolType, v);
  for (const v of next.ageGroup) out.append(K.ageGroup, v);
  for (const v of next.rsvp) out.append(K.rsvp, v);
  if (next.page > 1) out.set(K.page, String(next.page));
  return out;
}

/** A two-option chip group as the server's `true`/`false`: only when exactly one is chosen. */
export function booleanFilter<T extends string>(chosen: readonly T[], trueValue: T): 'true' | 'false' | null {
  if (chosen.length !== 1) return null;
  return chosen[0] === trueValue ? 'true' : 'false';
}

/**
 * The query string of GET /api/admin/applications (with `page`) and of the CSV export (without):
 * repeated keys for lists, empty values omitted, the boolean-like filters only when decided.
 */
export function applicationsQuery(filters: ApplicationFilters, page?: number): URLSearchParams {
  const q = new URLSearchParams();
  const search = filters.search.trim();
  const school = filters.school.trim();
  const major = filters.major.trim();
  if (search) q.set('search', search);
  if (school) q.set('school', school);
  if (major) q.set('major', major);
  for (const v of filters.status) q.append('status', v);
  for (const v of filters.role) q.append('role', v);
  for (const v of filters.rsvp) q.append('rsvp_status', v);
  // A typed year the API refuses (a date input takes any four digits) is left out, not sent.
  const dateFrom = cleanDate(filters.dateFrom);
  const dateTo = cleanDate(filters.dateTo);
  if (dateFrom) q.set('date_start', dateFrom);
  if (dateTo) q.set('date_end', dateTo);
  const highSchool = booleanFilter(filters.schoolType, 'high_school');
  if (highSchool) q.set('is_high_school', highSchool);
  const under18 = booleanFilter(filters.ageGroup, 'under_18');
  if (under18) q.set('age_under_18', under18);
  if (page !== undefined) {
    q.set('page', String(page));
    q.set('limit', String(PAGE_SIZE));
  }
  return q;
}

/** "N filters active": each text or date filter counts once, each chosen chip once. */
export function activeFilterCount(f: ApplicationFilters): number {
  return (
    (f.search.trim() ? 1 : 0) +
    (f.school.trim() ? 1 : 0) +
    (f.major.trim() ? 1 : 0) +
    (f.dateFrom ? 1 : 0) +
    (f.dateTo ? 1 : 0) +
    f.status.length +
    f.role.length +
    f.schoolType.length +
    f.ageGroup.length +
    f.rsvp.length
  );
}

export function filtersActiveLabel(count: number): string {
  return `${count} ${count === 1 ? 'filter' : 'filters'} active`;
}

/** The filters alone (no page), e.g. for the export. */
export function filtersOf(params: ApplicationListParams): ApplicationFilters {
  const { page: _page, ...filters } = params;
  return filters;
}
