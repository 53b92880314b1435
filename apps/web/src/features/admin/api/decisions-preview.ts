import { queryOptions, useQuery } from '@tanstack/react-query';
import { decisionsPreviewSchema } from '@lanyard/shared/admin';
import type { ApplicantRole } from '@lanyard/shared/constants';
import { api } from '@/lib/api-client';

/** GET /api/admin/decisions/:role/preview: what releasing that role's decisions would do now. */
export function getDecisionsPreview(role: ApplicantRole, signal?: AbortSignal) {
  return api.get(`/api/admin/decisions/${role}/preview`, { schema: decisionsPreviewSchema, signal });
}

export const decisionsPreviewQueryOptions = (role: ApplicantRole) =>
  queryOptions({
    queryKey: ['admin', 'decisions', 'preview', role],
    queryFn: ({ signal }) => getDecisionsPreview(role, signal),
    // Counted afresh each time the dialog opens: decisions change between two releases.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export function useDecisionsPreview(role: ApplicantRole | null) {
  return useQuery({ ...decisionsPreviewQueryOptions(role ?? 'hacker'), enabled: role !== null });
}
