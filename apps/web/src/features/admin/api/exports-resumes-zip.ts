import { useMutation } from '@tanstack/react-query';
import type { BulkTargetBody } from '@lanyard/shared/admin';
import { downloadFile, timestampedFileName, type DownloadProgress } from '@/components/ui/download';

export interface DownloadResumesInput {
  /** The selection: ids, or the list's filter with its count. */
  target: BulkTargetBody;
  onProgress?: (progress: DownloadProgress) => void;
}

/** POST /api/export/resumes/zip, saved as resumes_{timestamp}.zip. */
export async function downloadResumesZip({ target, onProgress }: DownloadResumesInput) {
  const fileName = timestampedFileName('resumes', 'zip');
  await downloadFile('/api/export/resumes/zip', fileName, { method: 'POST', body: target, onProgress });
  return fileName;
}

export function useDownloadResumesZip() {
  return useMutation({ mutationFn: downloadResumesZip });
}
