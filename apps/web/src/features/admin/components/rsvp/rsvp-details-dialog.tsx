import type { ReactNode } from 'react';
import type { RsvpRow } from '@lanyard/shared/rsvp';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatDateTime, roleName, safeHttpUrl } from '../../lib/labels';
import {
  liabilityLabel,
  NO_CHOICE_MADE,
  NO_RESPONSE,
  photoPermissionLabel,
  rsvpStatusLabel,
  rsvpStatusTone,
} from '../../lib/rsvp-labels';
import { StatusBadge } from '../applications/status-badge';

interface RsvpDetailsDialogProps {
  row: RsvpRow | null;
  onClose: () => void;
}

/** Spec §2: read-only; the attendance details only when the RSVP is accepted. */
export function RsvpDetailsDialog({ row, onClose }: RsvpDetailsDialogProps) {
  return (
    <Dialog open={row !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl grid-cols-[minmax(0,1fr)]">
        {row ? <DetailsBody row={row} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function Text({ value, empty = NO_RESPONSE }: { value: string | null | undefined; empty?: string }) {
  const text = value && value.trim() !== '' ? value : empty;
  return <bdi>{text}</bdi>;
}

function LinkOrText({ value }: { value: string | null }) {
  const href = safeHttpUrl(value);
  if (!href) return <Text value={value} empty="Not provided" />;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="font-medium break-all text-brand-ink underline underline-offset-2"
    >
      {href}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

function Fields({ items }: { items: [label: string, value: ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label} className="flex min-w-0 flex-col gap-1">
          <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
          <dd className="text-sm text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function DetailsBody({ row }: { row: RsvpRow }) {
  const accepted = row.rsvp_status === 'accepted';
  return (
    <>
      <DialogHeader>
        <DialogTitle>RSVP Details</DialogTitle>
        <DialogDescription className="[overflow-wrap:anywhere]">
          <bdi>{row.name}</bdi> · {roleName(row.role)}
        </DialogDescription>
      </DialogHeader>

      <section aria-labelledby="rsvp-details-applicant" className="flex flex-col gap-3">
        <h3 id="rsvp-details-applicant" className="sr-only">
          Applicant
        </h3>
        <Fields
          items={[
            ['Name', <Text key="n" value={row.name} />],
            ['Email', <Text key="e" value={row.email} />],
            ['Role', roleName(row.role)],
            ['Status', <StatusBadge key="s" status={row.status} />],
            [
              'RSVP Status',
              <Badge key="r" tone={rsvpStatusTone(row.rsvp_status)}>
                {rsvpStatusLabel(row.rsvp_status, row.status)}
              </Badge>,
            ],
            ['Responded At', row.rsvp_at ? formatDateTime(row.rsvp_at) : NO_RESPONSE],
          ]}
        />
      </section>

      {accepted ? (
        <section
          aria-labelledby="rsvp-details-attendance"
          className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4"
        >
          <h3 id="rsvp-details-attendance" className="text-base font-semibold text-slate-900">
            Attendance Details
          </h3>
          <Fields
            items={[
              ['Preferred Full Name', <Text key="p" value={row.preferred_name} />],
              ['Official School Name', <Text key="s" value={row.school_name} />],
              ['Pronoun', <Text key="pr" value={row.pronoun} />],
              ['LinkedIn', <LinkOrText key="l" value={row.linkedin_url} />],
              ['GitHub', <LinkOrText key="g" value={row.github_url} />],
              ['Liability Waiver', liabilityLabel(row.liability_waiver_accepted, NO_RESPONSE)],
              ['Photo Permission', photoPermissionLabel(row, NO_CHOICE_MADE)],
            ]}
          />
        </section>
      ) : null}
    </>
  );
}
