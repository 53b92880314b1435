import { PAGE_SIZE } from '@lanyard/shared/constants';
import { CHECKIN_FILTERS, LIABILITY_FILTERS, PHOTO_FILTERS } from '@lanyard/shared/rsvp';
import { labelledOptions } from '@lanyard/shared/labels';

/**
 * The RSVP tab's filters and their two representations: the page URL (so a filtered
 * view is shareable and survives a reload) and the query string of GET /api/admin/rsvp and of its
 * CSV export (docs/api-rsvp.md).
 */

export const RSVP_APPLICATION_STATUS_FILTERS = ['accepted', 'waitlisted', 'rejected'] as const;
export type RsvpApplicationStatusFilter = (typeof RSVP_APPLICATION_STATUS_FILTERS)[number];

export const RSVP_ROLE_FILTERS = ['hacker', 'mentor'] as const;
export type RsvpRoleFilter = (typeof RSVP_ROLE_FILTERS)[number];

/**
 * The answer itself; `no_response` finds those who have not answered (the server supports it), and
 * `expired` the offers whose own deadline passed unanswered (they are not "no response").
 */
export const RSVP_RESPONSE_FILTERS = ['accepted', 'declined', 'maybe', 'no_response', 'expired'] as const;
export type RsvpResponseFilter = (typeof RSVP_RESPONSE_FILTERS)[number];

export type LiabilityFilter = (typeof LIABILITY_FILTERS)[number];
export type PhotoFilter = (typeof PHOTO_FILTERS)[number];
export type CheckinFilter = (typeof CHECKIN_FILTERS)[number];

export interface RsvpFilters {
  search: string;
  status: RsvpApplicationStatusFilter[];
  role: RsvpRoleFilter[];
  rsvp: RsvpResponseFilter[];
  liability: LiabilityFilter[];
  photo: PhotoFilter[];
  /** At the door now (the check-in record), not whether they said they would come. */
  checkin: CheckinFilter[];
}

export interface RsvpListParams extends RsvpFilters {
  page: number;
}

export const EMPTY_RSVP_FILTERS: RsvpFilters = {
  search: '',
  status: [],
  role: [],
  rsvp: [],
  liability: [],
  photo: [],
  checkin: [],
};

type Options<T extends string> = readonly { value: T; label: string }[];

export const RSVP_STATUS_OPTIONS: Options<RsvpApplicationStatusFilter> = labelledOptions(
  RSVP_APPLICATION_STATUS_FILTERS,
);
export const RSVP_ROLE_OPTIONS: Options<RsvpRoleFilter> = labelledOptions(RSVP_ROLE_FILTERS);
export const RSVP_RESPONSE_OPTIONS: Options<RsvpResponseFilter> = [
  { value: 'accepted', label: 'Accepted' },
  { value: 'declined', label: 'Declined' },
  { value: 'maybe', label: 'Maybe' },
  { value: 'no_response', label: 'No Response' },
  { value: 'expired', label: 'Expired' },
];
export const LIABILITY_OPTIONS: Options<LiabilityFilter> = [
  { value: 'accepted', label: 'Accepted' },
  { value: 'declined', label: 'Declined' },
  { value: 'n/a', label: 'N/A' },
];
export const PHOTO_OPTIONS: Options<PhotoFilter> = [
  { value: 'allow_sharing', label: 'Allow Sharing' },
  { value: 'no_public_sharing', label: 'No Public Sharing' },
  { value: 'declined', label: 'Declined' },
  { value: 'n/a', label: 'N/A' },
];
export const CHECKIN_OPTIONS: Options<CheckinFilter> = [
  { value: 'checked_in', label: 'Checked In' },
  { value: 'not_checked_in', label: 'Not Checked In' },
];

/** URL keys of their own (`rsvp_*`), so they never collide with another tab's filters or `tab`. */
export const RSVP_URL_KEYS = {
  search: 'rsvp_search',
  status: 'rsvp_status',
  role: 'rsvp_role',
  rsvp: 'rsvp_response',
  liability: 'rsvp_liability',
  photo: 'rsvp_photo',
  checkin: 'rsvp_checkin',
  page: 'rsvp_page',
} as const;

