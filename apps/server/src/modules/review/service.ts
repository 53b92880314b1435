import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  REVIEW_HISTORY_LIMIT,
  weightedTotal,
  type MyReview,
  type MyReviewsResponse,
  type ReviewAnswer,
  type ReviewNextResponse,
  type ReviewFlag,
  type ReviewProgress,
  type ReviewSettings,
  type skipReviewBodySchema,
  type SkipReviewResponse,
  type submitReviewBodySchema,
} from '@lanyard/shared/review';
import type { AppConfig } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { applications, reviewHolds, reviews, reviewSkips } from '../../db/schema/index';
import {
  readSettings,
  readSettingsCached,
  readSettingsVersion,
  reviewSettingsOf,
  type SettingsCache,
  type SettingsRow,
} from '../../db/settings';
import { errors } from '../../errors';
import { audit, type AuditActor } from '../../lib/audit';
import {
  isOwnApplication,
  reviewApplicationView,
  reviewEditable,
  scoresProblem,
  type ReviewSource,
} from '../../policies/review';
import { releaseHold, takeNext, type Reviewer } from './assignment';
import { adjustRemaining, progressOf, progressWith } from './progress';
import { reviewerCustomAnswers } from '../custom-questions/review';
import type { QuestionsCache } from '../custom-questions/store';

type SubmitBody = z.output<typeof submitReviewBodySchema>;
type SkipBody = z.output<typeof skipReviewBodySchema>;
type ReviewRow = typeof reviews.$inferSelect;

const OWN_APPLICATION = 'You cannot review your own application.';
const NOT_YOURS = 'You have no review of this application and do not hold it.';

/** Only what the reviewer's view is made from: never more of the row than that. */
const sourceColumns = {
  id: applications.id,
  userId: applications.userId,
  role: applications.role,
  email: applications.email,
  submittedAt: applications.submittedAt,
  answers: applications.answers,
  birthYear: applications.birthYear,
  birthMonth: applications.birthMonth,
  birthDay: applications.birthDay,
  resumeUploadId: applications.resumeUploadId,
  customAnswers: applications.customAnswers,
};

async function findSource(
  db: DbOrTx,
  applicationId: string,
): Promise<(ReviewSource & { customAnswers: unknown }) | undefined> {
  const [row] = await db.select(sourceColumns).from(applications).where(eq(applications.id, applicationId));
  return row;
}

export function toMyReview(row: ReviewRow): MyReview {
  return {
    scores: (row.scores ?? {}) as Record<string, number>,
    total: row.total,
    note: row.note,
    flag: row.flag,
    flag_reason: row.flagReason,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Where the reviewer's calls read settings and custom questions (lib/read-cache.ts). */
type ReviewCache = SettingsCache & QuestionsCache;

interface Shown {
  source: ReviewSource;
  /** The reviewer-visible custom answers, shown after the built-in ones. */
  custom: ReviewAnswer[];
  review: ReviewRow | null;
  heldUntil: Date | null;
}

function present(
  config: AppConfig,
  settingsRow: SettingsRow,
  shown: Shown | null,
  progress: ReviewProgress,
): ReviewNextResponse {
  if (!shown) {
    return { application: null, criteria: null, review: null, editable: false, held_until: null, progress };
  }
  const s = reviewSettingsOf(settingsRow);
  const { source, review, heldUntil } = shown;
  const view = reviewApplicationView(source, { hidden: s.hidden_fields, eventStart: config.event.startDate });
  return {
    application: { ...view, answers: [...view.answers, ...shown.custom] },
    criteria: s.rubric[source.role],
    review: review ? toMyReview(review) : null,
    // A fresh review can always be sent; an existing one only until its role's decisions are out.
    editable: review ? reviewEditable(settingsRow, source.role) : true,
    held_until: heldUntil?.toISOString() ?? null,
    progress,
  };
}

/** GET /api/review/next: the reviewer's live hold, or a new one, or null when none is left. */
export async function next(
  db: Db,
  config: AppConfig,
  reviewer: Reviewer,
  cache?: ReviewCache,
): Promise<ReviewNextResponse> {
  const settingsRow = (await readSettingsCached(db, cache)).row;
  const s = reviewSettingsOf(settingsRow);
  const { hold, reviewed } = await takeNext(db, reviewer, s.reviews_per_application);
  const [progress, custom] = await Promise.all([
    progressWith(db, reviewed),
    hold ? reviewerCustomAnswers(db, cache, hold.source) : [],
  ]);
  const shown = hold ? { source: hold.source, custom, review: null, heldUntil: hold.expiresAt } : null;
  return present(config, settingsRow, shown, progress);
}

async function myReview(db: DbOrTx, applicationId: string, reviewerId: string): Promise<ReviewRow | null> {
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.applicationId, applicationId), eq(reviews.reviewerId, reviewerId)));
  return row ?? null;
}

