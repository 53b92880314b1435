import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { isAwaitingDecision } from '@lanyard/shared/constants';
import {
  REVIEW_HISTORY_LIMIT,
  weightedTotal,
  type MyReview,
  type MyReviewsResponse,
  type ReviewNextResponse,
  type ReviewProgress,
  type ReviewSettings,
  type skipReviewBodySchema,
  type SkipReviewResponse,
  type submitReviewBodySchema,
} from '@lanyard/shared/review';
import type { AppConfig } from '../../config';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { applications, reviewHolds, reviews, reviewSkips } from '../../db/schema/index';
import { readSettings, reviewSettingsOf, shareSettings, type SettingsRow } from '../../db/settings';
import { errors } from '../../errors';
import { audit, type AuditActor } from '../../lib/audit';
import {
  isOwnApplication,
  reviewApplicationView,
  reviewEditable,
  reviewsNeeded,
  scoresProblem,
  type ReviewSource,
} from '../../policies/review';
import { holdNext, releaseHold, type Reviewer } from './assignment';
import { recomputeReviewColumns } from './aggregates';
import { adjustRemaining, progressOf } from './progress';

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
};

async function findSource(db: DbOrTx, applicationId: string): Promise<ReviewSource | undefined> {
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

interface Shown {
  source: ReviewSource;
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
  return {
    application: reviewApplicationView(source, {
      hidden: s.hidden_fields,
      eventStart: config.event.startDate,
    }),
    criteria: s.rubric[source.role],
    review: review ? toMyReview(review) : null,
    // A fresh review can always be sent; an existing one only until its role's decisions are out.
    editable: review ? reviewEditable(settingsRow, source.role) : true,
    held_until: heldUntil?.toISOString() ?? null,
    progress,
  };
}

/** GET /api/review/next: the reviewer's live hold, or a new one, or null when none is left. */
export async function next(db: Db, config: AppConfig, reviewer: Reviewer): Promise<ReviewNextResponse> {
  const settingsRow = await readSettings(db);
  const s = reviewSettingsOf(settingsRow);
  const hold = await holdNext(db, reviewer, s.reviews_per_application);
  const [source, progress] = await Promise.all([
    hold ? findSource(db, hold.applicationId) : undefined,
    progressOf(db, reviewer.id),
  ]);
  const shown = hold && source ? { source, review: null, heldUntil: hold.expiresAt } : null;
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
): Promise<ReviewNextResponse> {
  const [source, review, heldUntil, settingsRow, progress] = await Promise.all([
    findSource(db, applicationId),
    myReview(db, applicationId, reviewer.id),
    myLiveHold(db, applicationId, reviewer.id),
    readSettings(db),
    progressOf(db, reviewer.id),
  ]);
  if (!source || (!review && !heldUntil)) throw errors.notFound(NOT_YOURS);
  return present(config, settingsRow, { source, review, heldUntil }, progress);
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

/**
 * Whether the reviewer skipped or holds the application, and how many live holds others have on
 * it: one statement, run after the application row is locked, so its snapshot is current.
 */
async function claimOf(tx: Tx, applicationId: string, reviewerId: string) {
  const { rows } = await tx.execute<{ skipped: boolean; held: boolean; others: number }>(sql`
    select exists (select 1 from ${reviewSkips}
                    where application_id = ${applicationId} and reviewer_id = ${reviewerId}) as skipped,
           exists (select 1 from ${reviewHolds}
                    where application_id = ${applicationId} and reviewer_id = ${reviewerId}
                      and expires_at > now()) as held,
           (select count(*) from ${reviewHolds}
             where application_id = ${applicationId} and reviewer_id <> ${reviewerId}
               and expires_at > now())::int as others`);
  const row = rows[0]!;
  return { skipped: row.skipped, held: row.held, others: Number(row.others) };
}

const roleWord = (role: string) => (role === 'mentor' ? 'mentors' : 'hackers');

/** What an audit row keeps of a review. */
function audited(row: ReviewRow) {
  return {
    reviewer_id: row.reviewerId,
    scores: row.scores,
    total: row.total,
    note: row.note,
    flag: row.flag,
    flag_reason: row.flagReason,
  };
}

/**
 * POST /api/review/:applicationId: a new review, or a change to the reviewer's own. In one
 * transaction, with the settings held for share (a rubric change or a release waits for it, and it
 * for them) and the application row locked (assignment counts reviews under that lock too).
 */
export async function submit(
  db: Db,
  actor: AuditActor,
  reviewer: Reviewer,
  applicationId: string,
  body: SubmitBody,
): Promise<{ review: MyReview; progress: ReviewProgress }> {
  let queueChange = 0;
  const review = await db.transaction(async (tx) => {
    const settingsRow = await shareSettings(tx);
    const s: ReviewSettings = reviewSettingsOf(settingsRow);
    const [app] = await tx
      .select({
        id: applications.id,
        userId: applications.userId,
        email: applications.email,
        role: applications.role,
        status: applications.status,
        reviewCount: applications.reviewCount,
        reviewDisputed: applications.reviewDisputed,
        reviewComplete: applications.reviewComplete,
      })
      .from(applications)
      .where(eq(applications.id, applicationId))
      .for('update');
    if (!app) throw errors.notFound('Application not found.');
    if (isOwnApplication(reviewer, app)) throw errors.forbidden(OWN_APPLICATION, 'own_application');

    const before = await myReview(tx, applicationId, reviewer.id);
    if (before) {
      if (!reviewEditable(settingsRow, app.role)) {
        throw errors.conflict(
          `Decisions for ${roleWord(app.role)} are released: this review can no longer change.`,
          'review_locked',
        );
      }
    } else {
      const claim = await claimOf(tx, applicationId, reviewer.id);
      if (claim.skipped) throw errors.conflict('You skipped this application.', 'review_not_available');
      if (!claim.held) {
        const needed = reviewsNeeded(s.reviews_per_application, app.reviewDisputed);
        const room = app.reviewCount + claim.others < needed;
        if (!isAwaitingDecision(app.status) || !room) {
          throw errors.conflict(
            !isAwaitingDecision(app.status)
              ? 'This application is no longer open for review.'
              : 'This application already has the reviews it needs. Ask for the next one.',
            'review_not_available',
          );
        }
      }
    }

    const criteria = s.rubric[app.role];
    const problem = scoresProblem(criteria, body.scores, app.role);
    if (problem) throw errors.badRequest(`scores: ${problem}`, 'validation_error');

    const values = {
      scores: body.scores,
      total: weightedTotal(criteria, body.scores),
      note: body.note,
      flag: body.flag,
      flagReason: body.flag ? body.flag_reason : '',
    };
    let row: ReviewRow;
    if (before) {
      const duration =
        body.duration_ms === undefined ? before.durationMs : (before.durationMs ?? 0) + body.duration_ms;
      [row] = (await tx
        .update(reviews)
        .set({ ...values, durationMs: duration, updatedAt: new Date() })
        .where(eq(reviews.id, before.id))
        .returning()) as [ReviewRow];
    } else {
      [row] = (await tx
        .insert(reviews)
        .values({
          ...values,
          applicationId,
          reviewerId: reviewer.id,
          role: app.role,
          durationMs: body.duration_ms ?? null,
        })
        .returning()) as [ReviewRow];
    }
    await releaseHold(tx, applicationId, reviewer.id);
    const [changed] = await recomputeReviewColumns(tx, s, { applicationId });
    if (changed && isAwaitingDecision(app.status)) {
      queueChange = Number(app.reviewComplete) - Number(changed.complete);
    }
    await audit(tx, actor, {
      action: before ? 'review.update' : 'review.submit',
      targetType: 'application',
      targetId: applicationId,
      before: before ? audited(before) : null,
      after: audited(row),
    });
    return row;
  });
  adjustRemaining(db, queueChange);
  return { review: toMyReview(review), progress: await progressOf(db, reviewer.id) };
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
