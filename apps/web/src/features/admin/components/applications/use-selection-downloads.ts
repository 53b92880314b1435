import { useState } from 'react';
import { toast } from 'sonner';
import type { DownloadProgress } from '@/components/ui/download';
import { isApiError } from '@/lib/api-client';
import { useExportSelectedCsv } from '../../api/exports-selected-csv';
import { useDownloadResumesZip } from '../../api/exports-resumes-zip';
import { useApplicationSelection } from '../../lib/selection';
import { bulkErrorMessage } from '../bulk/bulk-actions';

/** The selection's CSV and resumes zip, with their progress. */
export function useSelectionDownloads() {
  const selection = useApplicationSelection();
  const exportCsv = useExportSelectedCsv();
  const downloadZip = useDownloadResumesZip();
  const [csvProgress, setCsvProgress] = useState<DownloadProgress | null>(null);
  const [zipProgress, setZipProgress] = useState<DownloadProgress | null>(null);

  const exportSelected = () => {
    const target = selection.target();
    if (!target) return;
    setCsvProgress({ loaded: 0, total: null });
    exportCsv.mutate(
      { target, onProgress: setCsvProgress },
      {
        onError: (err) =>
          toast.error('Error', { description: bulkErrorMessage(err, 'Failed to export applications.') }),
        onSettled: () => setCsvProgress(null),
      },
    );
  };

  const downloadResumes = () => {
    const target = selection.target();
    if (!target) {
      toast.error('No applications selected', {
        description: 'Please select at least one application to download resumes.',
      });
      return;
    }
    setZipProgress({ loaded: 0, total: null });
    downloadZip.mutate(
      { target, onProgress: setZipProgress },
      {
        onError: (err) =>
          toast.error('Error', {
            description:
              isApiError(err) && err.code === 'no_resumes'
                ? 'None of the selected applications has a resume.'
                : bulkErrorMessage(err, 'Failed to download resumes.'),
          }),
        onSettled: () => setZipProgress(null),
      },
    );
  };

  return {
    exportSelected,
    downloadResumes,
    exporting: exportCsv.isPending,
    zipping: downloadZip.isPending,
    csvProgress,
    zipProgress,
  };
}
