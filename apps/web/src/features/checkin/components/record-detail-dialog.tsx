import type { ReactNode } from 'react';
import { CircleCheck, Pencil, ScanLine } from 'lucide-react';
import type { CheckinRecord } from '@lanyard/shared/checkin';
import { formatBirthDate } from '@lanyard/shared/dates';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { IconButton } from '@/components/ui/tooltip';
import { checkinRoleLabel } from '../lib/filters';
import { formatCheckedInAt, formatShirtSize, fullName } from '../lib/format';
import { isHttpUrl } from '../lib/record-form';
import { AgeBadge } from './age-badge';
import { AlreadyCheckedIn } from './already-checked-in';
import { CheckInButton } from './check-in-button';
import { RecordScans } from './record-scans';

interface RecordDetailDialogProps {
  record: CheckinRecord | null;
  /** "scan": opened from a QR code, so the title says so. */
  origin?: 'list' | 'scan';
  /** Opened because a check-in was refused: they were already in, which heads the dialog. */
  alreadyIn?: boolean;
  pending: boolean;
  onToggle: (record: CheckinRecord) => void;
  onEdit: (record: CheckinRecord) => void;
  onClose: () => void;
  /** Opened from a scan: back to the camera for the next person. */
  onScanNext?: () => void;
}

const NOT_PROVIDED = 'Not provided';

/** Every field of a record, the big Check In / Undo button, and the edit pencil. */
export function RecordDetailDialog({
  record,
  origin = 'list',
  alreadyIn = false,
  pending,
  onToggle,
  onEdit,
  onClose,
  onScanNext,
}: RecordDetailDialogProps) {
  return (
    <Dialog open={record !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">
        {record ? (
          <>
            <DialogHeader>
              <div className="flex min-w-0 items-start gap-2">
                {/* A name with no spaces (a tag, an e-mail typed as a name) breaks instead of widening the dialog past a phone. */}
                <DialogTitle className="min-w-0 text-2xl [overflow-wrap:anywhere]">
                  {fullName(record)}
                </DialogTitle>
                <IconButton className="-mt-1.5" label="Edit record" onClick={() => onEdit(record)}>
                  <Pencil aria-hidden="true" />
                </IconButton>
              </div>
              <DialogDescription>
                {origin === 'scan' ? 'Scanned QR code: check-in record' : 'Check-in record'}
              </DialogDescription>
            </DialogHeader>

            {alreadyIn && record.checked_in ? <AlreadyCheckedIn record={record} /> : null}

            <div
              className={
                record.checked_in
                  ? 'flex flex-col gap-3 rounded-xl border border-green-300 bg-green-50 p-4 sm:flex-row sm:items-center sm:justify-between'
                  : 'flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between'
              }
            >
              <p className="flex items-center gap-2 text-lg font-semibold text-slate-900" aria-live="polite">
                {record.checked_in ? (
                  <>
                    <CircleCheck aria-hidden="true" className="size-6 text-green-700" />
                    Checked in
                  </>
                ) : (
                  'Not checked in'
                )}
              </p>
              <CheckInButton
                checkedIn={record.checked_in}
                name={fullName(record)}
                pending={pending}
                onClick={() => onToggle(record)}
                className="h-14 w-full px-8 text-lg sm:w-auto"
              />
            </div>

            {origin === 'scan' && onScanNext ? (
              <Button
                variant="secondary"
                size="lg"
                onClick={onScanNext}
                className="w-full sm:w-auto sm:self-start"
              >
                <ScanLine aria-hidden="true" />
                Scan Next
              </Button>
            ) : null}

            <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
              <Field label="Name">{fullName(record)}</Field>
              <Field label="Preferred Name">{record.preferred_name}</Field>
              <Field label="Email">
                <span className="break-all">{record.email}</span>
              </Field>
              <Field label="Phone">{record.phone}</Field>
              <Field label="Role">{checkinRoleLabel(record.role)}</Field>
              <Field label="School">{record.school_name}</Field>
              <Field label="Major">{record.major}</Field>
              <Field label="Pronoun">{record.pronoun}</Field>
              <Field label="LinkedIn">
                {record.linkedin_url ? <LinkValue url={record.linkedin_url} /> : null}
              </Field>
              <Field label="GitHub">{record.github_url ? <LinkValue url={record.github_url} /> : null}</Field>
              <Field label="Birth Date (M/D/Y)">
                <span className="flex flex-wrap items-center gap-2">
                  {formatBirthDate(record.birthMonth, record.birthDay, record.birthYear)}
                  <AgeBadge
                    birthYear={record.birthYear}
                    birthMonth={record.birthMonth}
                    birthDay={record.birthDay}
                  />
                </span>
              </Field>
              <Field label="Gender">{record.gender}</Field>
              <Field label="Race">{record.race}</Field>
              <Field label="High School">
                {record.isHighSchool === null ? null : record.isHighSchool ? 'Yes' : 'No'}
              </Field>
              <Field label="Shirt Size">{formatShirtSize(record.shirtSize)}</Field>
              <Field label="Travel From">{record.travelFrom}</Field>
              <Field label="Checked In">
                {record.checked_in ? <Badge tone="green">Yes</Badge> : <Badge tone="gray">No</Badge>}
              </Field>
              <Field label="Checked In At">
                {record.checked_in_at ? (
                  <time dateTime={record.checked_in_at}>{formatCheckedInAt(record.checked_in_at)}</time>
                ) : null}
              </Field>
              <Field label="Checked In By">
                {record.checked_in_by_email ? (
                  <span className="break-all">{record.checked_in_by_email}</span>
                ) : null}
              </Field>
            </dl>

            <RecordScans recordId={record._id} />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className={empty ? 'text-base text-slate-500' : 'text-base text-slate-900'}>
        {empty ? NOT_PROVIDED : children}
      </dd>
    </div>
  );
}

/** Only http(s) addresses become links; anything else is shown as text. */
function LinkValue({ url }: { url: string }) {
  if (!isHttpUrl(url)) return <span className="break-all">{url}</span>;
  return (
    <a
      href={url.trim()}
      target="_blank"
      rel="noopener noreferrer"
      className="font-medium break-all text-brand-ink underline underline-offset-4"
    >
      {url}
    </a>
  );
}
