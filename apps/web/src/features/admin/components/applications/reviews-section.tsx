import {
  REVIEW_FLAG_LABELS,
  SKIP_REASON_LABELS,
  type AdminReview,
  type ApplicationReviewsResponse,
  type RubricCriterion,
} from '@lanyard/shared/review';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useApplicationReviews } from '../../api/applications-reviews';
import { formatDateTime } from '../../lib/labels';
import { formatScore, formatScoreExact, rankingBasis, reviewsLabel } from '../../lib/review-labels';
import { Fields, Section } from '../applicant-summary';
import { ReviewFlagBadges } from './review-cells';

const LOAD_ERROR = 'Failed to load reviews.';

/**
 * Every review of the application open in the detail dialog: who, each criterion's score, the
 * total, note, flag and when, then the skips. Admins see it all, whatever blind review hides from
 * reviewers.
 */
export function ReviewsSection({ applicationId }: { applicationId: string }) {
  const reviews = useApplicationReviews(applicationId);
  const data = reviews.data;
  return (
    <Section title="Reviews" id="detail-reviews">
      {reviews.isError && !data ? (
        <Alert tone="error" role="alert" className="items-center">
          <AlertDescription className="mt-0 flex-1">{LOAD_ERROR}</AlertDescription>
          <Button variant="secondary" size="sm" onClick={() => void reviews.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : !data ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
          <Spinner className="size-4" /> Loading reviews...
        </p>
      ) : (
        <ReviewsBody data={data} />
      )}
    </Section>
  );
}

function ReviewsBody({ data }: { data: ApplicationReviewsResponse }) {
  const { summary, criteria, reviews, skips } = data;
  const basis = rankingBasis(summary);
  const ranks = (which: 'raw' | 'calibrated') =>
    basis === which ? (
      <Badge tone="blue" className="ml-2">
        Used for Ranking
      </Badge>
    ) : null;
  return (
    <div className="flex flex-col gap-4">
      <Fields
        items={[
          [
            'Reviews',
            <span key="n" className="inline-flex items-center gap-1.5 tabular-nums">
              {reviewsLabel(summary)}
              {summary.disputed ? <Badge tone="orange">Disputed</Badge> : null}
            </span>,
          ],
          [
            'Score',
            <span key="s" className="tabular-nums">
              {summary.score === null
                ? 'Not scored yet'
                : summary.rank === null
                  ? formatScore(summary.score)
                  : `${formatScore(summary.score)} (rank ${summary.rank} in the role)`}
            </span>,
          ],
          ['Flags', summary.flags.length ? <ReviewFlagBadges key="f" flags={summary.flags} /> : 'None'],
          [
            'Raw Score',
            <span key="r" className="tabular-nums">
              {formatScoreExact(summary.score_raw)}
              {ranks('raw')}
            </span>,
          ],
          [
            'Calibrated Score',
            <span key="c" className="tabular-nums">
              {formatScoreExact(summary.score_calibrated)}
              {ranks('calibrated')}
            </span>,
          ],
        ]}
      />
      {summary.score !== null && basis === null ? (
        <p className="text-sm text-slate-600">
          The raw and calibrated scores are the same, so the ranking setting makes no difference here.
        </p>
      ) : null}
      {summary.disputed ? (
        <p className="text-sm text-slate-700">
          The reviews disagree by more than the set amount, so this application gets one more review.
        </p>
      ) : null}

      {reviews.length === 0 ? (
        <p className="text-sm text-slate-600">No reviews yet.</p>
      ) : (
        <ol aria-label="Reviews of this application" className="flex flex-col gap-3">
          {reviews.map((review, i) => (
            <ReviewItem key={review.id} review={review} criteria={criteria} index={i} />
          ))}
        </ol>
      )}

      {skips.length ? (
        <div className="flex flex-col gap-1.5">
          <h4 className="text-sm font-semibold text-slate-800">Skipped By</h4>
          <ul className="flex flex-col divide-y divide-slate-100">
            {skips.map((skip, i) => (
              <li key={i} className="flex flex-col gap-0.5 py-1.5 text-sm sm:flex-row sm:gap-3">
                <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">
                  <bdi>{skip.reviewer_email ?? 'Deleted reviewer'}</bdi>
                </span>
                <span className="text-slate-700">{SKIP_REASON_LABELS[skip.reason]}</span>
                <time dateTime={skip.created_at} className="text-slate-600 tabular-nums sm:ml-auto">
                  {formatDateTime(skip.created_at)}
                </time>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

function ReviewItem({
  review: r,
  criteria,
  index,
}: {
  review: AdminReview;
  criteria: readonly RubricCriterion[];
  index: number;
}) {
  const headingId = `detail-review-${index}`;
  const edited = r.updated_at !== r.created_at;
  // Scores for criteria since removed from the rubric are still shown, under their id.
  const known = new Set(criteria.map((c) => c.id));
  const extra = Object.keys(r.scores).filter((id) => !known.has(id));
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50/60 p-3"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h4 id={headingId} className="text-sm font-semibold text-slate-900 [overflow-wrap:anywhere]">
          <bdi>{r.reviewer_email ?? 'Deleted reviewer'}</bdi>
        </h4>
        <span className="text-xs text-slate-600">
          <time dateTime={r.updated_at} className="tabular-nums">
            {formatDateTime(r.updated_at)}
          </time>
          {edited ? ' (edited)' : null}
        </span>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        {criteria.map((c) => (
          <div key={c.id} className="flex justify-between gap-3">
            <dt className="text-slate-700">{c.name}</dt>
            <dd className="font-medium text-slate-900 tabular-nums">
              {r.scores[c.id] === undefined ? '—' : `${r.scores[c.id]} / ${c.scale}`}
            </dd>
          </div>
        ))}
        {extra.map((id) => (
          <div key={id} className="flex justify-between gap-3">
            <dt className="text-slate-700">{id} (removed)</dt>
            <dd className="font-medium text-slate-900 tabular-nums">{r.scores[id]}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-3 border-t border-slate-200 pt-1 sm:col-span-2">
          <dt className="font-semibold text-slate-900">Total</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">{formatScoreExact(r.total)}</dd>
        </div>
      </dl>
      {r.flag ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-900">
          <Badge tone="red">{REVIEW_FLAG_LABELS[r.flag]}</Badge>
          <span className="[overflow-wrap:anywhere]">
            <bdi>{r.flag_reason}</bdi>
          </span>
        </p>
      ) : null}
      {r.note ? (
        <p className="text-sm whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">
          <span className="font-medium text-slate-900">Note: </span>
          <bdi>{r.note}</bdi>
        </p>
      ) : null}
    </li>
  );
}
