import type { ReactNode } from 'react';
import { OctagonAlert } from 'lucide-react';
import type { CheckinRecord } from '@lanyard/shared/checkin';
import { formatCheckedInAt, fullName } from '../lib/format';

interface AlreadyCheckedInProps {
  record: Pick<CheckinRecord, 'firstName' | 'lastName' | 'checked_in_at' | 'checked_in_by_email'>;
  /** What the desk can do next (e.g. open the record). */
  children?: ReactNode;
}

/**
 * A second scan or check-in of someone already in: said loudly, with who checked them in and when,
 * so the desk stops and looks (a badge passed to a friend, a double entry) instead of waving them
 * through on a toast that fades.
 */
export function AlreadyCheckedIn({ record, children }: AlreadyCheckedInProps) {
  const when = formatCheckedInAt(record.checked_in_at);
  return (
    <div
      role="alert"
      className="flex min-w-0 flex-col gap-3 rounded-xl border-2 border-amber-500 bg-amber-100 p-4 text-amber-950 sm:p-5"
    >
      <div className="flex items-start gap-3">
        <OctagonAlert aria-hidden="true" className="mt-0.5 size-8 shrink-0 text-amber-700" />
        <div className="flex min-w-0 flex-col gap-1">
          <p className="text-2xl font-bold tracking-tight">Already checked in</p>
          <p className="text-lg font-semibold [overflow-wrap:anywhere]">{fullName(record)}</p>
          <p className="text-base [overflow-wrap:anywhere]">
            by <span className="font-semibold break-all">{record.checked_in_by_email ?? 'another desk'}</span>
            {when ? (
              <>
                {' '}
                at{' '}
                <time dateTime={record.checked_in_at ?? undefined} className="font-semibold">
                  {when}
                </time>
              </>
            ) : null}
          </p>
        </div>
      </div>
      {children}
    </div>
  );
}
