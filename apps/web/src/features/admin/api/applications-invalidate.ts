import type { QueryClient } from '@tanstack/react-query';
import { ADMISSIONS_QUERY_KEY } from './admissions-get';
import { dashboardStatsQueryOptions } from './get-dashboard-stats';
import { APPLICATIONS_QUERY_KEY } from './applications-list';
import { EMAILS_QUERY_KEY } from './emails-list';
import { RSVP_QUERY_KEY } from './rsvp-list';

/**
 * After an application changes (status, bulk change, delete, decision release): every application
 * list and detail, the stat cards, the users list (it shows each user's application status), the
 * RSVP lists (they show the status), the outbox (a release or a change while released queues
 * decision e-mails) and the admissions counts (offers, waitlist and whether they were sent).
 */
export function invalidateAfterApplicationChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: APPLICATIONS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: dashboardStatsQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
    queryClient.invalidateQueries({ queryKey: RSVP_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: EMAILS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ADMISSIONS_QUERY_KEY }),
  ]);
}
