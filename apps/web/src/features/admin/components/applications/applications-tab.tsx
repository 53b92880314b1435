import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { formatBoundedTotal } from '@lanyard/shared/common';
import { PAGE_SIZE } from '@lanyard/shared/constants';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { DownloadProgress } from '@/components/ui/download';
import { Pagination } from '@/components/ui/pagination';
import { useApplications } from '../../api/applications-list';
import { invalidateAfterApplicationChange } from '../../api/applications-invalidate';
import { useExportApplicationsCsv } from '../../api/exports-applications-csv';
import { useDetailNavigation } from '../../hooks/use-detail-navigation';
import { applicationsQuery } from '../../lib/application-filters';
import { formatCount } from '../../lib/labels';
import { useApplicationSelection } from '../../lib/selection';
import { useApplicationsQueryState } from '../../lib/use-applications-query-state';
import { AnnounceButton } from '../announcements/announce-button';
import { ApplicationDetailDialog } from './application-detail-dialog';
import { ApplicationsFilterChips } from './applications-filter-chips';
import { ApplicationsFilters } from './applications-filters';
import { ApplicationsTable } from './applications-table';
import { ApplicationsToolbar } from './applications-toolbar';
import { DownloadStatus } from './download-status';
import { SelectionBar } from './selection-bar';

const LOAD_ERROR = 'Failed to load applications';

export function ApplicationsTab() {
  const { params, filters, changeFilters, clearFilters, sortBy, changePage } = useApplicationsQueryState();
  const list = useApplications(params);
  const queryClient = useQueryClient();
  const selection = useApplicationSelection();
  const filtersId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [csvProgress, setCsvProgress] = useState<DownloadProgress | null>(null);
  const exportCsv = useExportApplicationsCsv();

  useEffect(() => {
    if (list.isError) toast.error('Error', { description: LOAD_ERROR });
  }, [list.isError]);

  // The detail dialog steps through this same list; a step onto another page takes the table there.
  const review = useDetailNavigation({
    params,
    list,
    onPageChange: (page) => changePage(page, { replace: true }),
  });

  const data = list.data;
  const applications = data?.applications ?? [];
  const pageIds = applications.map((a) => a._id);
  const total = data?.total ?? 0;
  // At least `total` match: the list counted no further (APPLICATIONS_COUNT_AHEAD).
  const capped = data?.total_capped ?? false;
  const pages = data?.pages ?? 1;
  const current = data !== undefined && !list.isPlaceholderData;

  // A page past the end (after deletes or a narrower filter) shows the last page instead.
  useEffect(() => {
    if (data && params.page > data.pages) changePage(data.pages, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, params.page]);

  // "All N matching" follows the list: another filter ends it, a new count is the one to confirm.
  // A capped count is not one: the exact number fetched on "Select all" stands until the list's own.
  const filtersKey = applicationsQuery(filters).toString();
  useEffect(() => {
    selection.fitToList(filters, current && !capped ? total : selection.count);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filtersKey, current, total, capped]);

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

  return (
    <section aria-labelledby="applications-tab-title" className="flex flex-col gap-3">
      <ApplicationsToolbar
        summary={
          data
            ? `Showing ${formatCount(applications.length)} of ${formatBoundedTotal(data)} applications`
            : 'Loading applications...'
        }
        filters={filters}
        onSearch={(search) => changeFilters({ search })}
        filtersOpen={filtersOpen}
        filtersId={filtersId}
        onToggleFilters={() => setFiltersOpen((open) => !open)}
        onExport={onExport}
        exporting={exportCsv.isPending}
        onRefresh={() => void invalidateAfterApplicationChange(queryClient)}
        refreshing={list.isFetching}
        announce={
          <AnnounceButton list="applications" total={data?.total} capped={capped} className="h-10 px-3" />
        }
      />
      <ApplicationsFilterChips filters={filters} onChange={changeFilters} onClear={clearFilters} />
      {filtersOpen ? <ApplicationsFilters id={filtersId} filters={filters} onChange={changeFilters} /> : null}

      {csvProgress ? <DownloadStatus label="Exporting applications..." progress={csvProgress} /> : null}

      {list.isError && !data ? (
        <Alert tone="error" role="alert" className="items-center">
          <AlertDescription className="mt-0 flex-1">{LOAD_ERROR}</AlertDescription>
          <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}

      <SelectionBar pageIds={pageIds} total={total} capped={capped} filters={filters} />

      <ApplicationsTable
        applications={applications}
        loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
        isSelected={selection.isSelected}
        pageState={selection.pageState(pageIds)}
        onToggle={(id, checked) => selection.toggleRow(id, checked, pageIds)}
        onToggleAll={() => selection.togglePage(pageIds)}
        onView={review.open}
        sort={params.sort}
        dir={params.dir}
        onSort={sortBy}
        emptyMessage={list.isError ? LOAD_ERROR : undefined}
      />

      {total > PAGE_SIZE ? (
        <Pagination
          page={params.page}
          pages={pages}
          morePages={capped}
          onPageChange={(page) => changePage(page)}
          label="Applications pages"
        />
      ) : null}

      <ApplicationDetailDialog navigation={review} />
    </section>
  );
}
