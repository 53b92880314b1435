import {
  APPLICATION_SORTS,
  CUSTOM_FILTER_PATTERN,
  DEFAULT_APPLICATION_SORT,
  defaultSortDirection,
  SORT_DIRECTIONS,
  type ApplicationFiltersInput,
  type ApplicationSort,
  type SortDirection,
} from '@lanyard/shared/admin';
import { PAGE_SIZE } from '@lanyard/shared/constants';
import { isoDateProblem } from '@lanyard/shared/dates';
import { labelledOptions } from '@lanyard/shared/labels';
import { REVIEW_STATE_LABELS, REVIEW_STATES, type ReviewState } from '@lanyard/shared/review';

/**
 * The applications tab's filters, sort and page, and their representations: the page URL
 * (so a filtered, sorted view is shareable and survives a reload), the query string of
 * GET /api/admin/applications and of the CSV export, and the `filter` of a bulk action by filter
 * (docs/api-admin.md).
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
  reviewState: ReviewState[];
  /** The ranking score's bounds as typed (a number 0..10) or ''. */
  scoreMin: string;
  scoreMax: string;
  /** Custom choice and yes/no answers, `<question id>:<option id | true | false>`. */
  custom: string[];
}

export interface ApplicationListParams extends ApplicationFilters {
  sort: ApplicationSort;
  dir: SortDirection;
  page: number;
}

/** Newest first: the list's order when the URL names none. */
export const DEFAULT_SORT: Pick<ApplicationListParams, 'sort' | 'dir'> = {
  sort: DEFAULT_APPLICATION_SORT,
  dir: defaultSortDirection(DEFAULT_APPLICATION_SORT),
};

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
  reviewState: [],
  scoreMin: '',
  scoreMax: '',
  custom: [],
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
export const REVIEW_STATE_OPTIONS: readonly { value: ReviewState; label: string }[] = REVIEW_STATES.map(
  (value) => ({ value, label: REVIEW_STATE_LABELS[value] }),
);

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
  reviewState: 'app_review',
  scoreMin: 'app_score_min',
  scoreMax: 'app_score_max',
  custom: 'app_custom',
  sort: 'app_sort',
  dir: 'app_dir',
  page: 'app_page',
} as const;

/** A real calendar date in YYYY-MM-DD within the range the API takes, else ''. */
export function cleanDate(value: string | null): string {
  return value && !isoDateProblem(value) ? value : '';
}

/** The bounds the API takes for a score filter (admin.ts, scoreBound). */
export const SCORE_FILTER_MIN = 0;
export const SCORE_FILTER_MAX = 10;

/** A score bound as the API takes it (a number 0..10, as typed), else ''. */
export function cleanScore(value: string | null): string {
  const v = (value ?? '').trim();
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(v)) return '';
  const n = Number(v);
  return n >= SCORE_FILTER_MIN && n <= SCORE_FILTER_MAX ? v : '';
}

