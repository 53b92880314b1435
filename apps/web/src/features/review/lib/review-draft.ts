import {
  submitReviewBodySchema,
  type MyReview,
  type ReviewFlag,
  type RubricCriterion,
  type SubmitReviewBody,
} from '@lanyard/shared/review';

/** What the reviewer has chosen so far on one application. */
export interface ReviewDraft {
  scores: Record<string, number>;
  note: string;
  flag: ReviewFlag | null;
  flagReason: string;
}

export function draftFrom(review: MyReview | null): ReviewDraft {
  if (!review) return { scores: {}, note: '', flag: null, flagReason: '' };
  return {
    scores: { ...review.scores },
    note: review.note,
    flag: review.flag,
    flagReason: review.flag_reason,
  };
}

/** The first criterion without a score, or -1 when all have one. */
export function firstUnscored(criteria: readonly RubricCriterion[], scores: Record<string, number>): number {
  return criteria.findIndex((c) => scores[c.id] === undefined);
}

/** The score one step left or right of `current`, kept on the scale (none yet: right starts at 1, left at the top). */
export function stepScore(current: number | undefined, step: 1 | -1, scale: number): number {
  if (current === undefined) return step === 1 ? 1 : scale;
  return Math.min(scale, Math.max(1, current + step));
}

export type BuildReviewResult =
  | { ok: true; body: SubmitReviewBody }
  | { ok: false; message: string; field: 'scores' | 'flag_reason' | 'note'; criterion?: number };

/** The POST body, or why it cannot be sent yet: a criterion left unscored, a flag with no reason. */
export function buildReviewBody(
  criteria: readonly RubricCriterion[],
  draft: ReviewDraft,
  durationMs: number,
): BuildReviewResult {
  const missing = firstUnscored(criteria, draft.scores);
  if (missing !== -1) {
    return {
      ok: false,
      field: 'scores',
      criterion: missing,
      message: `Score ${criteria[missing]?.name ?? 'every criterion'} first.`,
    };
  }
  const scores = Object.fromEntries(criteria.map((c) => [c.id, draft.scores[c.id] ?? 0]));
  const body: SubmitReviewBody = {
    scores,
    note: draft.note,
    flag: draft.flag,
    flag_reason: draft.flag ? draft.flagReason : '',
    duration_ms: Math.min(Math.max(0, Math.round(durationMs)), 24 * 3_600_000),
  };
  const parsed = submitReviewBodySchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field =
      issue?.path[0] === 'flag_reason' ? 'flag_reason' : issue?.path[0] === 'note' ? 'note' : 'scores';
    return { ok: false, field, message: issue?.message ?? 'Check the review.' };
  }
  return { ok: true, body };
}
