import { draftResponseSchema, type DraftBody } from '@lanyard/shared/application';
import { apiRequest } from '@/lib/api-client';

/**
 * PUT /api/applications/draft. Called by the form's autosave (hooks/use-draft-autosave.ts), which
 * owns debouncing, ordering and retries, so there is no query or mutation hook here.
 */
export function saveDraft(body: DraftBody) {
  return apiRequest('/api/applications/draft', { method: 'PUT', body, schema: draftResponseSchema });
}
