import { REVIEW_FLAG_LABELS, type ApplicationReviewSummary, type ReviewFlag } from '@lanyard/shared/review';
import { Badge } from '@/components/ui/badge';
import { reviewsLabel, scoreDetail, scoreLabel, scoreSpoken } from '../../lib/review-labels';

/** "2/2"; a disputed application shows "2/3" and a Disputed marker (it is owed one more review). */
export function ReviewsCell({ review }: { review: ApplicationReviewSummary }) {
  const done = review.review_count >= review.reviews_needed;
  return (
    // Stacked, so the marker costs the column no width: the table must fit a 1280 px laptop.
    <span className="inline-flex flex-col items-start gap-0.5">
      <span
        className={`tabular-nums ${done ? 'text-slate-900' : 'text-slate-600'}`}
        aria-label={`${review.review_count} of ${review.reviews_needed} reviews`}
      >
        {reviewsLabel(review)}
      </span>
      {review.disputed ? <Badge tone="orange">Disputed</Badge> : null}
    </span>
  );
}

/** The ranking score with one decimal and the rank within the role; raw and calibrated on hover and for screen readers. */
export function ScoreCell({ review }: { review: ApplicationReviewSummary }) {
  const detail = scoreDetail(review);
  if (review.score === null) {
    return (
      <span className="text-slate-500" title={detail}>
        —<span className="sr-only">{detail}</span>
      </span>
    );
  }
  return (
    <span className="tabular-nums" title={detail}>
      <span aria-hidden="true">{scoreLabel(review)}</span>
      <span className="sr-only">
        {scoreSpoken(review)} ({detail})
      </span>
    </span>
  );
}

/** One red badge per flag reviewers raised, in the catalogue's order. */
export function ReviewFlagBadges({ flags }: { flags: readonly ReviewFlag[] }) {
  if (!flags.length) return <span className="sr-only">None</span>;
  return (
    <span className="flex flex-col items-start gap-1">
      {flags.map((flag) => (
        // Long labels ("Duplicate person") wrap inside the badge rather than widen the column.
        <Badge key={flag} tone="red" className="whitespace-normal">
          {REVIEW_FLAG_LABELS[flag]}
        </Badge>
      ))}
    </span>
  );
}