async function myLiveHold(db: DbOrTx, applicationId: string, reviewerId: string): Promise<Date | null> {
  const [row] = await db
    .select({ expiresAt: reviewHolds.expiresAt })
    .from(reviewHolds)
    .where(
      and(
        eq(reviewHolds.applicationId, applicationId),
        eq(reviewHolds.reviewerId, reviewerId),
        gt(reviewHolds.expiresAt, sql`now()`),
      ),
    );
  return row?.expiresAt ?? null;
}

/** GET /api/review/:applicationId: the reviewer's own review of it, or the application they hold. */
export async function reviewOf(
  db: Db,
  config: AppConfig,
  reviewer: Reviewer,
  applicationId: string,
  cache?: ReviewCache,
): Promise<ReviewNextResponse> {
  const [source, review, heldUntil, settingsRow, progress] = await Promise.all([
    findSource(db, applicationId),
    myReview(db, applicationId, reviewer.id),
    myLiveHold(db, applicationId, reviewer.id),
    readSettingsCached(db, cache).then((v) => v.row),
    progressOf(db, reviewer.id),
  ]);
  if (!source || (!review && !heldUntil)) throw errors.notFound(NOT_YOURS);
  const custom = await reviewerCustomAnswers(db, cache, source);
  return present(config, settingsRow, { source, custom, review, heldUntil }, progress);
}

/** The resume of an application the reviewer holds or reviewed, when blind review shows resumes. */
export async function resumeFor(db: Db, reviewer: Reviewer, applicationId: string): Promise<string> {
  const [source, review, heldUntil, settingsRow] = await Promise.all([
    findSource(db, applicationId),
    myReview(db, applicationId, reviewer.id),
    myLiveHold(db, applicationId, reviewer.id),
    readSettings(db),
  ]);
  const hidden = reviewSettingsOf(settingsRow).hidden_fields.includes('resume');
  if (!source || (!review && !heldUntil) || hidden || !source.resumeUploadId) {
    throw errors.notFound('There is no resume to show for this application.', 'no_resume');
  }
  return source.resumeUploadId;
}

const roleWord = (role: string) => (role === 'mentor' ? 'mentors' : 'hackers');

/** What review_submit answers (migration 0015). */
type SubmitOutcome = {
  /** The reviewer's reviews, counted after this one. */
  reviewed: number;
  outcome: 'ok' | 'stale' | 'not_found' | 'locked' | 'skipped' | 'closed' | 'full';
  changed: boolean;
  was_complete: boolean;
  now_complete: boolean;
  scores: Record<string, number> | null;
  total: number | null;
  note: string | null;
  flag: ReviewFlag | null;
  flag_reason: string | null;
  updated_at: Date | string | null;
};

/** A settings change between the read and the write is retried this often before giving up. */
const STALE_RETRIES = 3;

/**
 * POST /api/review/:applicationId: a new review, or a change to the reviewer's own. The rubric's
 * rules are checked here against the settings read (scores, total, whether the role's decisions are
 * out); the writes run in one round trip, the database function review_submit, which holds the
 * settings for share and proves they did not change since (a rubric change or a release waits for
 * it, and it for them), and locks the application row (assignment counts reviews under that lock).
 */