/** Custom-answer filters the API takes, once each, sorted (so one set of filters is one URL). */
export function cleanCustom(values: readonly string[]): string[] {
  return [...new Set(values.filter((v) => CUSTOM_FILTER_PATTERN.test(v)))].sort().slice(0, 40);
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

/** The sort named in the URL; an unknown column is the default, a missing direction the column's. */
function readSort(params: URLSearchParams): Pick<ApplicationListParams, 'sort' | 'dir'> {
  const K = APPLICATION_URL_KEYS;
  const sort = pick([params.get(K.sort) ?? ''], APPLICATION_SORTS)[0];
  if (!sort) return DEFAULT_SORT;
  const dir = pick([params.get(K.dir) ?? ''], SORT_DIRECTIONS)[0];
  return { sort, dir: dir ?? defaultSortDirection(sort) };
}

/** Reads the filters, sort and page from the URL; unknown values are ignored, a bad page is page 1. */
export function readApplicationParams(params: URLSearchParams): ApplicationListParams {
  const K = APPLICATION_URL_KEYS;
  const text = (key: string) => (params.get(key) ?? '').slice(0, TEXT_MAX);
  const page = Number(params.get(K.page));
  return {
    ...readSort(params),
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
    reviewState: pick(params.getAll(K.reviewState), REVIEW_STATES),
    scoreMin: cleanScore(params.get(K.scoreMin)),
    scoreMax: cleanScore(params.get(K.scoreMax)),
    custom: cleanCustom(params.getAll(K.custom)),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/**
 * A copy of `params` with the applications filters replaced by `next`; other keys (`tab`, the
 * users tab's filters) are kept. Empty values, the default sort and page 1 are left out: a clean URL
 * means "no filters, newest first".
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
  for (const v of next.reviewState) out.append(K.reviewState, v);
  if (cleanScore(next.scoreMin)) out.set(K.scoreMin, next.scoreMin.trim());
  if (cleanScore(next.scoreMax)) out.set(K.scoreMax, next.scoreMax.trim());
  for (const v of cleanCustom(next.custom)) out.append(K.custom, v);
  if (next.sort !== DEFAULT_SORT.sort || next.dir !== DEFAULT_SORT.dir) {
    out.set(K.sort, next.sort);
    if (next.dir !== defaultSortDirection(next.sort)) out.set(K.dir, next.dir);
  }
  if (next.page > 1) out.set(K.page, String(next.page));
  return out;
}

/** A two-option chip group as the server's `true`/`false`: only when exactly one is chosen. */
export function booleanFilter<T extends string>(chosen: readonly T[], trueValue: T): 'true' | 'false' | null {
  if (chosen.length !== 1) return null;
  return chosen[0] === trueValue ? 'true' : 'false';
}

/**
 * The filters as the API names them (the list's query fields, and a bulk action's `filter`): empty
 * values omitted, the boolean-like filters only when decided.
 */
export function applicationsFilterBody(filters: ApplicationFilters): ApplicationFiltersInput {
  const body: ApplicationFiltersInput = {};
  const search = filters.search.trim();
  const school = filters.school.trim();
  const major = filters.major.trim();
  if (search) body.search = search;
  if (school) body.school = school;
  if (major) body.major = major;
  if (filters.status.length) body.status = [...filters.status];
  if (filters.role.length) body.role = [...filters.role];
  if (filters.rsvp.length) body.rsvp_status = [...filters.rsvp];
  // A typed year the API refuses (a date input takes any four digits) is left out, not sent.
  const dateFrom = cleanDate(filters.dateFrom);
  const dateTo = cleanDate(filters.dateTo);
  if (dateFrom) body.date_start = dateFrom;
  if (dateTo) body.date_end = dateTo;
  const highSchool = booleanFilter(filters.schoolType, 'high_school');
  if (highSchool) body.is_high_school = highSchool;
  const under18 = booleanFilter(filters.ageGroup, 'under_18');
  if (under18) body.age_under_18 = under18;
  if (filters.reviewState.length) body.review_state = [...filters.reviewState];
  // Half-typed or out-of-range bounds ("4.", "11") are left out, like a bad date.
  const scoreMin = cleanScore(filters.scoreMin);
  const scoreMax = cleanScore(filters.scoreMax);
  if (scoreMin) body.score_min = Number(scoreMin);
  if (scoreMax) body.score_max = Number(scoreMax);
  const custom = cleanCustom(filters.custom);
  if (custom.length) body.custom = custom;
  return body;
}

/**
 * The query string of GET /api/admin/applications (with the sort and page) and of the CSV export
 * (the filters alone): repeated keys for lists.
 */
export function applicationsQuery(
  filters: ApplicationFilters,
  list?: Pick<ApplicationListParams, 'sort' | 'dir' | 'page'>,
): URLSearchParams {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(applicationsFilterBody(filters))) {
    if (Array.isArray(value)) for (const v of value) q.append(key, String(v));
    else q.set(key, String(value));
  }
  if (list) {
    // The default order is left out, so the query (and its cache key on the server) stays as before.
    if (list.sort !== DEFAULT_SORT.sort || list.dir !== DEFAULT_SORT.dir) {
      q.set('sort', list.sort);
      q.set('dir', list.dir);
    }
    q.set('page', String(list.page));
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
    (cleanScore(f.scoreMin) ? 1 : 0) +
    (cleanScore(f.scoreMax) ? 1 : 0) +
    f.status.length +
    f.role.length +
    f.schoolType.length +
    f.ageGroup.length +
    f.rsvp.length +
    f.reviewState.length +
    cleanCustom(f.custom).length
  );
}

export function filtersActiveLabel(count: number): string {
  return `${count} ${count === 1 ? 'filter' : 'filters'} active`;
}

/** The filters alone (no sort or page), e.g. for the export. */
export function filtersOf(params: ApplicationListParams): ApplicationFilters {
  const { page: _page, sort: _sort, dir: _dir, ...filters } = params;
  return filters;
}

/** The same filters, whatever order their values were chosen in: e.g. to tell whether a selection still fits. */
export function sameFilters(a: ApplicationFilters, b: ApplicationFilters): boolean {
  return applicationsQuery(a).toString() === applicationsQuery(b).toString();
}
