import { useEffect, useId } from 'react';
import { RefreshCw } from 'lucide-react';
import { toast } from 'sonner';
import { CALIBRATION_MIN_REVIEWS, type ReviewersResponse } from '@lanyard/shared/review';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';
import { useReviewers } from '../../api/reviewers-list';
import { formatCount, formatDateTime, roleName } from '../../lib/labels';
import {
  formatDuration,
  formatScoreExact,
  paceLine,
  progressLine,
  progressPercent,
} from '../../lib/review-labels';

const LOAD_ERROR = 'Failed to load reviewers';
const COLUMNS = 8;

/** Who is reviewing, how they score, and when the reviewing will be done at the current pace. */
export function ReviewersTab() {
  const reviewers = useReviewers();
  const data = reviewers.data;

  useEffect(() => {
    if (reviewers.isError) toast.error('Error', { description: LOAD_ERROR });
  }, [reviewers.isError]);

  return (
    <section aria-labelledby="reviewers-tab-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col">
          <h2 id="reviewers-tab-title" className="text-xl font-semibold text-slate-900">
            Reviewers
          </h2>
          <p className="text-sm text-slate-600">
            Reviewers are added in the Users tab (Add User, role Reviewer) and review at /review.
          </p>
        </div>
        <Button
          variant="secondary"
          className="h-10 px-3"
          onClick={() => void reviewers.refetch()}
          disabled={reviewers.isFetching}
        >
          <RefreshCw
            aria-hidden="true"
            className={reviewers.isFetching ? 'animate-spin motion-reduce:animate-none' : ''}
          />
          Refresh
        </Button>
      </div>

      {reviewers.isError && !data ? (
        <Alert tone="error" role="alert" className="items-center">
          <AlertDescription className="mt-0 flex-1">{LOAD_ERROR}</AlertDescription>
          <Button variant="secondary" size="sm" onClick={() => void reviewers.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}

      <ProgressCard progress={data?.progress} loading={reviewers.isPending} />
      <ReviewersTable
        reviewers={data?.reviewers ?? []}
        loading={reviewers.isPending}
        emptyMessage={reviewers.isError ? LOAD_ERROR : undefined}
      />
      <p className="text-sm text-slate-600">
        Mean and spread are of each reviewer's review totals. From {CALIBRATION_MIN_REVIEWS} reviews on, a
        reviewer's totals are calibrated against their own mean and spread, so a hard and a soft reviewer rank
        people alike.
      </p>
    </section>
  );
}

function ProgressCard({
  progress: p,
  loading,
}: {
  progress: ReviewersResponse['progress'] | undefined;
  loading: boolean;
}) {
  const titleId = useId();
  const lineId = useId();
  return (
    <Card aria-labelledby={titleId} className="flex flex-col gap-3 p-4 sm:p-5">
      <h3 id={titleId} className="text-base font-semibold text-slate-900">
        Review Progress
      </h3>
      {!p ? (
        loading ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
            <Spinner className="size-4" /> Counting reviews...
          </p>
        ) : (
          <p className="text-sm text-slate-600">Not available.</p>
        )
      ) : (
        <>
          <p
            id={lineId}
            className="text-lg font-semibold text-slate-900 tabular-nums"
            data-testid="review-progress"
          >
            {progressLine(p)}
          </p>
          <Progress value={progressPercent(p)} aria-labelledby={lineId} className="h-3" />
          <p className="text-sm text-slate-700 tabular-nums">
            {formatCount(p.fully_reviewed)} of {formatCount(p.applications)}{' '}
            {p.applications === 1 ? 'application has' : 'applications have'} all the reviews they need.
          </p>
          <p className="text-sm font-medium text-slate-900" data-testid="review-pace">
            {paceLine(p)}
          </p>
        </>
      )}
    </Card>
  );
}

function ReviewersTable({
  reviewers,
  loading,
  emptyMessage = 'No reviewers yet. Add one in the Users tab with the role Reviewer.',
}: {
  reviewers: ReviewersResponse['reviewers'];
  loading: boolean;
  emptyMessage?: string;
}) {
  return (
    <Table aria-label="Reviewers" aria-busy={loading || undefined}>
      <THead>
        <tr>
          <Th>Reviewer</Th>
          <Th>Role</Th>
          <Th className="text-right">Reviews</Th>
          <Th className="text-right">Mean</Th>
          <Th className="text-right">Spread</Th>
          <Th className="text-right">Median Time</Th>
          <Th className="text-right">Skips</Th>
          <Th>Last Review</Th>
        </tr>
      </THead>
      <TBody>
        {reviewers.length === 0 ? (
          <tr>
            <Td colSpan={COLUMNS} className="py-10 text-center text-slate-600">
              {loading ? (
                <span role="status" className="inline-flex items-center gap-2">
                  <Spinner className="size-4" />
                  Loading reviewers...
                </span>
              ) : (
                emptyMessage
              )}
            </Td>
          </tr>
        ) : (
          reviewers.map((r) => (
            <Tr key={r.reviewer_id}>
              <Td className="max-w-64 font-medium text-slate-900">
                <span className="block truncate" title={r.email}>
                  <bdi>{r.email}</bdi>
                </span>
              </Td>
              <Td>{roleName(r.role)}</Td>
              <Td className="text-right tabular-nums">{formatCount(r.reviews)}</Td>
              <Td className="text-right tabular-nums">{formatScoreExact(r.mean)}</Td>
              <Td className="text-right tabular-nums">{formatScoreExact(r.spread)}</Td>
              <Td className="text-right whitespace-nowrap tabular-nums">
                {formatDuration(r.median_seconds)}
              </Td>
              <Td className="text-right tabular-nums">{formatCount(r.skips)}</Td>
              <Td className="whitespace-nowrap tabular-nums">
                {r.last_review_at ? (
                  <time dateTime={r.last_review_at}>{formatDateTime(r.last_review_at)}</time>
                ) : (
                  <span className="text-slate-500">Never</span>
                )}
              </Td>
            </Tr>
          ))
        )}
      </TBody>
    </Table>
  );
}
