import { Link } from 'react-router';
import { Lock, Pencil } from 'lucide-react';
import { roleLabel } from '@lanyard/shared/constants';
import { REVIEW_FLAG_LABELS, type MyReviewsResponse } from '@lanyard/shared/review';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { reviewPathFor } from '../lib/review-path';

export const LOAD_RECENT_ERROR = 'Failed to load your recent reviews.';

function when(iso: string): string {
  const d = new Date(iso);
  const today = new Date();
  const sameDay = d.toDateString() === today.toDateString();
  return sameDay
    ? d.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })
    : d.toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

interface RecentReviewsProps {
  data: MyReviewsResponse | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  /** The review open on the screen now, marked in the list. */
  currentId: string | null;
}

/** "Your Recent Reviews": go back to one and change it, until decisions for its role are released. */
export function RecentReviews({ data, isPending, isError, onRetry, currentId }: RecentReviewsProps) {
  return (
    <Card aria-labelledby="recent-reviews-title">
      <CardHeader className="pb-3">
        <CardTitle id="recent-reviews-title" className="text-base">
          Your Recent Reviews
        </CardTitle>
        <CardDescription>
          Change a review until decisions are released for its role; after that it is read-only.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
            <Spinner className="size-4" /> Loading your reviews...
          </p>
        ) : isError ? (
          <p role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
            {LOAD_RECENT_ERROR}
            <Button variant="secondary" size="sm" onClick={onRetry}>
              Try again
            </Button>
          </p>
        ) : !data || data.reviews.length === 0 ? (
          <p className="text-sm text-slate-600">No reviews yet. The ones you submit appear here.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-200">
            {data.reviews.map((review) => {
              const current = review.application_id === currentId;
              const label = `${roleLabel(review.role)} application reviewed ${when(review.updated_at)}`;
              return (
                <li
                  key={review.application_id}
                  className={cn(
                    'flex flex-wrap items-center gap-x-3 gap-y-1 py-2.5',
                    current && 'font-semibold',
                  )}
                >
                  <span className="min-w-0 flex-1 text-sm text-slate-800">
                    {roleLabel(review.role)} · {when(review.updated_at)}
                  </span>
                  <span className="text-sm text-slate-700 tabular-nums">
                    Total {review.total.toLocaleString('en-US', { maximumFractionDigits: 2 })}
                  </span>
                  {review.flag ? <Badge tone="red">{REVIEW_FLAG_LABELS[review.flag]}</Badge> : null}
                  {review.editable ? (
                    <Button asChild variant="secondary" size="sm" aria-label={`Change review: ${label}`}>
                      <Link
                        to={reviewPathFor(review.application_id)}
                        aria-current={current ? 'page' : undefined}
                      >
                        <Pencil aria-hidden="true" />
                        Change
                      </Link>
                    </Button>
                  ) : (
                    <Button
                      asChild
                      variant="ghost"
                      size="sm"
                      aria-label={`View review (read-only): ${label}`}
                    >
                      <Link
                        to={reviewPathFor(review.application_id)}
                        aria-current={current ? 'page' : undefined}
                      >
                        <Lock aria-hidden="true" />
                        View
                      </Link>
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
