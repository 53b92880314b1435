import { draftResponseSchema, type DraftBody, type DraftResponse } from '@lanyard/shared/application';
import { apiRequest } from '@/lib/api-client';

export const DRAFT_PATH = '/api/applications/draft';

/** PUT /api/applications/draft: the first save marks the applicant "in progress". */
export async function saveDraft(body: DraftBody): Promise<DraftResponse['draft']> {
  const { draft } = await apiRequest(DRAFT_PATH, { method: 'PUT', body, schema: draftResponseSchema });
  return draft;
}

/**
 * The last save when the page goes away (tab closed, reload): `keepalive` lets the request outlive the
 * page. Best effort, no answer is read.
 */
export function saveDraftOnExit(body: DraftBody): void {
  try {
    void fetch(DRAFT_PATH, {
      method: 'PUT',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  } catch {
    // The page is closing; nothing more can be done.
  }
}
