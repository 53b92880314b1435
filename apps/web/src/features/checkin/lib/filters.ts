import { CHECKIN_ROLES, PAGE_SIZE, type CheckinRole } from '@lanyard/shared/constants';
import { roleTitle } from '@lanyard/shared/labels';

/**
 * The check-in page's filters and their two representations: the page URL (a filtered
 * view survives a reload and can be shared between desks) and the query string of
 * GET /api/checkin/records (docs/api-checkin.md).
 */

export type TriState = 'all' | 'true' | 'false';
export type RoleFilter = 'all' | CheckinRole;

export interface CheckinFilters {
  search: string;
  checkedIn: TriState;
  school: string;
  major: string;
  highSchool: TriState;
  role: RoleFilter;
}

export interface CheckinListParams extends CheckinFilters {
  page: number;
}

export const EMPTY_CHECKIN_FILTERS: CheckinFilters = {
  search: '',
  checkedIn: 'all',
  school: '',
  major: '',
  highSchool: 'all',
  role: 'all',
};

type Options<T extends string> = readonly { value: T; label: string }[];

export const CHECKED_IN_OPTIONS: Options<TriState> = [
  { value: 'all', label: 'All' },
  { value: 'true', label: 'Checked in' },
  { value: 'false', label: 'Not checked in' },
];

export const HIGH_SCHOOL_OPTIONS: Options<TriState> = [
  { value: 'all', label: 'All' },
  { value: 'true', label: 'High school' },
  { value: 'false', label: 'Not high school' },
];

/** "mentor + judge" reads "Mentor + Judge" (the shared label style). */
export const checkinRoleLabel = roleTitle;

export const ROLE_OPTIONS: Options<RoleFilter> = [
  { value: 'all', label: 'All' },
  ...CHECKIN_ROLES.map((role) => ({ value: role, label: checkinRoleLabel(role) })),
];

/** The URL keys; short and readable (`/checkin?q=ada&status=false`). */
export const CHECKIN_URL_KEYS = {
  search: 'q',
  checkedIn: 'checked_in',
  school: 'school',
  major: 'major',
  highSchool: 'high_school',
  role: 'role',
  page: 'page',
} as const;

const TEXT_MAX = 200;
const TRI: readonly TriState[] = ['all', 'true', 'false'];

function tri(value: string | null): TriState {
  return TRI.includes(value as TriState) ? (value as TriState) : 'all';
}

function role(value: string | null): RoleFilter {
  return (CHECKIN_ROLES as readonly string[]).includes(value ?? '') ? (value as CheckinRole) : 'all';
}

function text(value: string | null): string {
  return (value ?? '').slice(0, TEXT_MAX);
}

/** Reads the filters and page from the URL; unknown values mean "all", a bad page is page 1. */
export function readCheckinParams(params: URLSearchParams): CheckinListParams {
  const K = CHECKIN_URL_KEYS;
  const page = Number(params.get(K.page));
  return {
    search: text(params.get(K.search)),
    checkedIn: tri(params.get(K.checkedIn)),
    school: text(params.get(K.school)),
    major: text(params.get(K.major)),
    highSchool: tri(params.get(K.highSchool)),
    role: role(params.get(K.role)),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/**
 * A copy of `params` with the filters replaced by `next`; other keys are kept. "All", empty text
 * and page 1 are left out, so a clean URL means "no filters".
 */
export function writeCheckinParams(params: URLSearchParams, next: CheckinListParams): URLSearchParams {
  const K = CHECKIN_URL_KEYS;
  const out = new URLSearchParams(params);
  for (const key of Object.values(K)) out.delete(key);
  if (next.search.trim()) out.set(K.search, next.search);
  if (next.checkedIn !== 'all' && TRI.includes(next.checkedIn)) out.set(K.checkedIn, next.checkedIn);
  if (next.school.trim()) out.set(K.school, next.school);
  if (next.major.trim()) out.set(K.major, next.major);
  if (next.highSchool !== 'all' && TRI.includes(next.highSchool)) out.set(K.highSchool, next.highSchool);
  if (next.role !== 'all' && role(next.role) !== 'all') out.set(K.role, next.role);
  if (next.page > 1) out.set(K.page, String(next.page));
  return out;
}

/** The query string of GET /api/checkin/records: "all" and empty values are omitted. */
export function checkinRecordsQuery(params: CheckinListParams): URLSearchParams {
  const q = new URLSearchParams();
  const put = (key: string, value: string) => {
    const v = value.trim();
    if (v && v !== 'all') q.set(key, v);
  };
  put('search', params.search);
  put('checked_in', params.checkedIn);
  put('school', params.school);
  put('major', params.major);
  put('is_high_school', params.highSchool);
  put('role', params.role);
  q.set('page', String(params.page));
  q.set('limit', String(PAGE_SIZE));
  return q;
}

export function activeCheckinFilterCount(f: CheckinFilters): number {
  return (
    (f.search.trim() ? 1 : 0) +
    (f.checkedIn !== 'all' ? 1 : 0) +
    (f.school.trim() ? 1 : 0) +
    (f.major.trim() ? 1 : 0) +
    (f.highSchool !== 'all' ? 1 : 0) +
    (f.role !== 'all' ? 1 : 0)
  );
}

export function checkinFiltersOf(params: CheckinListParams): CheckinFilters {
  const { page: _page, ...filters } = params;
  return filters;
}
