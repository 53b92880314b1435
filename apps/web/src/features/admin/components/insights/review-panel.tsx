import type { Bucket } from '@lanyard/shared/insights';
import type { ReviewState } from '@lanyard/shared/review';
import { useInsight, type InsightsParams } from '../../api/insights';
import { BucketBars } from './bucket-bars';
import { ChartCard } from './chart-card';
import { formatCount } from './chart-theme';
import { useOpenList } from './use-open-list';

export function ReviewPanel({ params }: { params: InsightsParams }) {
  const query = useInsight('review', params);
  const list = useOpenList(params);
  const data = query.data;
  const buckets: Bucket[] | undefined = data?.states.map((s) => ({
    label: s.label,
    count: s.count,
    key: s.state,
  }));
  const drill = (b: Bucket) => ({ reviewState: [b.key as ReviewState] });
  const count = (state: ReviewState) => data?.states.find((s) => s.state === state)?.count ?? 0;
  const lastWeek = data?.reviews_per_day.slice(-7).reduce((sum, d) => sum + d.count, 0) ?? 0;
  return (
    <ChartCard
      name="review-progress"
      title="Review progress"
      summary={
        data
          ? `${formatCount(count('reviewed'))} applications fully reviewed, ${formatCount(count('in_review'))} in review, ${formatCount(count('unreviewed'))} not yet read; ${formatCount(data.reviews_total)} reviews by ${formatCount(data.reviewers_active)} reviewers, ${formatCount(lastWeek)} in the last 7 days.`
          : undefined
      }
      query={query}
      empty={data && data.states.every((s) => s.count === 0) ? 'No applications to review yet.' : null}
      table={
        buckets && {
          columns: ['Review state', 'Applications'],
          rows: buckets.map((b) => [b.label, b.count]),
        }
      }
      rowLinks={buckets?.map((b) => list.href(drill(b)))}
    >
      {buckets ? (
        <BucketBars buckets={buckets} unit="Applications" onSelect={(b) => list.open(drill(b))} />
      ) : null}
    </ChartCard>
  );
}
