import { useMutation } from '@tanstack/react-query';
import { downloadFile, timestampedFileName, type DownloadProgress } from '@/components/ui/download';
import { applicationsQuery, type ApplicationFilters } from '../lib/application-filters';

export interface ExportApplicationsInput {
  filters: ApplicationFilters;
  onProgress?: (progress: DownloadProgress) => void;
}

/** GET /api/export/applications/csv with the list's filters, saved as applications_export_{timestamp}.csv. */
export async function exportApplicationsCsv({ filters, onProgress }: ExportApplicationsInput) {
  const query = applicationsQuery(filters).toString();
  const url = `/api/export/applications/csv${query ? `?${query}` : ''}`;
  const fileName = timestampedFileName('applications_export', 'csv');
  await downloadFile(url, fileName, { onProgress });
  return fileName;
}

export function useExportApplicationsCsv() {
  return useMutation({ mutationFn: exportApplicationsCsv });
}
