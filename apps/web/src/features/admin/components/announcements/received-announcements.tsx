import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { useReceivedAnnouncements } from '../../api/announcements';
import { formatDateTime } from '../../lib/labels';

const DELIVERY = {
  queued: { label: 'Queued', tone: 'yellow' },
  sending: { label: 'Sending', tone: 'blue' },
  sent: { label: 'Delivered', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
} as const;

/** The announcements this applicant was sent, in the application's history. */
export function ReceivedAnnouncements({ applicationId }: { applicationId: string }) {
  const received = useReceivedAnnouncements(applicationId);
  if (received.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="size-4" /> Loading announcements...
      </p>
    );
  }
  if (received.isError) {
    return <p className="text-sm text-red-800">The announcements they received could not be loaded.</p>;
  }
  const rows = received.data.announcements;
  if (!rows.length) return <p className="text-sm text-slate-600">No announcements sent to them yet.</p>;
  return (
    <ol className="flex flex-col divide-y divide-slate-100" aria-label="Announcements received">
      {rows.map((r) => (
        <li
          key={r.announcement_id}
          className="flex flex-col gap-0.5 py-2 text-sm sm:flex-row sm:items-center sm:gap-3"
        >
          <time dateTime={r.sent_at ?? r.queued_at} className="shrink-0 text-slate-600 tabular-nums sm:w-44">
            {formatDateTime(r.sent_at ?? r.queued_at)}
          </time>
          <span className="min-w-0 text-slate-900 [overflow-wrap:anywhere]">
            <bdi>{r.subject}</bdi>
          </span>
          <Badge tone={DELIVERY[r.delivery].tone} className="self-start sm:ml-auto sm:self-auto">
            {DELIVERY[r.delivery].label}
          </Badge>
        </li>
      ))}
    </ol>
  );
}
