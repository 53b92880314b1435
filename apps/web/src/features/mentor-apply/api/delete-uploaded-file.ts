import { okSchema } from '@lanyard/shared/common';
import { apiRequest } from '@/lib/api-client';

/** DELETE /api/upload/file/:name: removes one of the applicant's own uploads. */
export function deleteUploadedFile(name: string) {
  return apiRequest(`/api/upload/file/${encodeURIComponent(name)}`, { method: 'DELETE', schema: okSchema });
}
