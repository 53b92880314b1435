import { useMutation } from '@tanstack/react-query';
import { downloadFile, timestampedFileName, type DownloadProgress } from '@/components/ui/download';

export interface DownloadResumesInput {
  ids: readonly string[];
  onProgress?: (progress: DownloadProgress) => void;
}

/** POST /api/export/resumes/zip, saved as resumes_{timestamp}.zip. */
export async function downloadResumesZip({ ids, onProgress }: DownloadResumesInput) {
  const fileName = timestampedFileName('resumes', 'zip');
  await downloadFile('/api/export/resumes/zip', fileName, {
    method: 'POST',
    body: { application_ids: ids },
    onProgress,
  });
  return fileName;
}

export function useDownloadResumesZip() {
  return useMutation({ mutationFn: downloadResumesZip });
}
