import type { AdminUser } from '@lanyard/shared/admin';
import { labelledOptions, statusLabel } from '@lanyard/shared/labels';
import type { BadgeProps } from '@/components/ui/badge';
import {
  USER_ROLE_FILTERS,
  USER_STATUS_FILTERS,
  type UserRoleFilter,
  type UserStatusFilter,
  type UsersListParams,
} from '../../api/users-list';

/**
 * The users tab keeps its filters in the URL (so a filtered view can be shared and survives a reload), under keys of its own
 * so they never collide with another tab's filters.
 */
export const USERS_URL_KEYS = {
  search: 'users_search',
  role: 'users_role',
  status: 'users_status',
  page: 'users_page',
} as const;

export const ROLE_OPTIONS: readonly { value: UserRoleFilter; label: string }[] =
  labelledOptions(USER_ROLE_FILTERS);

export const STATUS_OPTIONS: readonly { value: UserStatusFilter; label: string }[] =
  labelledOptions(USER_STATUS_FILTERS);

function pick<T extends string>(values: string[], allowed: readonly T[]): T[] {
  const out: T[] = [];
  for (const v of values) {
    if ((allowed as readonly string[]).includes(v) && !out.includes(v as T)) out.push(v as T);
  }
  return out;
}

/** Reads the users filters from the URL; unknown values are ignored, a bad page is page 1. */
export function readUsersParams(params: URLSearchParams): UsersListParams {
  const page = Number(params.get(USERS_URL_KEYS.page));
  return {
    search: params.get(USERS_URL_KEYS.search) ?? '',
    role: pick(params.getAll(USERS_URL_KEYS.role), USER_ROLE_FILTERS),
    status: pick(params.getAll(USERS_URL_KEYS.status), USER_STATUS_FILTERS),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/**
 * Returns a copy of `params` with the users filters replaced by `next` (other keys, like `tab`, kept).
 * Empty values and page 1 are left out, so a clean URL means "no filters".
 */
export function writeUsersParams(params: URLSearchParams, next: UsersListParams): URLSearchParams {
  const out = new URLSearchParams(params);
  for (const key of Object.values(USERS_URL_KEYS)) out.delete(key);
  const search = next.search.trim();
  if (search) out.set(USERS_URL_KEYS.search, next.search);
  for (const role of next.role) out.append(USERS_URL_KEYS.role, role);
  for (const status of next.status) out.append(USERS_URL_KEYS.status, status);
  if (next.page > 1) out.set(USERS_URL_KEYS.page, String(next.page));
  return out;
}

/** How many filters are active: the search counts once, each chip once. */
export function activeFilterCount(f: Pick<UsersListParams, 'search' | 'role' | 'status'>): number {
  return (f.search.trim() ? 1 : 0) + f.role.length + f.status.length;
}

type Tone = NonNullable<BadgeProps['tone']>;

const STATUS_TONE: Partial<Record<AdminUser['application_status'], Tone>> = {
  pending: 'yellow',
  submitted: 'yellow',
  accepted: 'green',
  rejected: 'red',
  waitlisted: 'orange',
};

/** Badge label and colour of a user's application status (the admin status colours). */
export function userStatusView(status: AdminUser['application_status']): { label: string; tone: Tone } {
  if (status === 'admin') return { label: 'N/A', tone: 'gray' };
  return { label: statusLabel(status), tone: STATUS_TONE[status] ?? 'gray' };
}
