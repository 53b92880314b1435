import { Eye } from 'lucide-react';
import type { CheckinRecord } from '@lanyard/shared/checkin';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';
import { checkinRoleLabel } from '../lib/filters';
import { formatCheckedInAt, formatShirtSize, fullName } from '../lib/format';
import { AgeBadge } from './age-badge';
import { CheckInButton } from './check-in-button';

interface CheckinRecordsProps {
  records: CheckinRecord[];
  loading: boolean;
  /** Shown instead of rows when there are none. */
  emptyMessage: string;
  /** The record whose check-in is being sent, if any. */
  pendingId: string | undefined;
  onToggle: (record: CheckinRecord) => void;
  onView: (record: CheckinRecord) => void;
}

/**
 * The records: a table on wide screens, stacked cards on a phone held upright. Both carry the
 * big Check In / Undo button; only one of them is displayed (and in the accessibility tree).
 */
export function CheckinRecords(props: CheckinRecordsProps) {
  const { records, loading, emptyMessage } = props;
  if (!records.length) {
    return (
      <div
        role="status"
        aria-live="polite"
        className="flex min-h-40 flex-col items-center justify-center gap-3 rounded-xl border border-slate-200 bg-white p-8 text-center text-base text-slate-700"
      >
        {loading ? (
          <>
            <Spinner className="size-6 text-brand-ink" />
            Loading check-in records...
          </>
        ) : (
          emptyMessage
        )}
      </div>
    );
  }
  return (
    <div aria-busy={loading} className="relative">
      <div className="hidden md:block">
        <RecordsTable {...props} />
      </div>
      <div className="md:hidden">
        <RecordCards {...props} />
      </div>
    </div>
  );
}

function RecordsTable({ records, pendingId, onToggle, onView }: CheckinRecordsProps) {
  return (
    <Table aria-label="Check-in records" className="text-base">
      <THead>
        <Tr>
          <Th>Check-In</Th>
          <Th>Name</Th>
          <Th>Age</Th>
          <Th>School</Th>
          <Th>Shirt Size</Th>
          <Th>Checked In At</Th>
          <Th>Role</Th>
          <Th>Checked In By</Th>
          <Th>
            <span className="sr-only">Details</span>
          </Th>
        </Tr>
      </THead>
      <TBody>
        {records.map((r) => {
          const name = fullName(r);
          return (
            <Tr
              key={r._id}
              data-checked-in={r.checked_in}
              className={r.checked_in ? 'bg-green-50/60' : undefined}
            >
              <Td className="py-3">
                <CheckInButton
                  checkedIn={r.checked_in}
                  name={name}
                  pending={pendingId === r._id}
                  onClick={() => onToggle(r)}
                />
              </Td>
              <Td>
                <p className="max-w-72 font-semibold [overflow-wrap:anywhere] text-slate-900">{name}</p>
                <p className="text-sm break-all text-slate-600">{r.email}</p>
              </Td>
              <Td>
                <AgeBadge birthYear={r.birthYear} birthMonth={r.birthMonth} birthDay={r.birthDay} />
              </Td>
              <Td className="max-w-56 [overflow-wrap:anywhere]">{r.school_name}</Td>
              <Td className="font-semibold">{formatShirtSize(r.shirtSize)}</Td>
              <Td className="whitespace-nowrap">
                {r.checked_in_at ? (
                  <time dateTime={r.checked_in_at}>{formatCheckedInAt(r.checked_in_at)}</time>
                ) : null}
              </Td>
              <Td className="whitespace-nowrap">{checkinRoleLabel(r.role)}</Td>
              <Td className="text-sm break-all">{r.checked_in_by_email ?? ''}</Td>
              <Td>
                <Button variant="secondary" onClick={() => onView(r)}>
                  <Eye aria-hidden="true" />
                  View
                  <span className="sr-only"> {name}</span>
                </Button>
              </Td>
            </Tr>
          );
        })}
      </TBody>
    </Table>
  );
}

function RecordCards({ records, pendingId, onToggle, onView }: CheckinRecordsProps) {
  return (
    <ul aria-label="Check-in records" className="flex flex-col gap-3">
      {records.map((r) => {
        const name = fullName(r);
        return (
          <li
            key={r._id}
            data-checked-in={r.checked_in}
            className={
              r.checked_in
                ? 'rounded-xl border border-green-300 bg-green-50 p-4'
                : 'rounded-xl border border-slate-200 bg-white p-4'
            }
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                {/* anywhere: one unbroken 100-character name must wrap, not widen a phone screen. */}
                <h3 className="text-lg font-semibold [overflow-wrap:anywhere] text-slate-900">{name}</h3>
                <p className="text-sm break-all text-slate-600">{r.email}</p>
              </div>
              <AgeBadge birthYear={r.birthYear} birthMonth={r.birthMonth} birthDay={r.birthDay} />
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              <dt className="text-slate-600">School</dt>
              <dd className="[overflow-wrap:anywhere] text-slate-900">{r.school_name || '—'}</dd>
              <dt className="text-slate-600">Role</dt>
              <dd className="text-slate-900">{checkinRoleLabel(r.role)}</dd>
              <dt className="text-slate-600">Shirt Size</dt>
              <dd className="font-semibold text-slate-900">{formatShirtSize(r.shirtSize) || '—'}</dd>
              {r.checked_in ? (
                <>
                  <dt className="text-slate-600">Checked In At</dt>
                  <dd className="text-slate-900">
                    {r.checked_in_at ? (
                      <time dateTime={r.checked_in_at}>{formatCheckedInAt(r.checked_in_at)}</time>
                    ) : (
                      '—'
                    )}
                  </dd>
                  <dt className="text-slate-600">Checked In By</dt>
                  <dd className="break-all text-slate-900">{r.checked_in_by_email ?? '—'}</dd>
                </>
              ) : null}
            </dl>
            <div className="mt-4 grid grid-cols-[1fr_auto] gap-3">
              <CheckInButton
                checkedIn={r.checked_in}
                name={name}
                pending={pendingId === r._id}
                onClick={() => onToggle(r)}
                className="w-full"
              />
              <Button variant="secondary" size="lg" onClick={() => onView(r)}>
                <Eye aria-hidden="true" />
                View
                <span className="sr-only"> {name}</span>
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
