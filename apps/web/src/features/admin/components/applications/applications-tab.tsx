import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Download, FileArchive, RefreshCw, X } from 'lucide-react';
import { toast } from 'sonner';
import { PAGE_SIZE } from '@lanyard/shared/constants';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { DownloadProgress } from '@/components/ui/download';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useApplications } from '../../api/applications-list';
import { invalidateAfterApplicationChange } from '../../api/applications-invalidate';
import { useExportApplicationsCsv } from '../../api/exports-applications-csv';
import { useDownloadResumesZip } from '../../api/exports-resumes-zip';
import { useDetailNavigation } from '../../hooks/use-detail-navigation';
import {
  EMPTY_FILTERS,
  filtersOf,
  readApplicationParams,
  writeApplicationParams,
  type ApplicationFilters,
} from '../../lib/application-filters';
import { useApplicationSelection } from '../../lib/selection';
import { ApplicationDetailDialog } from './application-detail-dialog';
import { ApplicationsFilters } from './applications-filters';
import { ApplicationsTable } from './applications-table';
import { DownloadStatus } from './download-status';

const LOAD_ERROR = 'Failed to load applications';

export function ApplicationsTab() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readApplicationParams(searchParams);
  const filters = filtersOf(params);
  const list = useApplications(params);
  const queryClient = useQueryClient();
  const selection = useApplicationSelection();
  const [csvProgress, setCsvProgress] = useState<DownloadProgress | null>(null);
  const [zipProgress, setZipProgress] = useState<DownloadProgress | null>(null);
  const exportCsv = useExportApplicationsCsv();
  const downloadZip = useDownloadResumesZip();

  useEffect(() => {
    if (list.isError) toast.error('Error', { description: LOAD_ERROR });
  }, [list.isError]);

  const changeFilters = (patch: Partial<ApplicationFilters>) => {
    // A filter change starts again at page 1; typing replaces the history entry rather than adding one.
    setSearchParams(
      (prev) => writeApplicationParams(prev, { ...readApplicationParams(prev), ...patch, page: 1 }),
      { replace: true },
    );
  };
  const clearFilters = () =>
    setSearchParams((prev) => writeApplicationParams(prev, { ...EMPTY_FILTERS, page: 1 }), { replace: true });
  const changePage = (page: number, replace = false) =>
    setSearchParams((prev) => writeApplicationParams(prev, { ...readApplicationParams(prev), page }), {
      replace,
    });
  // The detail dialog steps through this same list; a step onto another page takes the table there.
  const review = useDetailNavigation({ params, list, onPageChange: (page) => changePage(page, true) });

  const data = list.data;
  const applications = data?.applications ?? [];
  const total = data?.total ?? 0;
  const pages = data?.pages ?? 1;

  // A page past the end (after deletes or a narrower filter) shows the last page instead.
  useEffect(() => {
    if (data && params.page > data.pages) changePage(data.pages, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, params.page]);

  const refresh = () => {
    void invalidateAfterApplicationChange(queryClient);
  };

  const onExport = () => {
    setCsvProgress({ loaded: 0, total: null });
    exportCsv.mutate(
      { filters, onProgress: setCsvProgress },
      {
        onError: () => toast.error('Error', { description: 'Failed to export applications.' }),
        onSettled: () => setCsvProgress(null),
      },
    );
  };

  const onDownloadResumes = () => {
    if (selection.count === 0) {
      toast.error('No applications selected', {
        description: 'Please select at least one application to download resumes.',
      });
      return;
    }
    setZipProgress({ loaded: 0, total: null });
    downloadZip.mutate(
      { ids: [...selection.ids], onProgress: setZipProgress },
      {
        onError: (err) =>
          toast.error('Error', {
            description:
              isApiError(err) && err.code === 'no_resumes'
                ? 'None of the selected applications has a resume.'
                : 'Failed to download resumes.',
          }),
        onSettled: () => setZipProgress(null),
      },
    );
  };

  return (
    <section aria-labelledby="applications-tab-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex flex-col gap-1">
          <h2 id="applications-tab-title" className="text-xl font-semibold text-slate-900">
            Applications
          </h2>
          <p className="text-sm text-slate-600" aria-live="polite" data-testid="applications-count">
            {data ? `Showing ${applications.length} of ${total} applications` : 'Loading applications...'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={onExport} disabled={exportCsv.isPending}>
            {exportCsv.isPending ? <Spinner className="size-4" /> : <Download aria-hidden="true" />}
            Export CSV
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={onDownloadResumes}
            disabled={selection.count === 0 || downloadZip.isPending}
          >
            {downloadZip.isPending ? <Spinner className="size-4" /> : <FileArchive aria-hidden="true" />}
            Download Resumes
          </Button>
          <Button variant="secondary" size="sm" onClick={refresh} disabled={list.isFetching}>
            <RefreshCw
              aria-hidden="true"
              className={list.isFetching ? 'animate-spin motion-reduce:animate-none' : ''}
            />
            Refresh
          </Button>
        </div>
      </div>

      <ApplicationsFilters filters={filters} onChange={changeFilters} onClear={clearFilters} />

      {csvProgress ? <DownloadStatus label="Exporting applications..." progress={csvProgress} /> : null}
      {zipProgress ? <DownloadStatus label="Downloading resumes..." progress={zipProgress} /> : null}

      {list.isError && !data ? (
        <Alert tone="error" role="alert" className="items-center">
          <AlertDescription className="mt-0 flex-1">{LOAD_ERROR}</AlertDescription>
          <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}

      <div className="flex min-h-9 flex-wrap items-center gap-3" aria-live="polite">
        {selection.count > 0 ? (
          <>
            <Badge tone="blue" data-testid="selection-count">
              {selection.count} selected
            </Badge>
            <Button variant="ghost" size="sm" onClick={selection.clear}>
              <X aria-hidden="true" />
              Clear selection
            </Button>
          </>
        ) : (
          <p className="text-sm text-slate-600">
            Select applications to download resumes or use bulk actions.
          </p>
        )}
      </div>

      <ApplicationsTable
        applications={applications}
        loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
        selected={selection.ids}
        onToggle={(id, checked) => selection.set([id], checked)}
        onToggleAll={selection.toggleAll}
        onView={review.open}
        emptyMessage={list.isError ? LOAD_ERROR : undefined}
      />

      {total > PAGE_SIZE ? (
        <Pagination
          page={params.page}
          pages={pages}
          onPageChange={(page) => changePage(page)}
          label="Applications pages"
        />
      ) : null}

      <ApplicationDetailDialog navigation={review} />
    </section>
  );
}
