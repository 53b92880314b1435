import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminSponsorSchema,
  adminSponsorsResponseSchema,
  bookSettingsBodySchema,
  type BookRule,
  type CreateSponsorBody,
  type UpdateSponsorBody,
} from '@lanyard/shared/sponsors';
import { api, apiRequest } from '@/lib/api-client';
import { invalidateAfterUserChange } from './users-invalidate';

export const SPONSORS_QUERY_KEY = ['admin', 'sponsors'] as const;

/** GET /api/admin/sponsors: each sponsor account with its activity, and the book's rule. */
export function useSponsors() {
  return useQuery({
    queryKey: SPONSORS_QUERY_KEY,
    queryFn: ({ signal }) => api.get('/api/admin/sponsors', { schema: adminSponsorsResponseSchema, signal }),
    staleTime: 0,
  });
}

export function useCreateSponsor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSponsorBody) =>
      api.post('/api/admin/sponsors', body, { schema: adminSponsorSchema }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: SPONSORS_QUERY_KEY });
      await invalidateAfterUserChange(queryClient);
    },
  });
}

export function useUpdateSponsor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateSponsorBody }) =>
      apiRequest(`/api/admin/sponsors/${id}`, { method: 'PUT', body, schema: adminSponsorSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SPONSORS_QUERY_KEY }),
  });
}

export function useSetBookRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rule: BookRule) =>
      apiRequest('/api/admin/sponsors/settings', {
        method: 'PUT',
        body: { book_rule: rule },
        schema: bookSettingsBodySchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SPONSORS_QUERY_KEY }),
  });
}
