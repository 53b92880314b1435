import type { RsvpRow } from '@lanyard/shared/rsvp';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatDateTime, roleName } from '../../lib/labels';
import { NO_RESPONSE } from '../../lib/rsvp-labels';
import { rsvpCell } from '../../lib/offers';
import { ApplicantSummary } from '../applicant-summary';

interface RsvpDetailsDialogProps {
  row: RsvpRow | null;
  onClose: () => void;
}

/** Read-only; the attendance details only when the RSVP is accepted. */
export function RsvpDetailsDialog({ row, onClose }: RsvpDetailsDialogProps) {
  return (
    <Dialog open={row !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-4xl grid-cols-[minmax(0,1fr)] gap-6">
        {row ? <DetailsBody row={row} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function DetailsBody({ row }: { row: RsvpRow }) {
  const cell = rsvpCell(row);
  // Offers that expire: where the offer stands, beside when they answered.
  const offer: [string, string][] = row.offer
    ? [['Offer', cell.note ? `${row.offer.expired ? 'Expired' : 'Open'} · ${cell.note}` : cell.label]]
    : [];
  return (
    <>
      <DialogHeader>
        <DialogTitle>RSVP Details</DialogTitle>
        <DialogDescription className="[overflow-wrap:anywhere]">
          <bdi>{row.name}</bdi> · {roleName(row.role)}
        </DialogDescription>
      </DialogHeader>
      <ApplicantSummary
        idPrefix="rsvp-details"
        data={row}
        extra={[['Responded At', row.rsvp_at ? formatDateTime(row.rsvp_at) : NO_RESPONSE], ...offer]}
      />
    </>
  );
}
