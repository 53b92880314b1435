import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Download, RefreshCw } from 'lucide-react';
import { toast } from 'sonner';
import type { RsvpRow } from '@lanyard/shared/rsvp';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { DownloadProgress } from '@/components/ui/download';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { useExportRsvpCsv } from '../../api/rsvp-export-csv';
import { RSVP_QUERY_KEY, useRsvps } from '../../api/rsvp-list';
import {
  EMPTY_RSVP_FILTERS,
  readRsvpParams,
  rsvpFiltersOf,
  writeRsvpParams,
  type RsvpFilters,
} from '../../lib/rsvp-filters';
import { AnnounceButton } from '../announcements/announce-button';
import { DownloadStatus } from '../applications/download-status';
import { RsvpDetailsDialog } from './rsvp-details-dialog';
import { RsvpEditDialog } from './rsvp-edit-dialog';
import { ExtendOfferDialog } from './extend-offer-dialog';
import { RsvpFiltersCard } from './rsvp-filters-card';
import { RsvpStatsCard } from './rsvp-stats-card';
import { RsvpTable } from './rsvp-table';
import { useSearchParamsLatest } from '@/lib/use-search-params-latest';

export const LOAD_RSVP_ERROR = 'Failed to load RSVP data';
export const EXPORT_RSVP_ERROR = 'Failed to export RSVPs.';

/** Admin portal, RSVP tab: statistics, filters in the URL, the table, modify and details. */
export function RsvpTab() {
  const [searchParams, setSearchParams] = useSearchParamsLatest();
  const params = readRsvpParams(searchParams);
  const filters = rsvpFiltersOf(params);
  const list = useRsvps(params);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<RsvpRow | null>(null);
  const [viewing, setViewing] = useState<RsvpRow | null>(null);
  const [extending, setExtending] = useState<RsvpRow | null>(null);
  const [csvProgress, setCsvProgress] = useState<DownloadProgress | null>(null);
  const exportCsv = useExportRsvpCsv();

  useEffect(() => {
    if (list.isError) toast.error('Error', { description: LOAD_RSVP_ERROR });
  }, [list.isError]);

  const changeFilters = (patch: Partial<RsvpFilters>) =>
    // A filter change starts again at page 1; it replaces the history entry rather than adding one.
    setSearchParams((prev) => writeRsvpParams(prev, { ...readRsvpParams(prev), ...patch, page: 1 }), {
      replace: true,
    });
  const clearFilters = () =>
    setSearchParams((prev) => writeRsvpParams(prev, { ...EMPTY_RSVP_FILTERS, page: 1 }), { replace: true });
  const changePage = (page: number, replace = false) =>
    setSearchParams((prev) => writeRsvpParams(prev, { ...readRsvpParams(prev), page }), { replace });

  const data = list.data;
  const rows = data?.applications ?? [];
  const total = data?.total ?? 0;
  const pages = data?.pages ?? 1;

  // A page past the end (a narrower filter, a changed status) shows the last page instead.
  useEffect(() => {
    if (data && params.page > data.pages) changePage(data.pages, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, params.page]);

  const onExport = () => {
    setCsvProgress({ loaded: 0, total: null });
    exportCsv.mutate(
      { filters, onProgress: setCsvProgress },
      {
        onError: () => toast.error('Error', { description: EXPORT_RSVP_ERROR }),
        onSettled: () => setCsvProgress(null),
      },
    );
  };

  return (
    <section aria-labelledby="rsvp-tab-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex flex-col gap-1">
          <h2 id="rsvp-tab-title" className="text-xl font-semibold text-slate-900">
            RSVP Management
          </h2>
          <p className="text-sm text-slate-600" aria-live="polite" data-testid="rsvp-count">
            {data ? `Showing ${rows.length} of ${total} RSVPs` : list.isError ? '' : 'Loading RSVP data...'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <AnnounceButton list="rsvps" total={data?.total} />
          <Button variant="secondary" size="sm" onClick={onExport} disabled={exportCsv.isPending}>
            {exportCsv.isPending ? <Spinner className="size-4" /> : <Download aria-hidden="true" />}
            Export CSV
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void queryClient.invalidateQueries({ queryKey: RSVP_QUERY_KEY })}
            disabled={list.isFetching}
          >
            <RefreshCw
              aria-hidden="true"
              className={list.isFetching ? 'animate-spin motion-reduce:animate-none' : ''}
            />
            Refresh
          </Button>
        </div>
      </div>

      <RsvpStatsCard stats={data?.rsvp_stats} loading={list.isPending} />

      <RsvpFiltersCard filters={filters} onChange={changeFilters} onClear={clearFilters} />

      {csvProgress ? <DownloadStatus label="Exporting RSVPs..." progress={csvProgress} /> : null}

      {list.isError && !data ? (
        <Alert tone="error" role="alert" className="items-center">
          <AlertDescription className="mt-0 flex-1">{LOAD_RSVP_ERROR}</AlertDescription>
          <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}

      <RsvpTable
        rows={rows}
        loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
        onModify={setEditing}
        onView={setViewing}
        onExtend={setExtending}
        emptyMessage={list.isError ? LOAD_RSVP_ERROR : undefined}
      />

      {pages > 1 ? (
        <Pagination
          page={params.page}
          pages={pages}
          onPageChange={(page) => changePage(page)}
          label="RSVP pages"
        />
      ) : null}

      <RsvpEditDialog row={editing} onClose={() => setEditing(null)} />
      <RsvpDetailsDialog row={viewing} onClose={() => setViewing(null)} />
      <ExtendOfferDialog row={extending} onClose={() => setExtending(null)} />
    </section>
  );
}
