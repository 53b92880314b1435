import type { z } from 'zod';
import type { rsvpStatsSchema } from '@lanyard/shared/rsvp';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';

type RsvpStats = z.infer<typeof rsvpStatsSchema>;

const ITEMS: { key: keyof RsvpStats; label: string; accent: string }[] = [
  { key: 'total_rsvp', label: 'Total Responses', accent: 'border-l-slate-400' },
  { key: 'accepted', label: 'Accepted', accent: 'border-l-green-600' },
  { key: 'declined', label: 'Declined', accent: 'border-l-red-600' },
  { key: 'maybe', label: 'Maybe', accent: 'border-l-yellow-500' },
  { key: 'no_response', label: 'No Response', accent: 'border-l-slate-300' },
];

/** The statistics card: the counts of the filtered set (`rsvp_stats`). */
export function RsvpStatsCard({ stats, loading }: { stats: RsvpStats | undefined; loading: boolean }) {
  return (
    <Card aria-labelledby="rsvp-stats-title" className="flex flex-col gap-3 p-4 sm:p-5">
      <h3 id="rsvp-stats-title" className="text-base font-semibold text-slate-900">
        RSVP Statistics
      </h3>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-busy={loading || undefined}>
        {ITEMS.map(({ key, label, accent }) => (
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
                stats[key].toLocaleString('en-US')
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
