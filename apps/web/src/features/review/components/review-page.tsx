import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheckBig, LayoutDashboard, RefreshCw } from 'lucide-react';
import type { ReviewProgress } from '@lanyard/shared/review';
import { SignOutButton } from '@/components/sign-out-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';
import { useUser } from '@/api/get-me';
import { useMyReviews } from '../api/get-my-reviews';
import { useReviewItem } from '../api/get-review';
import { nextReviewKey } from '../api/keys';
import { progressLine } from '../lib/progress';
import { REVIEW_PARAM } from '../lib/review-path';
import { RecentReviews } from './recent-reviews';
import { ReviewForm } from './review-form';

export const LOAD_NEXT_ERROR = 'Failed to load the next application.';
export const LOAD_REVIEW_ERROR = 'Failed to load this review.';

function AllCaughtUp({
  progress,
  onCheckAgain,
  checking,
}: {
  progress: ReviewProgress;
  onCheckAgain: () => void;
  checking: boolean;
}) {
  return (
    <Card className="mx-auto w-full max-w-xl">
      <CardContent className="flex flex-col items-center gap-3 pt-8 pb-8 text-center">
        <CircleCheckBig aria-hidden="true" className="size-10 text-green-700" />
        <h2 className="text-2xl font-semibold text-slate-900">All caught up</h2>
        <p className="text-slate-700">
          No application needs your review right now. New submissions, and any that reviewers disagree on, may
          need more reviews later.
        </p>
        <p className="text-sm text-slate-600">{progressLine(progress)}</p>
        <Button variant="secondary" onClick={onCheckAgain} disabled={checking}>
          {checking ? <Spinner className="size-4" /> : <RefreshCw aria-hidden="true" />}
          Check Again
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * /review: one application at a time, scored against the rubric, then the next. Reviewers land
 * here; admins reach it from the admin portal. `?application=` opens an earlier review to change.
 */
export function ReviewPage() {
  usePageTitle('Review Applications');
  const { data: user } = useUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const editingId = searchParams.get(REVIEW_PARAM);
  const item = useReviewItem(editingId);
  const mine = useMyReviews();
  // The progress a submit or skip answered with, shown until the next application says otherwise.
  const [latestProgress, setLatestProgress] = useState<ReviewProgress | null>(null);

  useEffect(() => {
    if (item.data) setLatestProgress(null);
  }, [item.data]);

  const progress = latestProgress ?? item.data?.progress ?? mine.data?.progress ?? null;

  /** On to the next application: the held one is gone, so ask the server for a new one. */
  const next = () => {
    void queryClient.resetQueries({ queryKey: nextReviewKey });
    if (editingId) void navigate(paths.review);
    window.scrollTo({ top: 0 });
  };

  const onDone = (p: ReviewProgress | null) => {
    if (p) setLatestProgress(p);
    void mine.refetch();
    if (editingId) {
      // Changing an earlier review: back to the application that was held before.
      void navigate(paths.review);
      window.scrollTo({ top: 0 });
    } else next();
  };

  const data = item.data;
  return (
    <main className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-5 px-4 pt-6 sm:px-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Review Applications</h1>
        <div className="flex flex-wrap gap-2">
          {user?.role === 'admin' ? (
            <Button asChild variant="secondary" size="sm">
              <Link to={paths.admin}>
                <LayoutDashboard aria-hidden="true" />
                Admin Portal
              </Link>
            </Button>
          ) : null}
          <SignOutButton to={paths.adminLogin} size="sm" />
        </div>
      </header>
      <p className="text-sm font-medium text-slate-700" aria-live="polite" data-testid="review-progress">
        {progress ? progressLine(progress) : '\u00a0'}
      </p>

      {item.isPending ? (
        <p role="status" className="flex items-center gap-2 py-16 text-sm text-slate-700">
          <Spinner /> {editingId ? 'Loading your review...' : 'Loading the next application...'}
        </p>
      ) : item.isError ? (
        <Alert tone="error" role="alert" className="items-center">
          <AlertDescription className="mt-0 flex-1">
            {errorMessage(item.error, editingId ? LOAD_REVIEW_ERROR : LOAD_NEXT_ERROR)}
          </AlertDescription>
          {editingId ? (
            <Button asChild variant="secondary" size="sm">
              <Link to={paths.review}>Back to Reviewing</Link>
            </Button>
          ) : (
            <Button variant="secondary" size="sm" onClick={() => void item.refetch()}>
              Try again
            </Button>
          )}
        </Alert>
      ) : data?.application && data.criteria ? (
        <ReviewForm
          key={`${data.application.id}:${editingId ?? 'next'}`}
          application={data.application}
          criteria={data.criteria}
          review={data.review}
          editing={editingId !== null}
          editable={data.editable}
          onDone={onDone}
          onGone={next}
        />
      ) : data ? (
        <AllCaughtUp progress={data.progress} onCheckAgain={next} checking={item.isFetching} />
      ) : null}

      <div className="pb-8">
        <RecentReviews
          data={mine.data}
          isPending={mine.isPending}
          isError={mine.isError}
          onRetry={() => void mine.refetch()}
          currentId={editingId}
        />
      </div>
    </main>
  );
}
