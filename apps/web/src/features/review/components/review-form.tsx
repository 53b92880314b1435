import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Check, Keyboard, SkipForward } from 'lucide-react';
import { toast } from 'sonner';
import { roleLabel } from '@lanyard/shared/constants';
import {
  type ReviewApplication,
  type ReviewProgress,
  type RubricCriterion,
  type MyReview,
  type SkipReason,
} from '@lanyard/shared/review';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Kbd } from '@/components/ui/kbd';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useSkipReview } from '../api/skip-review';
import { useSubmitReview } from '../api/submit-review';
import { reviewKeyAction, type ReviewKeyAction } from '../lib/keys';
import { buildReviewBody, draftFrom, firstUnscored, stepScore, type ReviewDraft } from '../lib/review-draft';
import { showReviewToast } from '../lib/review-toast';
import { forgetUnsent, keepUnsent, readUnsent } from '../lib/unsent-review';
import { ApplicationPanel } from './application-panel';
import { CriterionScorer, criterionGroupId } from './criterion-scorer';
import { ReviewNoteFields } from './review-note-fields';
import { SkipDialog } from './skip-dialog';

export const SUBMIT_REVIEW_ERROR = 'Failed to save the review.';
export const SKIP_REVIEW_ERROR = 'Failed to skip the application.';
/** Said when the application went to others while this reviewer read it (their hold ran out). */
export const MOVED_ON_TITLE = 'Moved On to the Next Application';

const MEANINGS_KEY = 'review-show-meanings';

/** Every level's meaning listed by default where there is room; the reviewer's choice is remembered. */
function initialShowMeanings(): boolean {
  try {
    const saved = window.localStorage.getItem(MEANINGS_KEY);
    if (saved !== null) return saved === 'true';
  } catch {
    // Storage refused (private mode): fall back to the screen's width.
  }
  return typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 1024px)').matches;
}

/**
 * The application is no longer this reviewer's to review: their hold ran out and others gave it
 * its reviews, or it left review. Nothing to fix: the screen moves on.
 */
function isGone(err: unknown, editing: boolean): boolean {
  if (!isApiError(err)) return false;
  if (err.code === 'review_not_available') return true;
  return !editing && (err.status === 404 || err.status === 409 || err.status === 410);
}

interface ReviewFormProps {
  application: ReviewApplication;
  criteria: RubricCriterion[];
  review: MyReview | null;
  /** Changing an earlier review (not the next application). */
  editing: boolean;
  editable: boolean;
  /** A review or a skip was recorded. */
  onDone: (progress: ReviewProgress | null) => void;
  /** The application went elsewhere: ask for the next one. */
  onGone: () => void;
}

/**
 * One application and its rubric. Keys: digits score the focused criterion (0 is 10) and move on,
 * ArrowUp/ArrowDown (or Tab) change criterion, ArrowLeft/ArrowRight change the score, Enter
 * submits, S skips; none of them while typing the note or the flag's reason.
 */
