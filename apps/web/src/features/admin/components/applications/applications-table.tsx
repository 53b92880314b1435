import type { AdminApplication } from '@lanyard/shared/admin';
import { Eye } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';
import { formatDate, fullName, roleName, rsvpLabel } from '../../lib/labels';
import { pageSelectionState } from '../../lib/selection';
import { StatusBadge } from './status-badge';

interface ApplicationsTableProps {
  applications: readonly AdminApplication[];
  loading: boolean;
  selected: ReadonlySet<string>;
  onToggle: (id: string, checked: boolean) => void;
  onToggleAll: (pageIds: string[]) => void;
  onView: (id: string) => void;
  /** Shown in place of rows when there are none and nothing is loading. */
  emptyMessage?: string;
}

const COLUMNS = 10;

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
  selected,
  onToggle,
  onToggleAll,
  onView,
  emptyMessage = 'No applications found.',
}: ApplicationsTableProps) {
  const pageIds = applications.map((a) => a._id);
  const state = pageSelectionState(selected, pageIds);

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
              disabled={pageIds.length === 0}
              onChange={() => onToggleAll(pageIds)}
            />
          </Th>
          <Th>Name</Th>
          <Th>Email</Th>
          <Th>Role</Th>
          <Th>Status</Th>
          <Th>School</Th>
          <Th>Major</Th>
          <Th>RSVP Status</Th>
          <Th>Submitted</Th>
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
            const isSelected = selected.has(a._id);
            return (
              <Tr
                key={a._id}
                className="group data-[selected=true]:bg-blue-50"
                data-selected={isSelected}
                data-application-id={a._id}
              >
                <Td>
                  <input
                    type="checkbox"
                    aria-label={`Select ${name}`}
                    className="size-4 accent-brand-ink"
                    checked={isSelected}
                    onChange={(event) => onToggle(a._id, event.target.checked)}
                  />
                </Td>
                <Td className="max-w-44 font-medium text-slate-900">
                  <CellText text={name} />
                </Td>
                <Td className="max-w-52">
                  <CellText text={a.email} />
                </Td>
                <Td>{roleName(a.role)}</Td>
                <Td>
                  <StatusBadge status={a.status} />
                </Td>
                <Td className="max-w-40">
                  <CellText text={a.university} />
                </Td>
                <Td className="max-w-36">
                  <CellText text={a.major} />
                </Td>
                <Td className="whitespace-nowrap">{rsvpLabel(a.rsvp_status)}</Td>
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
