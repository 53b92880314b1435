import { SCAN_DENIAL_MESSAGES } from '@lanyard/shared/stations';
import { Badge } from '@/components/ui/badge';
import { useRecordScans } from '../api/stations';
import { formatCheckedInAt } from '../lib/format';

const OUTCOME = {
  ok: { label: 'OK', tone: 'green' },
  already: { label: 'Already scanned', tone: 'yellow' },
  denied: { label: 'Refused', tone: 'red' },
} as const;

/** The person's scans at the stations, newest first as the server lists them. */
export function RecordScans({ recordId }: { recordId: string }) {
  const scans = useRecordScans(recordId);
  return (
    <section aria-labelledby="record-scans-title" className="flex flex-col gap-2">
      <h3 id="record-scans-title" className="text-base font-semibold text-slate-900">
        Scans
      </h3>
      {scans.isPending ? <p className="text-sm text-slate-600">Loading scans...</p> : null}
      {scans.isError ? <p className="text-sm text-red-700">Failed to load the scans.</p> : null}
      {scans.data && scans.data.scans.length === 0 ? (
        <p className="text-sm text-slate-600">No scans at any station yet.</p>
      ) : null}
      {scans.data && scans.data.scans.length > 0 ? (
        <ul className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm">
          {scans.data.scans.map((scan) => (
            <li key={scan.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
              <span className="font-medium text-slate-900">{scan.station_name}</span>
              <time dateTime={scan.scanned_at} className="text-slate-700">
                {formatCheckedInAt(scan.scanned_at)}
              </time>
              <Badge tone={OUTCOME[scan.outcome].tone}>{OUTCOME[scan.outcome].label}</Badge>
              {scan.undone ? <Badge tone="gray">Undone</Badge> : null}
              {scan.source === 'replayed' ? <Badge tone="blue">Synced from offline</Badge> : null}
              {scan.reason ? (
                <span className="text-slate-700">{SCAN_DENIAL_MESSAGES[scan.reason]}</span>
              ) : null}
              {scan.by_email ? <span className="break-all text-slate-600">by {scan.by_email}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
