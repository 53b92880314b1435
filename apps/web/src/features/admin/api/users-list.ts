import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminUsersResponseSchema } from '@lanyard/shared/admin';
import { PAGE_SIZE } from '@lanyard/shared/constants';
import { api } from '@/lib/api-client';

export const USER_ROLE_FILTERS = ['hacker', 'mentor'] as const;
export type UserRoleFilter = (typeof USER_ROLE_FILTERS)[number];
export const USER_STATUS_FILTERS = ['not_started', 'pending', 'accepted', 'rejected', 'waitlisted'] as const;
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];

export interface UsersListFilters {
  search: string;
  role: UserRoleFilter[];
  status: UserStatusFilter[];
}

export interface UsersListParams extends UsersListFilters {
  page: number;
}

/**
 * The query string of GET /api/admin/users and of the CSV export (docs/api-admin.md): repeated
 * keys for lists, empty values omitted; `page`/`limit` only when a page is given.
 */
export function usersSearchParams(filters: UsersListFilters, page?: number): URLSearchParams {
  const params = new URLSearchParams();
  const search = filters.search.trim();
  if (search) params.set('search', search);
  for (const role of filters.role) params.append('role', role);
  for (const status of filters.status) params.append('status', status);
  if (page !== undefined) {
    params.set('page', String(page));
    params.set('limit', String(PAGE_SIZE));
  }
  return params;
}

export function getUsers(params: UsersListParams, signal?: AbortSignal) {
  const query = usersSearchParams(params, params.page).toString();
  return api.get(`/api/admin/users?${query}`, { schema: adminUsersResponseSchema, signal });
}

/** Prefix of every users-list query: invalidate it after any change to users. */
export const USERS_QUERY_KEY = ['admin', 'users'] as const;

export const usersQueryOptions = (params: UsersListParams) =>
  queryOptions({
    queryKey: [...USERS_QUERY_KEY, 'list', params],
    queryFn: ({ signal }) => getUsers(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useUsers(params: UsersListParams) {
  return useQuery(usersQueryOptions(params));
}
