import { queryOptions, useQuery } from '@tanstack/react-query';
import { draftResponseSchema, type DraftResponse } from '@lanyard/shared/application';
import { api } from '@/lib/api-client';

export const draftQueryKey = ['applications', 'draft'] as const;

/** GET /api/applications/draft: the answers saved so far, restored when the form opens. */
export async function getDraft(signal?: AbortSignal): Promise<DraftResponse['draft']> {
  const { draft } = await api.get('/api/applications/draft', { schema: draftResponseSchema, signal });
  return draft;
}

export const draftQueryOptions = () =>
  queryOptions({
    queryKey: draftQueryKey,
    queryFn: ({ signal }) => getDraft(signal),
    // Read once per visit: while the form is open the form itself is the newest copy.
    staleTime: 0,
    refetchOnMount: 'always',
  });

export function useDraft() {
  return useQuery(draftQueryOptions());
}
