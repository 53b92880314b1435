import { INSIGHTS_MIN_GROUP, type Bucket, type Demographics } from '@lanyard/shared/insights';
import { useInsight, type InsightsParams } from '../../api/insights';
import type { Drill } from '../../lib/insights-params';
import { BucketBars } from './bucket-bars';
import { ChartCard } from './chart-card';
import { formatCount, people, percentOf } from './chart-theme';
import { useOpenList } from './use-open-list';

/** "Cornell University leads with 120 people (9%)." over the panel's total. */
export function leaderSummary(buckets: readonly Bucket[], total: number, noun: string): string {
  const named = buckets.filter((b) => b.key !== null || !/^others?$/i.test(b.label));
  const top = [...named].sort((a, b) => b.count - a.count)[0];
  if (!top || total === 0) return `No ${noun} yet.`;
  return `${top.label} leads with ${people(top.count)} (${percentOf(top.count, total)} of ${formatCount(total)}); ${named.length} ${named.length === 1 ? 'group' : 'groups'} shown.`;
}

interface Panel {
  name: string;
  title: string;
  pick: (d: Demographics) => Bucket[] | null;
  noun: string;
  drill?: (b: Bucket) => Drill;
  note?: string;
}

const PRIVATE_NOTE = `Aggregates only: a group appears when it has at least ${INSIGHTS_MIN_GROUP} people; smaller groups are counted in Other.`;

export const DEMOGRAPHIC_PANELS: readonly Panel[] = [
  {
    name: 'schools',
    title: 'Schools',
    pick: (d) => d.schools,
    noun: 'schools',
    drill: (b) => (b.key ? { school: b.key } : null),
  },
  {
    name: 'majors',
    title: 'Majors',
    pick: (d) => d.majors,
    noun: 'majors',
    drill: (b) => (b.key ? { major: b.key } : null),
  },
  {
    name: 'graduation-years',
    title: 'Graduation years',
    pick: (d) => d.graduation_years,
    noun: 'graduation years',
  },
  {
    name: 'levels',
    title: 'High school and college',
    pick: (d) => d.levels,
    noun: 'answers',
    drill: (b) =>
      b.key === 'true'
        ? { schoolType: ['high_school'] }
        : b.key === 'false'
          ? { schoolType: ['college'] }
          : null,
  },
  {
    name: 'ages',
    title: 'Age on the first day of the event',
    pick: (d) => d.ages,
    noun: 'ages',
    drill: (b) => (b.key === 'true' ? { ageGroup: ['under_18'] } : null),
  },
  { name: 'genders', title: 'Gender', pick: (d) => d.genders, noun: 'answers', note: PRIVATE_NOTE },
  { name: 'races', title: 'Race / ethnicity', pick: (d) => d.races, noun: 'answers', note: PRIVATE_NOTE },
  { name: 'heard', title: 'How they heard about us', pick: (d) => d.heard, noun: 'answers' },
  { name: 'first-time', title: 'First-time hackers', pick: (d) => d.first_time, noun: 'answers' },
];

function DemographicCard({ panel, params }: { panel: Panel; params: InsightsParams }) {
  const query = useInsight('demographics', params);
  const list = useOpenList(params);
  const data = query.data;
  const buckets = data ? panel.pick(data) : undefined;
  if (data && buckets === null) return null;
  const drill = panel.drill ?? (() => null);
  const total = data?.total ?? 0;
  const summary = buckets
    ? `${leaderSummary(buckets, total, panel.noun)}${panel.note ? ` ${panel.note}` : ''}`
    : undefined;
  return (
    <ChartCard
      name={panel.name}
      title={panel.title}
      summary={summary}
      query={query}
      empty={
        buckets && buckets.length === 0
          ? panel.note
            ? `Too few answers to show without singling anyone out.`
            : 'No answers yet.'
          : null
      }
      table={
        buckets
          ? {
              columns: [panel.title, 'People', 'Share'],
              rows: buckets.map((b) => [b.label, b.count, percentOf(b.count, total)]),
            }
          : undefined
      }
      rowLinks={buckets?.map((b) => list.href(drill(b)))}
    >
      {buckets ? (
        <BucketBars
          buckets={buckets}
          canSelect={(b) => drill(b) !== null}
          onSelect={(b) => list.open(drill(b))}
        />
      ) : null}
    </ChartCard>
  );
}

export function DemographicsPanels({ params }: { params: InsightsParams }) {
  return (
    <>
      {DEMOGRAPHIC_PANELS.map((panel) => (
        <DemographicCard key={panel.name} panel={panel} params={params} />
      ))}
    </>
  );
}
