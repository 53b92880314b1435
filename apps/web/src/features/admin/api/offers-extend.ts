import { useMutation, useQueryClient } from '@tanstack/react-query';
import { extendOffersResultSchema, type ExtendOffersBody } from '@lanyard/shared/capacity';
import { apiRequest } from '@/lib/api-client';
import { ADMISSIONS_QUERY_KEY } from './admissions-get';
import { RSVP_QUERY_KEY } from './rsvp-list';

/**
 * POST /api/admin/admissions/offers/extend: one person's offer (`application_id`; an expired one
 * opens again) or everyone's open offers (of a role, or all), never shortening one. 400 names a bad
 * time ("due_at: …"), 409 `not_an_open_offer` when the person has answered or is not accepted.
 */
export function extendOffers(body: ExtendOffersBody) {
  return apiRequest('/api/admin/admissions/offers/extend', {
    method: 'POST',
    body,
    schema: extendOffersResultSchema,
  });
}

export function useExtendOffers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: extendOffers,
    // The RSVP list shows the deadlines, and a reopened offer counts as awaiting again.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: RSVP_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMISSIONS_QUERY_KEY }),
      ]),
  });
}
