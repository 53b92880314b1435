import { Eye } from 'lucide-react';
import type { CheckinRecord } from '@lanyard/shared/checkin';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { checkinRoleLabel } from '../lib/filters';
import { formatCheckedInAt, formatShirtSize, fullName, goesBy } from '../lib/format';
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
 * The records: a dense table on a laptop, dense rows on a phone or a tablet. Both carry the
 * Check In / Undo button on the row; only one of them is displayed (and in the accessibility tree).
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
      {/* The table needs a laptop's width; a phone or a tablet gets the rows. */}
      <div className="hidden lg:block">
        <RecordsTable {...props} />
      </div>
      <div className="lg:hidden">
        <RecordRows {...props} />
      </div>
    </div>
  );
}

function RecordsTable({ records, pendingId, onToggle, onView }: CheckinRecordsProps) {
  return (
    <Table aria-label="Check-in records" className="text-base">
      <THead>
        <Tr>
          <Th className="py-2">Check-In</Th>
          <Th className="py-2">Name</Th>
          <Th className="py-2">Age</Th>
          <Th className="py-2">School</Th>
          <Th className="py-2">Shirt Size</Th>
          <Th className="py-2">Checked In At</Th>
          <Th className="py-2">Role</Th>
          <Th className="py-2">Checked In By</Th>
          <Th className="py-2">
            <span className="sr-only">Details</span>
          </Th>
        </Tr>
      </THead>
      <TBody>
        {records.map((r) => {
          const name = fullName(r);
          const aka = goesBy(r);
          return (
            <Tr
              key={r._id}
              data-checked-in={r.checked_in}
              className={r.checked_in ? 'bg-green-50/60' : undefined}
            >
              <Td className="py-1">
                <CheckInButton
                  checkedIn={r.checked_in}
                  name={name}
                  size="default"
                  keepFocus
                  pending={pendingId === r._id}
                  onClick={() => onToggle(r)}
                />
              </Td>
              {/* Two lines at most a cell (full text on hover and under View): a page of people fits a laptop screen. */}
              <Td className="max-w-72 py-1">
                <p className="truncate leading-5 text-slate-900" title={aka ? `${name} ${aka}` : name}>
                  <span className="font-semibold">{name}</span>
                  {aka ? <span className="text-sm text-slate-600"> {aka}</span> : null}
                </p>
                <p className="truncate text-sm leading-5 text-slate-600" title={r.email}>
                  {r.email}
                </p>
              </Td>
              <Td className="py-1">
                <AgeBadge birthYear={r.birthYear} birthMonth={r.birthMonth} birthDay={r.birthDay} />
              </Td>
              <Td className="max-w-56 min-w-40 py-1 text-sm leading-5">
                <p className="line-clamp-2 break-words" title={r.school_name}>
                  {r.school_name}
                </p>
              </Td>
              <Td className="py-1 font-semibold">{formatShirtSize(r.shirtSize)}</Td>
              <Td className="py-1 text-sm whitespace-nowrap">
                {r.checked_in_at ? (
                  <time dateTime={r.checked_in_at}>{formatCheckedInAt(r.checked_in_at)}</time>
                ) : null}
              </Td>
              <Td className="py-1 text-sm whitespace-nowrap">{checkinRoleLabel(r.role)}</Td>
              <Td className="max-w-48 py-1 text-sm">
                <p className="truncate" title={r.checked_in_by_email ?? undefined}>
                  {r.checked_in_by_email ?? ''}
                </p>
              </Td>
              <Td className="py-1">
                <Button variant="secondary" size="sm" onClick={() => onView(r)}>
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

/**
 * A phone: one row a person (two short lines and the button), so a search's first answers show
 * above the keyboard. The row opens the record; its Check In / Undo button acts at once.
 */
function RecordRows({ records, pendingId, onToggle, onView }: CheckinRecordsProps) {
  return (
    <ul
      aria-label="Check-in records"
      className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white"
    >
      {records.map((r) => {
        const name = fullName(r);
        const aka = goesBy(r);
        const shirt = formatShirtSize(r.shirtSize);
        return (
          <li
            key={r._id}
            data-checked-in={r.checked_in}
            className={cn('relative flex items-center gap-2 py-2 pr-2 pl-3', r.checked_in && 'bg-green-50')}
          >
            <div className="min-w-0 flex-1">
              {/* anywhere: one unbroken 100-character name must wrap, not widen a phone screen. */}
              <p className="leading-5 [overflow-wrap:anywhere] text-slate-900">
                {/* Its ::after covers the row, so a tap anywhere but on Check In opens the record. */}
                <button
                  type="button"
                  onClick={() => onView(r)}
                  className="text-left font-semibold after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:-outline-offset-3 focus-visible:after:outline-brand-ink"
                >
                  <span className="sr-only">View </span>
                  {name}
                </button>
                {aka ? <span className="text-sm text-slate-600"> {aka}</span> : null}
              </p>
              <p className="mt-1 flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs leading-4 whitespace-nowrap text-slate-700">
                <AgeBadge
                  birthYear={r.birthYear}
                  birthMonth={r.birthMonth}
                  birthDay={r.birthDay}
                  className="px-1.5 py-0 text-xs"
                />
                <span>{checkinRoleLabel(r.role)}</span>
                {shirt ? <span>· Shirt {shirt}</span> : null}
              </p>
              {/* One line: a long school gives way (it is in full in the record). */}
              <p className="mt-0.5 flex min-w-0 gap-1.5 text-xs leading-4 whitespace-nowrap text-slate-700">
                {r.checked_in && r.checked_in_at ? (
                  <span className="shrink-0 font-medium text-green-900">
                    In <time dateTime={r.checked_in_at}>{formatCheckedInAt(r.checked_in_at)}</time>
                    {r.school_name ? ' ·' : ''}
                  </span>
                ) : null}
                <span className="min-w-0 truncate">{r.school_name}</span>
              </p>
            </div>
            <CheckInButton
              checkedIn={r.checked_in}
              name={name}
              size="default"
              keepFocus
              pending={pendingId === r._id}
              onClick={() => onToggle(r)}
              className="relative shrink-0"
            />
          </li>
        );
      })}
    </ul>
  );
}
