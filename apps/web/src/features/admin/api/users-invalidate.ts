import type { QueryClient } from '@tanstack/react-query';
import { dashboardStatsQueryOptions } from './get-dashboard-stats';
import { USERS_QUERY_KEY } from './users-list';

/**
 * After a user is created, deleted or reset: the users list, the stat cards and any application
 * list (a deleted or reset user takes their application with them) are out of date.
 */
export function invalidateAfterUserChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: dashboardStatsQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'applications'] }),
  ]);
}
