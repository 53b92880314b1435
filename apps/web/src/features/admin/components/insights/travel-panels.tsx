import { lazy, Suspense } from 'react';
import type { Bucket, Travel } from '@lanyard/shared/insights';
import { Spinner } from '@/components/ui/spinner';
import { useInsight, type InsightsParams } from '../../api/insights';
import { BucketBars } from './bucket-bars';
import { ChartCard } from './chart-card';
import { formatCount, people, percentOf } from './chart-theme';

// The two atlases are a third of the tab's weight: the map is a chunk of its own, so the other
// charts draw without waiting for it.
const TravelMap = lazy(() => import('./map/travel-map').then((m) => ({ default: m.TravelMap })));

const TOP_CITIES = 10;

/** "Austin, TX" for "Austin, TX, United States": a phone has little room beside a bar. */
export function shortCity(label: string): string {
  return label.replace(/, United States$/, '');
}

export function travelSummary(t: Travel): string {
  const top = t.cities[0];
  if (!top) return 'No travel answers yet.';
  let text = `${people(t.total)} from ${formatCount(t.cities.length)} cities; most from ${top.label} (${formatCount(top.count)}).`;
  if (t.unmatched) text += ` ${people(t.unmatched)} named a place the map does not know.`;
  return text;
}

export function TravelPanels({ params }: { params: InsightsParams }) {
  const query = useInsight('travel', params);
  const t = query.data;
  const topCities: Bucket[] | undefined = t?.cities
    .slice(0, TOP_CITIES)
    .map((c) => ({ label: shortCity(c.label), count: c.count, key: null }));
  const near = t?.bands[0];
  return (
    <>
      <ChartCard
        name="travel-map"
        title="Where people travel from"
        summary={t ? travelSummary(t) : undefined}
        query={query}
        className="lg:col-span-2"
        table={
          t && {
            columns: ['City', 'Country', 'People', 'Distance from the venue (km)'],
            rows: t.cities.map((c) => [c.label, c.country, c.count, c.distance_km ?? '']),
          }
        }
      >
        {t ? (
          <Suspense
            fallback={
              <div className="flex h-64 items-center justify-center text-slate-600">
                <Spinner />
              </div>
            }
          >
            <TravelMap travel={t} />
          </Suspense>
        ) : null}
      </ChartCard>
      <ChartCard
        name="top-cities"
        title="Top cities"
        summary={t ? travelSummary(t) : undefined}
        query={query}
        empty={t && t.cities.length === 0 ? 'No travel answers yet.' : null}
        table={topCities && { columns: ['City', 'People'], rows: topCities.map((c) => [c.label, c.count]) }}
      >
        {topCities ? <BucketBars buckets={topCities} /> : null}
      </ChartCard>
      <ChartCard
        name="distance"
        title="Distance from the venue"
        summary={
          t && near
            ? `${people(near.count)} (${percentOf(near.count, t.total - t.unmatched)}) travel ${near.label.toLowerCase()} to ${t.venue?.name ?? 'the venue'}.`
            : undefined
        }
        query={query}
        empty={
          t && !t.venue
            ? "Add the venue's latitude and longitude to the event config to see distances."
            : t && t.cities.length === 0
              ? 'No travel answers yet.'
              : null
        }
        table={t && { columns: ['Distance', 'People'], rows: t.bands.map((b) => [b.label, b.count]) }}
      >
        {t ? <BucketBars buckets={t.bands} /> : null}
      </ChartCard>
    </>
  );
}
