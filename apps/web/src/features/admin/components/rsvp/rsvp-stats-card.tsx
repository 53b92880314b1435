import type { z } from 'zod';
import type { rsvpStatsSchema } from '@lanyard/shared/rsvp';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';

type RsvpStats = z.infer<typeof rsvpStatsSchema>;

const ITEMS: { key: Exclude<keyof RsvpStats, 'expired'>; label: string; accent: string }[] = [
  { key: 'total_rsvp', label: 'Total Responses', accent: 'border-l-slate-400' },
  { key: 'accepted', label: 'Accepted', accent: 'border-l-green-600' },
  { key: 'declined', label: 'Declined', accent: 'border-l-red-600' },
  { key: 'maybe', label: 'Maybe', accent: 'border-l-yellow-500' },
  { key: 'no_response', label: 'No Response', accent: 'border-l-slate-300' },
];

/** Shown only when offers expired (offers that expire, Settings → Capacity): otherwise as before. */
const EXPIRED = { key: 'expired' as const, label: 'Expired', accent: 'border-l-orange-500' };

/** The statistics card: the counts of the filtered set (`rsvp_stats`). */
export function RsvpStatsCard({ stats, loading }: { stats: RsvpStats | undefined; loading: boolean }) {
  const items = stats?.expired ? [...ITEMS, EXPIRED] : ITEMS;
  return (
    <Card aria-labelledby="rsvp-stats-title" className="flex flex-col gap-3 p-4 sm:p-5">
      <h3 id="rsvp-stats-title" className="text-base font-semibold text-slate-900">
        RSVP Statistics
      </h3>
      <dl
        className={cn(
          'grid grid-cols-2 gap-3 sm:grid-cols-3',
          items.length > ITEMS.length ? 'lg:grid-cols-6' : 'lg:grid-cols-5',
        )}
        aria-busy={loading || undefined}
      >
        {items.map(({ key, label, accent }) => (
          <div
            key={key}
            data-testid={`rsvp-stat-${key}`}
            className={cn(
              'flex flex-col gap-1 rounded-lg border border-l-4 border-slate-200 px-3 py-2',
              accent,
            )}
          >
            <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
            <dd className="text-2xl font-bold text-slate-900 tabular-nums">
              {stats ? (
                (stats[key] ?? 0).toLocaleString('en-US')
              ) : loading ? (
                <span className="inline-block h-7 w-10 animate-pulse rounded bg-slate-200 motion-reduce:animate-none">
                  <span className="sr-only">Loading...</span>
                </span>
              ) : (
                <>
                  <span aria-hidden="true">—</span>
                  <span className="sr-only">Not available</span>
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
