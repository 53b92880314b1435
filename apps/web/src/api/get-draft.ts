import { queryOptions, useQuery } from '@tanstack/react-query';
import { draftResponseSchema, type DraftResponse } from '@lanyard/shared/application';
import { api } from '@/lib/api-client';

export type Draft = NonNullable<DraftResponse['draft']>;

export const draftQueryKey = ['applications', 'draft'] as const;

/** GET /api/applications/draft: what the applicant typed last time (either form), or null. */
export async function getDraft(signal?: AbortSignal): Promise<Draft | null> {
  const { draft } = await api.get('/api/applications/draft', { schema: draftResponseSchema, signal });
  return draft;
}

/**
 * Read once when a form opens, never from an older visit's cache; the form owns the answers from
 * then on, so nothing refetches it while the form is open.
 */
export const draftQueryOptions = () =>
  queryOptions({
    queryKey: draftQueryKey,
    queryFn: ({ signal }) => getDraft(signal),
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useDraft() {
  return useQuery(draftQueryOptions());
}
