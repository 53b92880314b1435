import { apiRequest } from '@/lib/api-client';

/** DELETE /api/upload/file/:name: removes one of the applicant's own uploads. */
export function deleteUpload(name: string) {
  // A JSON body (even empty) on every state change: the server's CSRF rule.
  return apiRequest(`/api/upload/file/${encodeURIComponent(name)}`, { method: 'DELETE', body: {} });
}
