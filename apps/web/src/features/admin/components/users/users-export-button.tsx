import { useState } from 'react';
import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { formatBytes, progressPercent, type DownloadProgress } from '@/components/ui/download';
import { Spinner } from '@/components/ui/spinner';
import { useExportUsersCsv } from '../../api/users-export-csv';
import type { UsersListFilters } from '../../api/users-list';

export const EXPORT_USERS_ERROR = 'Failed to export users.';

/** "Export to CSV": the users matching the current filters, with download progress. */
export function UsersExportButton({ filters }: { filters: UsersListFilters }) {
  const exportCsv = useExportUsersCsv();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);

  const run = () => {
    setProgress(null);
    exportCsv.mutate(
      { filters, onProgress: setProgress },
      {
        onError: () => toast.error('Error', { description: EXPORT_USERS_ERROR }),
        onSettled: () => setProgress(null),
      },
    );
  };

  const percent = progress ? progressPercent(progress) : null;
  const status =
    progress === null
      ? 'Exporting...'
      : percent !== null
        ? `Exporting... ${percent}%`
        : `Exporting... ${formatBytes(progress.loaded)}`;

  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={run}
      disabled={exportCsv.isPending}
      aria-busy={exportCsv.isPending || undefined}
    >
      {exportCsv.isPending ? <Spinner className="size-4" /> : <Download aria-hidden="true" />}
      {exportCsv.isPending ? <span aria-live="polite">{status}</span> : 'Export to CSV'}
    </Button>
  );
}
