import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { retentionPreviewSchema, type RetentionSettings } from '@lanyard/shared/retention';
import { api, apiRequest } from '@/lib/api-client';

/** GET /api/settings/retention (admin): the periods and what the next runs of the job would do. */
export const retentionQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'retention'],
    queryFn: ({ signal }) => api.get('/api/settings/retention', { schema: retentionPreviewSchema, signal }),
    staleTime: 0,
  });

export function useRetention() {
  return useQuery(retentionQueryOptions());
}

/** PUT /api/settings/retention: all three periods (null turns a rule off); answers the new preview. */
export function useUpdateRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RetentionSettings) =>
      apiRequest('/api/settings/retention', { method: 'PUT', body, schema: retentionPreviewSchema }),
    onSuccess: (preview) => queryClient.setQueryData(retentionQueryOptions().queryKey, preview),
  });
}
