import { useMutation } from '@tanstack/react-query';
import { downloadFile, timestampedFileName, type DownloadProgress } from '@/components/ui/download';
import { usersSearchParams, type UsersListFilters } from './users-list';

export interface ExportUsersInput {
  filters: UsersListFilters;
  onProgress?: (progress: DownloadProgress) => void;
}

/** GET /api/export/users/csv with the list's filters (no page), saved as users_export_{timestamp}.csv. */
export async function exportUsersCsv({ filters, onProgress }: ExportUsersInput) {
  const query = usersSearchParams(filters).toString();
  const fileName = timestampedFileName('users_export', 'csv');
  await downloadFile(`/api/export/users/csv${query ? `?${query}` : ''}`, fileName, { onProgress });
  return fileName;
}

export function useExportUsersCsv() {
  return useMutation({ mutationFn: exportUsersCsv });
}
