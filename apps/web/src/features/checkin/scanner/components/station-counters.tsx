import type { StationCounts } from '@lanyard/shared/stations';

/** Scanned today, in the last 15 minutes, and people per minute (over the last 5) at this station. */
export function StationCounters({
  counts,
  stationId,
}: {
  counts: StationCounts | undefined;
  stationId: string;
}) {
  // A station nobody has scanned at yet may be missing from the counts: zeros, once they are in.
  const mine = counts
    ? (counts.stations.find((s) => s.station_id === stationId) ?? { today: 0, last_15_min: 0, per_minute: 0 })
    : undefined;
  const value = (n: number | undefined, digits = 0) => (n === undefined ? '–' : n.toFixed(digits));
  const items = [
    { label: 'Today', value: value(mine?.today) },
    { label: 'Last 15 min', value: value(mine?.last_15_min) },
    { label: 'Per minute', value: value(mine?.per_minute, 1) },
  ];
  return (
    <dl aria-label="Counts at this station" className="grid grid-cols-3 gap-2 text-center">
      {items.map((item) => (
        <div key={item.label} className="flex flex-col-reverse rounded-lg bg-white/10 px-2 py-1.5">
          <dt className="text-xs font-medium text-slate-300">{item.label}</dt>
          <dd className="text-xl font-bold text-white tabular-nums">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