const TEXT_MAX = 200;

/** The known values among `values`, once each, in the options' order (same filters, same URL and key). */
function pick<T extends string>(values: readonly string[], allowed: readonly T[]): T[] {
  return allowed.filter((a) => values.includes(a));
}

/** Reads the filters and page from the URL; unknown values are ignored, a bad page is page 1. */
export function readRsvpParams(params: URLSearchParams): RsvpListParams {
  const K = RSVP_URL_KEYS;
  const page = Number(params.get(K.page));
  return {
    search: (params.get(K.search) ?? '').slice(0, TEXT_MAX),
    status: pick(params.getAll(K.status), RSVP_APPLICATION_STATUS_FILTERS),
    role: pick(params.getAll(K.role), RSVP_ROLE_FILTERS),
    rsvp: pick(params.getAll(K.rsvp), RSVP_RESPONSE_FILTERS),
    liability: pick(params.getAll(K.liability), LIABILITY_FILTERS),
    photo: pick(params.getAll(K.photo), PHOTO_FILTERS),
    checkin: pick(params.getAll(K.checkin), CHECKIN_FILTERS),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/**
 * A copy of `params` with the RSVP filters replaced by `next`; other keys (`tab`, the other tabs'
 * filters) are kept. Empty values and page 1 are left out: a clean URL means "no filters".
 */
export function writeRsvpParams(params: URLSearchParams, next: RsvpListParams): URLSearchParams {
  const K = RSVP_URL_KEYS;
  const out = new URLSearchParams(params);
  for (const key of Object.values(K)) out.delete(key);
  if (next.search.trim()) out.set(K.search, next.search);
  for (const v of pick(next.status, RSVP_APPLICATION_STATUS_FILTERS)) out.append(K.status, v);
  for (const v of pick(next.role, RSVP_ROLE_FILTERS)) out.append(K.role, v);
  for (const v of pick(next.rsvp, RSVP_RESPONSE_FILTERS)) out.append(K.rsvp, v);
  for (const v of pick(next.liability, LIABILITY_FILTERS)) out.append(K.liability, v);
  for (const v of pick(next.photo, PHOTO_FILTERS)) out.append(K.photo, v);
  for (const v of pick(next.checkin, CHECKIN_FILTERS)) out.append(K.checkin, v);
  if (next.page > 1) out.set(K.page, String(next.page));
  return out;
}

/**
 * The query string of GET /api/admin/rsvp (with `page`) and of the CSV export (without): repeated
 * keys for lists, empty values omitted. No status chosen means the server's default (all three).
 */
export function rsvpQuery(filters: RsvpFilters, page?: number): URLSearchParams {
  const q = new URLSearchParams();
  const search = filters.search.trim();
  if (search) q.set('search', search);
  for (const v of filters.status) q.append('status', v);
  for (const v of filters.role) q.append('role', v);
  for (const v of filters.rsvp) q.append('rsvp_status', v);
  for (const v of filters.liability) q.append('liability', v);
  for (const v of filters.photo) q.append('photo', v);
  for (const v of filters.checkin) q.append('checkin', v);
  if (page !== undefined) {
    q.set('page', String(page));
    q.set('limit', String(PAGE_SIZE));
  }
  return q;
}

/** "N filters active": the search counts once, each chosen chip once. */
export function activeRsvpFilterCount(f: RsvpFilters): number {
  return (
    (f.search.trim() ? 1 : 0) +
    f.status.length +
    f.role.length +
    f.rsvp.length +
    f.liability.length +
    f.photo.length +
    f.checkin.length
  );
}

/** The filters alone (no page), e.g. for the export. */
export function rsvpFiltersOf(params: RsvpListParams): RsvpFilters {
  const { page: _page, ...filters } = params;
  return filters;
}
