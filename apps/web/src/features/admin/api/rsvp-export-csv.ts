import { useMutation } from '@tanstack/react-query';
import { downloadFile, type DownloadProgress } from '@/components/ui/download';
import { rsvpQuery, type RsvpFilters } from '../lib/rsvp-filters';

export interface ExportRsvpInput {
  filters: RsvpFilters;
  onProgress?: (progress: DownloadProgress) => void;
}

/** `rsvp_export_{date}.csv`, the date in UTC like the server's own name for the file. */
export function rsvpExportFileName(now: Date = new Date()): string {
  return `rsvp_export_${now.toISOString().slice(0, 10)}.csv`;
}

/** GET /api/admin/rsvp/csv with the list's filters (no page). */
export async function exportRsvpCsv({ filters, onProgress }: ExportRsvpInput) {
  const query = rsvpQuery(filters).toString();
  const fileName = rsvpExportFileName();
  await downloadFile(`/api/admin/rsvp/csv${query ? `?${query}` : ''}`, fileName, { onProgress });
  return fileName;
}

export function useExportRsvpCsv() {
  return useMutation({ mutationFn: exportRsvpCsv });
}
