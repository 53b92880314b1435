import { draftResponseSchema, type DraftBody } from '@lanyard/shared/application';
import { apiRequest } from '@/lib/api-client';

/** Browsers refuse a `keepalive` request whose body is over 64 KB; stay clear of that. */
const KEEPALIVE_MAX_CHARS = 60_000;

/**
 * PUT /api/applications/draft, for both application forms. Called by their autosave
 * (components/application-form/use-draft-autosave.ts), which owns debouncing, ordering and retries, so
 * there is no query or mutation hook here. `leaving`: the page is going away, so the request is sent
 * with `keepalive` to outlive it (when the body is small enough for that). `page`: which page sends it
 * and its count of saves, so that an older save landing late cannot undo a newer one.
 */
export function saveDraft(
  body: DraftBody,
  { leaving = false, page }: { leaving?: boolean; page?: { tab: string; seq: number } } = {},
) {
  const sent: DraftBody = page ? { ...body, client_tab: page.tab, client_seq: page.seq } : body;
  const keepalive = leaving && JSON.stringify(sent).length <= KEEPALIVE_MAX_CHARS;
  return apiRequest('/api/applications/draft', {
    method: 'PUT',
    body: sent,
    schema: draftResponseSchema,
    keepalive,
  });
}
