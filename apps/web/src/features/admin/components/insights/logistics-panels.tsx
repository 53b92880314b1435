import type { Bucket, Logistics } from '@lanyard/shared/insights';
import { useInsight, type InsightsParams } from '../../api/insights';
import { BucketBars } from './bucket-bars';
import { ChartCard } from './chart-card';
import { formatCount, people, percentOf } from './chart-theme';

interface Panel {
  name: string;
  title: string;
  pick: (l: Logistics) => Bucket[];
  summary: (l: Logistics, buckets: Bucket[]) => string;
}

const scopeWords = (l: Logistics) =>
  l.scope === 'confirmed' ? `${people(l.total)} confirmed` : `${people(l.total)} accepted`;

function countOf(buckets: Bucket[], label: RegExp): number {
  return buckets.find((b) => label.test(b.label))?.count ?? 0;
}

const PANELS: readonly Panel[] = [
  {
    name: 'shirts',
    title: 'Shirt sizes',
    pick: (l) => l.shirts,
    summary: (l, b) => {
      const top = [...b].sort((x, y) => y.count - x.count)[0];
      return `${scopeWords(l)}; ${top && top.count ? `${top.label} is the most common size (${formatCount(top.count)}).` : 'no sizes yet.'}`;
    },
  },
  {
    name: 'dietary',
    title: 'Dietary restrictions',
    pick: (l) => l.dietary,
    summary: (l, b) => {
      const none = countOf(b, /^none$/i);
      return `${scopeWords(l)}; ${people(l.total - none)} (${percentOf(l.total - none, l.total)}) named a need. One person may count in several groups.`;
    },
  },
  {
    name: 'accommodations',
    title: 'Accommodations',
    pick: (l) => l.accommodations,
    summary: (l, b) => `${scopeWords(l)}; ${people(countOf(b, /^needs/i))} need accommodations.`,
  },
  {
    name: 'visa',
    title: 'Visa needs',
    pick: (l) => l.visa,
    summary: (l, b) => `${scopeWords(l)}; ${people(countOf(b, /^needs/i))} need a visa.`,
  },
];

function DietaryOther({ logistics }: { logistics: Logistics }) {
  if (!logistics.dietary_other.length) return null;
  return (
    <details className="rounded-lg border border-slate-200 px-3 py-2 text-sm">
      <summary className="cursor-pointer font-medium text-slate-800">
        Other answers, as written ({formatCount(logistics.dietary_other.length)})
      </summary>
      <ul className="mt-2 flex max-h-64 flex-col gap-1 overflow-auto text-slate-700">
        {logistics.dietary_other.map((o) => (
          <li key={o.text} className="flex justify-between gap-3">
            <span className="break-words">{o.text}</span>
            <span className="shrink-0 tabular-nums">{formatCount(o.count)}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}

function LogisticsCard({ panel, params }: { panel: Panel; params: InsightsParams }) {
  const query = useInsight('logistics', params);
  const data = query.data;
  const buckets = data ? panel.pick(data) : undefined;
  const table =
    data && buckets
      ? panel.name === 'dietary'
        ? {
            columns: ['Need', 'People'],
            rows: [
              ...buckets.map((b) => [b.label, b.count] as const),
              ...data.dietary_other.map((o) => [`Other: ${o.text}`, o.count] as const),
            ],
          }
        : { columns: [panel.title, 'People'], rows: buckets.map((b) => [b.label, b.count] as const) }
      : undefined;
  return (
    <ChartCard
      name={panel.name}
      title={panel.title}
      summary={data && buckets ? panel.summary(data, buckets) : undefined}
      query={query}
      empty={
        data && data.total === 0
          ? `Nobody ${data.scope === 'confirmed' ? 'has confirmed' : 'is accepted'} yet.`
          : null
      }
      table={table}
      footer={panel.name === 'dietary' && data ? <DietaryOther logistics={data} /> : null}
    >
      {buckets ? <BucketBars buckets={buckets} /> : null}
    </ChartCard>
  );
}

export function LogisticsPanels({ params }: { params: InsightsParams }) {
  return (
    <>
      {PANELS.map((panel) => (
        <LogisticsCard key={panel.name} panel={panel} params={params} />
      ))}
    </>
  );
}
