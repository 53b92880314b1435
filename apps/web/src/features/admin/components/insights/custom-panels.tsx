import { useInsight, type InsightsParams } from '../../api/insights';
import type { Drill } from '../../lib/insights-params';
import { BucketBars } from './bucket-bars';
import { ChartCard } from './chart-card';
import { leaderSummary } from './demographics-panels';
import { percentOf } from './chart-theme';
import { useOpenList } from './use-open-list';

/**
 * The forms' custom yes/no and choice questions (Settings → Questions), one chart each; a bar opens
 * the Applications list filtered on that answer. Nothing at all while the forms ask none, or while
 * the first answer loads (which may well be none); a failed first load says so in a card of its own.
 */
export function CustomPanels({ params }: { params: InsightsParams }) {
  const query = useInsight('custom', params);
  const list = useOpenList(params);
  const questions = query.data?.questions ?? [];
  const drill = (key: string | null): Drill => (key ? { custom: [key] } : null);
  if (query.isError && !query.data)
    return (
      <ChartCard name="custom" title="Custom questions" summary={undefined} table={undefined} query={query}>
        {null}
      </ChartCard>
    );
  return (
    <>
      {questions.map((q) => (
        <ChartCard
          key={q.id}
          name={`custom-${q.id.slice(0, 8)}`}
          title={q.label}
          summary={`${leaderSummary(q.buckets, q.answered, 'answers')} ${q.role === 'hacker' ? 'Hacker' : 'Mentor'} form.`}
          query={query}
          empty={q.answered === 0 ? 'No answers yet.' : null}
          table={{
            columns: [q.label, 'People', 'Share'],
            rows: q.buckets.map((b) => [b.label, b.count, percentOf(b.count, q.answered)]),
          }}
          rowLinks={q.buckets.map((b) => list.href(drill(b.key)))}
        >
          <BucketBars buckets={q.buckets} onSelect={(b) => list.open(drill(b.key))} />
        </ChartCard>
      ))}
    </>
  );
}