export function ReviewForm({
  application,
  criteria,
  review,
  editing,
  editable,
  onDone,
  onGone,
}: ReviewFormProps) {
  // The held application (not an earlier review) picks up where the reviewer left it, if they did.
  const [unsent] = useState(() => (editing || review ? null : readUnsent(application.id)));
  const [draft, setDraft] = useState<ReviewDraft>(() => unsent?.draft ?? draftFrom(review));
  const [active, setActive] = useState(() => Math.max(0, firstUnscored(criteria, draft.scores)));
  const [skipOpen, setSkipOpen] = useState(false);
  const [showMeanings, setShowMeanings] = useState(initialShowMeanings);
  const [problem, setProblem] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [focusTick, setFocusTick] = useState(0);
  const startedAt = useRef(performance.now() - (unsent?.elapsedMs ?? 0));
  const reasonRef = useRef<HTMLInputElement>(null);
  const submit = useSubmitReview();
  const skip = useSkipReview();
  const readOnly = !editable;
  const busy = submit.isPending || skip.isPending;
  const scored = criteria.filter((c) => draft.scores[c.id] !== undefined).length;

  useEffect(() => {
    if (!editing && !review) keepUnsent(application.id, draft, performance.now() - startedAt.current);
  }, [editing, review, application.id, draft]);

  const focusCriterion = useCallback((index: number) => {
    setActive(index);
    setFocusTick((t) => t + 1);
  }, []);

  // Focus follows the keys: the criterion's chosen button (else its first), once React has drawn it.
  useEffect(() => {
    if (focusTick === 0) return;
    document.querySelector<HTMLElement>(`#${criterionGroupId(active)} [tabindex="0"]`)?.focus();
  }, [focusTick, active]);

  const setScore = (index: number, value: number) => {
    const c = criteria[index];
    if (!c || readOnly) return;
    setDraft((d) => ({ ...d, scores: { ...d.scores, [c.id]: value } }));
    setProblem(null);
  };

  /** A refused review or skip: an application gone elsewhere moves on; anything else is said. */
  const failed = (err: unknown, changing: boolean, fallback: string) => {
    if (isGone(err, changing)) {
      toast.info(MOVED_ON_TITLE, {
        description: errorMessage(err, 'This application no longer needs your review.'),
      });
      onGone();
      return;
    }
    toast.error('Error', { description: errorMessage(err, fallback) });
  };

  const send = () => {
    if (readOnly || busy) return;
    const built = buildReviewBody(criteria, draft, performance.now() - startedAt.current);
    if (!built.ok) {
      setProblem(built.message);
      if (built.field === 'scores' && built.criterion !== undefined) focusCriterion(built.criterion);
      if (built.field === 'flag_reason') {
        setReasonError(built.message);
        reasonRef.current?.focus();
      }
      return;
    }
    submit.mutate(
      { applicationId: application.id, body: built.body },
      {
        onSuccess: ({ progress }) => {
          forgetUnsent(application.id);
          showReviewToast(editing ? 'Review Updated' : 'Review Saved');
          onDone(progress);
        },
        onError: (err) => failed(err, editing, SUBMIT_REVIEW_ERROR),
      },
    );
  };

  const skipFor = (reason: SkipReason) => {
    skip.mutate(
      { applicationId: application.id, body: { reason } },
      {
        onSuccess: ({ progress }) => {
          forgetUnsent(application.id);
          setSkipOpen(false);
          showReviewToast('Application Skipped');
          onDone(progress);
        },
        onError: (err) => {
          setSkipOpen(false);
          failed(err, false, SKIP_REVIEW_ERROR);
        },
      },
    );
  };

  const onKey = (action: ReviewKeyAction): boolean => {
    const c = criteria[active];
    switch (action.type) {
      case 'score': {
        if (!c || readOnly || action.value > c.scale) return false;
        setScore(active, action.value);
        focusCriterion(Math.min(active + 1, criteria.length - 1));
        return true;
      }
      case 'change': {
        if (!c || readOnly) return false;
        setScore(active, stepScore(draft.scores[c.id], action.step, c.scale));
        focusCriterion(active);
        return true;
      }
      case 'criterion':
        focusCriterion(Math.min(criteria.length - 1, Math.max(0, active + action.step)));
        return true;
      case 'submit':
        if (readOnly) return false;
        send();
        return true;
      case 'skip':
        if (editing || readOnly) return false;
        setSkipOpen(true);
        return true;
    }
  };

  // The latest handler, read by one listener added once (keys arrive between renders).
  const latest = useRef(onKey);
  useLayoutEffect(() => {
    latest.current = onKey;
  });
  useEffect(() => {
    if (skipOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const action = reviewKeyAction(event);
      if (action && latest.current(action)) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [skipOpen]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  const toggleMeanings = () => {
    setShowMeanings((v) => {
      try {
        window.localStorage.setItem(MEANINGS_KEY, String(!v));
      } catch {
        // Not remembered: the choice holds for this application.
      }
      return !v;
    });
  };

  const questionLabels = (c: RubricCriterion) =>
    (c.questions as readonly string[]).map(
      (key) => application.answers.find((a) => a.key === key)?.label ?? key,
    );
  const topScale = Math.max(...criteria.map((c) => c.scale));

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Review"
      className="flex flex-col gap-6"
      data-application-id={application.id}
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(22rem,28rem)]">
        <ApplicationPanel application={application} criteria={criteria} activeIndex={active} />

        <section
          aria-labelledby="review-rubric-title"
          data-review-rubric
          className="flex min-w-0 flex-col gap-4 lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:scroll-pb-24 lg:self-start lg:overflow-y-auto lg:pr-1 lg:pb-24"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="review-rubric-title" className="text-xl font-semibold text-slate-900">
              Rubric
            </h2>
            <Button variant="ghost" size="sm" onClick={toggleMeanings} aria-pressed={showMeanings}>
              {showMeanings ? 'Hide Meanings' : 'Show All Meanings'}
            </Button>
          </div>
          {!readOnly ? (
            <p className="hidden items-start gap-2 text-xs text-slate-600 md:flex">
              <Keyboard aria-hidden="true" className="mt-px size-4 shrink-0" />
              <span>
                Keys: 1–{Math.min(topScale, 9)}
                {topScale === 10 ? ' and 0 for 10' : ''} score and move on · ↑ ↓ criterion · ← → change ·
                Enter submits{editing ? '' : ' · S skips'}
              </span>
            </p>
          ) : null}
          {readOnly ? (
            <Alert tone="warning">
              <AlertDescription className="mt-0">
                Decisions for {roleLabel(application.role).toLowerCase()}s are released, so this review can no
                longer be changed.
              </AlertDescription>
            </Alert>
          ) : null}

          {criteria.map((c, i) => (
            <CriterionScorer
              key={c.id}
              criterion={c}
              index={i}
              score={draft.scores[c.id]}
              active={i === active}
              questionLabels={questionLabels(c)}
              showMeanings={showMeanings}
              readOnly={readOnly}
              onScore={(value) => setScore(i, value)}
              onActivate={() => setActive(i)}
            />
          ))}

          <ReviewNoteFields
            draft={draft}
            onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
            readOnly={readOnly}
            reasonError={reasonError}
            onReasonEdited={() => setReasonError(null)}
            reasonRef={reasonRef}
          />
        </section>
      </div>

      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-x-2 gap-y-1.5 border-t border-slate-200 bg-white/95 px-4 py-2.5 backdrop-blur-sm sm:-mx-6 sm:flex-nowrap sm:py-3 sm:px-6 [&>a]:flex-1 [&>button]:flex-1 sm:[&>a]:flex-none sm:[&>button]:flex-none">
        <p
          className="w-full min-w-0 text-xs text-slate-700 sm:mr-auto sm:w-auto sm:text-sm"
          aria-live="polite"
        >
          {problem ? (
            <span className="font-medium text-red-700">{problem}</span>
          ) : readOnly ? (
            'Read-only'
          ) : (
            `${scored} of ${criteria.length} scored`
          )}
        </p>
        {editing ? (
          <Button asChild variant="secondary">
            <Link to={paths.review}>
              <ArrowLeft aria-hidden="true" />
              {readOnly ? 'Back to Reviewing' : 'Cancel'}
            </Link>
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => setSkipOpen(true)} disabled={busy} aria-keyshortcuts="S">
            <SkipForward aria-hidden="true" />
            Skip
            <Kbd>S</Kbd>
          </Button>
        )}
        {!readOnly ? (
          <Button type="submit" disabled={busy} aria-keyshortcuts="Enter">
            {submit.isPending ? <Spinner className="size-4" /> : <Check aria-hidden="true" />}
            {editing ? 'Save Changes' : 'Submit and Next'}
            <Kbd>Enter</Kbd>
          </Button>
        ) : null}
      </div>

      <SkipDialog open={skipOpen} onOpenChange={setSkipOpen} busy={skip.isPending} onSkip={skipFor} />
    </form>
  );
}
