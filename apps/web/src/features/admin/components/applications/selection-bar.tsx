import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FileArchive, FileSpreadsheet, Trash2, X } from 'lucide-react';
import { toast } from 'sonner';
import { formatBoundedTotal } from '@lanyard/shared/common';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { countApplications } from '../../api/applications-count';
import { invalidateAfterApplicationChange } from '../../api/applications-invalidate';
import { sameFilters, type ApplicationFilters } from '../../lib/application-filters';
import { formatCount } from '../../lib/labels';
import { useApplicationSelection } from '../../lib/selection';
import { BULK_STATUS_ACTIONS, useBulkActions } from '../bulk/bulk-actions';
import { DownloadStatus } from './download-status';
import { useSelectionDownloads } from './use-selection-downloads';

interface SelectionBarProps {
  /** The ids of the page shown. */
  pageIds: readonly string[];
  /** How many applications the list's filter matches. */
  total: number;
  /** `total` is a lower bound: "Select all" first asks the server for the exact number. */
  capped: boolean;
  filters: ApplicationFilters;
}

/**
 * What is selected, "Select all N matching this filter" once the page is, and what can be done
 * with it: status, export, resumes, delete (all on the server, by ids or by the filter).
 */
export function SelectionBar({ pageIds, total, capped, filters }: SelectionBarProps) {
  const selection = useApplicationSelection();
  const queryClient = useQueryClient();
  const [counting, setCounting] = useState(false);
  const shown = useRef(filters);
  shown.current = filters;
  const bulk = useBulkActions();
  const downloads = useSelectionDownloads();
  const { count, matching } = selection;
  const n = formatCount(count);
  const none = count === 0;
  const pageSelected = !matching && selection.pageState(pageIds) === 'all';
  const more = pageSelected && total > pageIds.length;

  const selectMatching = async () => {
    if (!capped) return selection.selectMatching(filters, total);
    setCounting(true);
    try {
      const exact = await countApplications(filters);
      // Another filter while it counted: that list is not the one "Select all" was pressed on.
      if (!sameFilters(shown.current, filters)) return;
      if (exact === 0) {
        // Deleted or changed by someone else since the list was read: there is nothing to act on,
        // and the rows on screen (and the counts around them) are stale.
        toast.info('Nothing to Select', { description: 'No applications match this filter any more.' });
        selection.clear();
        void invalidateAfterApplicationChange(queryClient);
        return;
      }
      selection.selectMatching(filters, exact);
    } catch {
      toast.error('Error', { description: 'Failed to count the applications matching this filter.' });
    } finally {
      setCounting(false);
    }
  };

  return (
    <section aria-label="Selection" className="flex flex-col gap-2">
      <div className="flex min-h-11 flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-slate-200 bg-slate-50 px-3 py-1.5">
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-sm" aria-live="polite">
          {none ? (
            <p className="text-slate-600">
              Select applications to change their status, export or delete them.
            </p>
          ) : (
            <>
              <Badge tone="blue" data-testid="selection-count">
                {matching ? `All ${n} selected` : `${n} selected`}
              </Badge>
              {matching ? (
                <p className="text-slate-700">
                  All {n} {count === 1 ? 'application' : 'applications'} matching this filter are selected.
                </p>
              ) : more ? (
                <p className="text-slate-700">
                  All {formatCount(pageIds.length)} on this page are selected.{' '}
                  <Button
                    variant="link"
                    className="font-semibold"
                    disabled={counting}
                    onClick={() => void selectMatching()}
                  >
                    {counting ? <Spinner className="size-4" /> : null}
                    Select all {formatBoundedTotal({ total, total_capped: capped })} matching this filter
                  </Button>
                </p>
              ) : null}
              <Button variant="ghost" size="sm" onClick={selection.clear}>
                <X aria-hidden="true" />
                Clear selection
              </Button>
            </>
          )}
        </div>
        <div className="ml-auto flex flex-wrap gap-1.5">
          {BULK_STATUS_ACTIONS.map((action) => {
            const Icon = action.icon;
            return (
              <Button
                key={action.status}
                variant="secondary"
                size="sm"
                disabled={none || bulk.busy}
                onClick={() => bulk.askStatus(action)}
              >
                <Icon aria-hidden="true" />
                {action.short}
              </Button>
            );
          })}
          <Button
            variant="secondary"
            size="sm"
            disabled={none || downloads.exporting}
            onClick={downloads.exportSelected}
          >
            {downloads.exporting ? <Spinner className="size-4" /> : <FileSpreadsheet aria-hidden="true" />}
            Export Selected
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={none || downloads.zipping}
            onClick={downloads.downloadResumes}
          >
            {downloads.zipping ? <Spinner className="size-4" /> : <FileArchive aria-hidden="true" />}
            Download Resumes
          </Button>
          <Button
            variant="secondary"
            size="sm"
            className="text-red-700 hover:bg-red-50"
            disabled={none || bulk.busy}
            onClick={bulk.askDelete}
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </div>
      </div>
      {downloads.csvProgress ? (
        <DownloadStatus label="Exporting applications..." progress={downloads.csvProgress} />
      ) : null}
      {downloads.zipProgress ? (
        <DownloadStatus label="Downloading resumes..." progress={downloads.zipProgress} />
      ) : null}
      {bulk.dialog}
    </section>
  );
}
