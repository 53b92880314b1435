import { useMutation } from '@tanstack/react-query';
import type { BulkTargetBody } from '@lanyard/shared/admin';
import { downloadFile, timestampedFileName, type DownloadProgress } from '@/components/ui/download';

export interface ExportSelectedInput {
  /** The selection: ids, or the list's filter with its count. */
  target: BulkTargetBody;
  onProgress?: (progress: DownloadProgress) => void;
}

/** POST /api/export/applications/csv with the selection, saved as applications_export_{timestamp}.csv. */
export async function exportSelectedCsv({ target, onProgress }: ExportSelectedInput) {
  const fileName = timestampedFileName('applications_export', 'csv');
  await downloadFile('/api/export/applications/csv', fileName, { method: 'POST', body: target, onProgress });
  return fileName;
}

export function useExportSelectedCsv() {
  return useMutation({ mutationFn: exportSelectedCsv });
}
