import type { AdminApplication, ApplicationSort, SortDirection } from '@lanyard/shared/admin';
import { Eye } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';
import { formatDate, fullName, roleName, rsvpLabel } from '../../lib/labels';
import type { PageSelectionState } from '../../lib/selection';
import { ReviewFlagBadges, ReviewsCell, ScoreCell } from './review-cells';
import { SortableHeader } from './sortable-header';
import { StatusBadge } from './status-badge';

interface ApplicationsTableProps {
  applications: readonly AdminApplication[];
  loading: boolean;
  isSelected: (id: string) => boolean;
  /** The header box: the page (or "all matching") fully, partly or not selected. */
  pageState: PageSelectionState;
  onToggle: (id: string, checked: boolean) => void;
  onToggleAll: () => void;
  onView: (id: string) => void;
  sort: ApplicationSort;
  dir: SortDirection;
  onSort: (column: ApplicationSort) => void;
  /** Shown in place of rows when there are none and nothing is loading. */
  emptyMessage?: string;
}

const COLUMNS = 13;

/**
 * Columns an organiser can do without on a smaller screen (the detail dialog has them all): Major and
 * RSVP Status need a wide screen, Email and School a laptop, so the review columns stay in view.
 */
const WIDE_ONLY = 'hidden 2xl:table-cell';
const LAPTOP_UP = 'hidden lg:table-cell';

/** The View column stays in reach when the table scrolls sideways. */
const STICKY = 'sticky right-0 shadow-[-8px_0_8px_-8px_rgb(15_23_42/0.15)]';
const STICKY_TD = `${STICKY} bg-white group-hover:bg-slate-50 group-data-[selected=true]:bg-blue-50`;

/** Long or hostile values: kept as text, isolated for bidi, cut visually with the full text on hover. */
function CellText({ text, className }: { text: string; className?: string }) {
  return (
    <span className={`block truncate ${className ?? ''}`} title={text}>
      <bdi>{text}</bdi>
    </span>
  );
}

export function ApplicationsTable({
  applications,
  loading,
  isSelected,
  pageState: state,
  onToggle,
  onToggleAll,
  onView,
  sort,
  dir,
  onSort,
  emptyMessage = 'No applications found.',
}: ApplicationsTableProps) {
  const sortable = { sort, dir, onSort };

  return (
    <Table aria-label="Applications" aria-busy={loading || undefined}>
      <THead>
        <tr>
          <Th className="w-10">
            <input
              type="checkbox"
              aria-label="Select all applications on this page"
              className="size-4 accent-brand-ink"
              checked={state === 'all'}
              ref={(el) => {
                if (el) el.indeterminate = state === 'some';
              }}
              disabled={applications.length === 0}
              onChange={onToggleAll}
            />
          </Th>
          <SortableHeader column="name" label="Name" {...sortable} />
          <Th className={LAPTOP_UP}>Email</Th>
          <Th>Role</Th>
          <SortableHeader column="status" label="Status" {...sortable} />
          <Th>Reviews</Th>
          <SortableHeader column="score" label="Score" {...sortable} />
          <Th>Flags</Th>
          <SortableHeader column="school" label="School" className={LAPTOP_UP} {...sortable} />
          <Th className={WIDE_ONLY}>Major</Th>
          <Th className={WIDE_ONLY}>RSVP Status</Th>
          <SortableHeader column="submitted" label="Submitted" {...sortable} />
          <Th className={`${STICKY} bg-slate-50`}>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </THead>
      <TBody>
        {applications.length === 0 ? (
          <tr>
            <Td colSpan={COLUMNS} className="py-10 text-center text-slate-600">
              {loading ? (
                <span role="status" className="inline-flex items-center gap-2">
                  <Spinner className="size-4" />
                  Loading applications...
                </span>
              ) : (
                emptyMessage
              )}
            </Td>
          </tr>
        ) : (
          applications.map((a) => {
            const name = fullName(a);
            const selected = isSelected(a._id);
            return (
              <Tr
                key={a._id}
                className="group data-[selected=true]:bg-blue-50"
                data-selected={selected}
                data-application-id={a._id}
              >
                <Td>
                  <input
                    type="checkbox"
                    aria-label={`Select ${name}`}
                    className="size-4 accent-brand-ink"
                    checked={selected}
                    onChange={(event) => onToggle(a._id, event.target.checked)}
                  />
                </Td>
                <Td className="max-w-40 font-medium text-slate-900">
                  <CellText text={name} />
                </Td>
                <Td className={`max-w-44 ${LAPTOP_UP}`}>
                  <CellText text={a.email} />
                </Td>
                <Td>{roleName(a.role)}</Td>
                <Td>
                  <StatusBadge status={a.status} />
                </Td>
                <Td className="whitespace-nowrap" data-column="reviews">
                  <ReviewsCell review={a.review} />
                </Td>
                <Td className="whitespace-nowrap" data-column="score">
                  <ScoreCell review={a.review} />
                </Td>
                <Td className="w-28 max-w-28" data-column="flags">
                  <ReviewFlagBadges flags={a.review.flags} />
                </Td>
                <Td className={`max-w-36 ${LAPTOP_UP}`}>
                  <CellText text={a.university} />
                </Td>
                <Td className={`max-w-36 ${WIDE_ONLY}`}>
                  <CellText text={a.major} />
                </Td>
                <Td className={`whitespace-nowrap ${WIDE_ONLY}`} data-column="rsvp">
                  {rsvpLabel(a.rsvp_status)}
                </Td>
                <Td className="whitespace-nowrap tabular-nums">
                  <time dateTime={a.submitted_at}>{formatDate(a.submitted_at)}</time>
                </Td>
                <Td className={STICKY_TD}>
                  <Button variant="secondary" size="sm" onClick={() => onView(a._id)}>
                    <Eye aria-hidden="true" />
                    View
                    <span className="sr-only">
                      {' '}
                      application of <bdi>{name}</bdi>
                    </span>
                  </Button>
                </Td>
              </Tr>
            );
          })
        )}
      </TBody>
    </Table>
  );
}