export async function submit(
  db: Db,
  actor: AuditActor,
  reviewer: Reviewer,
  applicationId: string,
  body: SubmitBody,
  cache?: SettingsCache,
): Promise<{ review: MyReview; progress: ReviewProgress }> {
  for (let attempt = 0; ; attempt++) {
    const [{ row: settingsRow, version }, app] = await Promise.all([
      // A retry reads the database itself: this instance's cache may not have heard of the change yet.
      attempt === 0 ? readSettingsCached(db, cache) : readSettingsVersion(db),
      db
        .select({ userId: applications.userId, email: applications.email, role: applications.role })
        .from(applications)
        .where(eq(applications.id, applicationId))
        .then((rows) => rows[0]),
    ]);
    if (!app) throw errors.notFound('Application not found.');
    if (isOwnApplication(reviewer, app)) throw errors.forbidden(OWN_APPLICATION, 'own_application');
    const s: ReviewSettings = reviewSettingsOf(settingsRow);
    const criteria = s.rubric[app.role];
    const problem = scoresProblem(criteria, body.scores, app.role);
    if (problem) throw errors.badRequest(`scores: ${problem}`, 'validation_error');

    const { rows } = await db.execute<SubmitOutcome>(sql`
      select * from review_submit(
        ${applicationId}::uuid, ${reviewer.id}::uuid, ${version}::text,
        ${reviewEditable(settingsRow, app.role)}::boolean,
        ${s.reviews_per_application}::int, ${s.disagreement_threshold}::float8,
        ${JSON.stringify(body.scores)}::jsonb, ${weightedTotal(criteria, body.scores)}::float8,
        ${body.note}, ${body.flag}::text, ${body.flag ? body.flag_reason : ''},
        ${body.duration_ms ?? null}::int,
        ${actor.id}::uuid, ${actor.email}, ${actor.ip ?? null})`);
    const r = rows[0]!;
    switch (r.outcome) {
      case 'stale':
        if (attempt < STALE_RETRIES) continue;
        throw errors.conflict(
          'The review settings are changing. Please send the review again.',
          'review_retry',
        );
      case 'not_found':
        throw errors.notFound('Application not found.');
      case 'locked':
        throw errors.conflict(
          `Decisions for ${roleWord(app.role)} are released: this review can no longer change.`,
          'review_locked',
        );
      case 'skipped':
        throw errors.conflict('You skipped this application.', 'review_not_available');
      case 'closed':
        throw errors.conflict('This application is no longer open for review.', 'review_not_available');
      case 'full':
        throw errors.conflict(
          'This application already has the reviews it needs. Ask for the next one.',
          'review_not_available',
        );
      case 'ok':
        break;
    }
    if (r.changed) adjustRemaining(db, Number(r.was_complete) - Number(r.now_complete));
    const review: MyReview = {
      scores: r.scores ?? {},
      total: Number(r.total),
      note: r.note ?? '',
      flag: r.flag,
      flag_reason: r.flag_reason ?? '',
      updated_at: new Date(r.updated_at!).toISOString(),
    };
    return { review, progress: await progressWith(db, Number(r.reviewed)) };
  }
}

/** POST /api/review/:applicationId/skip: never handed to this reviewer again; not a review. */
export async function skip(
  db: Db,
  actor: AuditActor,
  reviewer: Reviewer,
  applicationId: string,
  body: SkipBody,
): Promise<SkipReviewResponse> {
  await db.transaction(async (tx) => {
    const [app] = await tx
      .select({ id: applications.id, userId: applications.userId, email: applications.email })
      .from(applications)
      .where(eq(applications.id, applicationId));
    if (!app) throw errors.notFound('Application not found.');
    if (isOwnApplication(reviewer, app)) throw errors.forbidden(OWN_APPLICATION, 'own_application');
    if (await myReview(tx, applicationId, reviewer.id)) {
      throw errors.conflict(
        'You have already reviewed this application; change your review instead of skipping it.',
        'review_not_available',
      );
    }
    await tx
      .insert(reviewSkips)
      .values({ applicationId, reviewerId: reviewer.id, reason: body.reason, note: body.note })
      .onConflictDoUpdate({
        target: [reviewSkips.applicationId, reviewSkips.reviewerId],
        set: { reason: body.reason, note: body.note },
      });
    await releaseHold(tx, applicationId, reviewer.id);
    await audit(tx, actor, {
      action: 'review.skip',
      targetType: 'application',
      targetId: applicationId,
      after: { reviewer_id: reviewer.id, reason: body.reason, note: body.note },
    });
  });
  return { progress: await progressOf(db, reviewer.id) };
}

/** GET /api/review/mine: the reviewer's latest reviews, newest first. */
export async function mine(db: Db, reviewerId: string): Promise<MyReviewsResponse> {
  const [rows, settingsRow, progress] = await Promise.all([
    db
      .select({
        applicationId: reviews.applicationId,
        role: reviews.role,
        total: reviews.total,
        flag: reviews.flag,
        updatedAt: reviews.updatedAt,
      })
      .from(reviews)
      .where(eq(reviews.reviewerId, reviewerId))
      .orderBy(desc(reviews.updatedAt), desc(reviews.id))
      .limit(REVIEW_HISTORY_LIMIT),
    readSettings(db),
    progressOf(db, reviewerId),
  ]);
  return {
    reviews: rows.map((r) => ({
      application_id: r.applicationId,
      role: r.role,
      total: r.total,
      flag: r.flag,
      updated_at: r.updatedAt.toISOString(),
      editable: reviewEditable(settingsRow, r.role),
    })),
    progress,
  };
}
