import type { QueryClient } from '@tanstack/react-query';
import { dashboardStatsQueryOptions } from './get-dashboard-stats';
import { APPLICATIONS_QUERY_KEY } from './applications-list';

/**
 * After an application changes (status, bulk change, delete, decision release): every application
 * list and detail, the stat cards, and the users list (it shows each user's application status).
 */
export function invalidateAfterApplicationChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: APPLICATIONS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: dashboardStatsQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
  ]);
}
