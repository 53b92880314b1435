import { CalendarClock, Eye, Pencil } from 'lucide-react';
import type { RsvpRow } from '@lanyard/shared/rsvp';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';
import { roleName } from '../../lib/labels';
import { canExtendOffer, rsvpCell } from '../../lib/offers';
import {
  liabilityLabel,
  liabilityTone,
  photoPermissionLabel,
  photoPermissionTone,
} from '../../lib/rsvp-labels';
import { StatusBadge } from '../applications/status-badge';

interface RsvpTableProps {
  rows: readonly RsvpRow[];
  loading: boolean;
  onModify: (row: RsvpRow) => void;
  onView: (row: RsvpRow) => void;
  /** Extend deadline: offered for an offer with its own deadline, or an expired one. */
  onExtend: (row: RsvpRow) => void;
  /** Shown in place of rows when there are none and nothing is loading. */
  emptyMessage?: string;
}

const COLUMNS = 8;

/** The Actions column stays in reach when the table scrolls sideways. */
const STICKY = 'sticky right-0 shadow-[-8px_0_8px_-8px_rgb(15_23_42/0.15)]';

/** Names and e-mails are what applicants typed: text only, isolated for bidi, cut with the full text on hover. */
function CellText({ text }: { text: string }) {
  return (
    <span className="block truncate" title={text}>
      <bdi>{text}</bdi>
    </span>
  );
}

export function RsvpTable({
  rows,
  loading,
  onModify,
  onView,
  onExtend,
  emptyMessage = 'No RSVPs found.',
}: RsvpTableProps) {
  return (
    <Table aria-label="RSVPs" aria-busy={loading || undefined}>
      <THead>
        <tr>
          <Th>Name</Th>
          <Th>Email</Th>
          <Th>Role</Th>
          <Th>Status</Th>
          <Th>RSVP Status</Th>
          <Th>Liability</Th>
          <Th>Photo Permission</Th>
          <Th className={`${STICKY} bg-slate-50 text-right`}>Actions</Th>
        </tr>
      </THead>
      <TBody>
        {rows.length === 0 ? (
          <tr>
            <Td colSpan={COLUMNS} className="py-10 text-center text-slate-600">
              {loading ? (
                <span role="status" className="inline-flex items-center gap-2">
                  <Spinner className="size-4" />
                  Loading RSVPs...
                </span>
              ) : (
                emptyMessage
              )}
            </Td>
          </tr>
        ) : (
          rows.map((row) => (
            <Tr key={row._id} className="group" data-application-id={row._id}>
              <Td className="max-w-48 font-medium text-slate-900">
                <CellText text={row.name} />
              </Td>
              <Td className="max-w-56">
                <CellText text={row.email} />
              </Td>
              <Td>{roleName(row.role)}</Td>
              <Td>
                <StatusBadge status={row.status} />
              </Td>
              <Td>
                <RsvpCellView row={row} onExtend={() => onExtend(row)} />
              </Td>
              <Td>
                <Badge tone={liabilityTone(row.liability_waiver_accepted)}>
                  {liabilityLabel(row.liability_waiver_accepted)}
                </Badge>
              </Td>
              <Td>
                <Badge tone={photoPermissionTone(row)}>{photoPermissionLabel(row)}</Badge>
              </Td>
              <Td className={`${STICKY} bg-white group-hover:bg-slate-50`}>
                <div className="flex justify-end gap-1.5">
                  <Button variant="secondary" size="sm" onClick={() => onModify(row)}>
                    <Pencil aria-hidden="true" />
                    Modify
                    <span className="sr-only">
                      {' '}
                      RSVP of <bdi>{row.name}</bdi>
                    </span>
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => onView(row)}>
                    <Eye aria-hidden="true" />
                    View
                    <span className="sr-only">
                      {' '}
                      RSVP details of <bdi>{row.name}</bdi>
                    </span>
                  </Button>
                </div>
              </Td>
            </Tr>
          ))
        )}
      </TBody>
    </Table>
  );
}

/**
 * The answer, or "Expired"; an offer with its own deadline says when it is (or was) due, with
 * Extend beside the date it changes (in the cell, so the sticky Actions column stays narrow).
 */
function RsvpCellView({ row, onExtend }: { row: RsvpRow; onExtend: () => void }) {
  const cell = rsvpCell(row);
  return (
    <span className="flex flex-col items-start gap-1">
      <Badge tone={cell.tone}>{cell.label}</Badge>
      {cell.note ? (
        <span className="text-xs whitespace-nowrap text-slate-600" data-testid="rsvp-due">
          {cell.note}
        </span>
      ) : null}
      {canExtendOffer(row) ? (
        <button
          type="button"
          onClick={onExtend}
          className="inline-flex items-center gap-1 rounded text-xs font-semibold whitespace-nowrap text-brand-ink underline underline-offset-4 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-ink"
        >
          <CalendarClock aria-hidden="true" className="size-3.5" />
          Extend deadline
          <span className="sr-only">
            {' '}
            of <bdi>{row.name}</bdi>
          </span>
        </button>
      ) : null}
    </span>
  );
}
