import { asc, eq } from 'drizzle-orm';
import type { ApplicationReviewsResponse, ReviewFlag } from '@lanyard/shared/review';
import type { Db } from '../../db/client';
import { scoreRulesOf } from '../../db/review-scores';
import { applications, reviewSkips, reviews, users } from '../../db/schema/index';
import { readSettings, reviewSettingsOf } from '../../db/settings';
import { errors } from '../../errors';
import { reviewSummaries } from './review-summary';

/**
 * Every review of one application for the admin's detail dialog: who reviewed, each criterion's
 * score, notes and flags, and who skipped it and why. Blind review hides things from reviewers,
 * never from admins, so nothing here is filtered.
 */
export async function applicationReviews(db: Db, id: string): Promise<ApplicationReviewsResponse> {
  const [row] = await db
    .select({
      id: applications.id,
      role: applications.role,
      reviewCount: applications.reviewCount,
      reviewDisputed: applications.reviewDisputed,
    })
    .from(applications)
    .where(eq(applications.id, id));
  if (!row) throw errors.notFound('Application not found.');
  const settings = reviewSettingsOf(await readSettings(db));
  const rules = scoreRulesOf(settings);
  const summary = (await reviewSummaries(db, rules, [row])).get(row.id)!;
  const given = await db
    .select({
      id: reviews.id,
      reviewerId: reviews.reviewerId,
      reviewerEmail: users.email,
      scores: reviews.scores,
      total: reviews.total,
      note: reviews.note,
      flag: reviews.flag,
      flagReason: reviews.flagReason,
      createdAt: reviews.createdAt,
      updatedAt: reviews.updatedAt,
    })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.reviewerId))
    .where(eq(reviews.applicationId, id))
    .orderBy(asc(reviews.createdAt), asc(reviews.id));
  const skipped = await db
    .select({ reviewerEmail: users.email, reason: reviewSkips.reason, createdAt: reviewSkips.createdAt })
    .from(reviewSkips)
    .leftJoin(users, eq(users.id, reviewSkips.reviewerId))
    .where(eq(reviewSkips.applicationId, id))
    .orderBy(asc(reviewSkips.createdAt));
  return {
    summary,
    criteria: settings.rubric[row.role],
    reviews: given.map((r) => ({
      id: r.id,
      reviewer_id: r.reviewerId,
      reviewer_email: r.reviewerEmail,
      scores: r.scores as Record<string, number>,
      total: r.total,
      note: r.note,
      flag: r.flag as ReviewFlag | null,
      flag_reason: r.flagReason,
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    })),
    skips: skipped.map((s) => ({
      reviewer_email: s.reviewerEmail,
      reason: s.reason,
      created_at: s.createdAt.toISOString(),
    })),
  };
}
