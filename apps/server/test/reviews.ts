/**
 * Reviews for the admin-side tests, inserted straight into the database (the reviewer's API is
 * tested in modules/review). `recount` sets the application's review counters as a submit does:
 * count, mean total, flagged, disputed (totals differ by more than the threshold) and complete.
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_REVIEW_SETTINGS, type ReviewFlag } from '@lanyard/shared/review';
import type { Db } from '../src/db/client';
import { reviews } from '../src/db/schema/index';
import { buildUser } from './factories';

export interface ReviewSpec {
  applicationId: string;
  reviewerId: string;
  total: number;
  role?: 'hacker' | 'mentor';
  flag?: ReviewFlag | null;
  flagReason?: string;
  note?: string;
  scores?: Record<string, number>;
  durationMs?: number | null;
  createdAt?: Date;
}

export async function buildReviewer(db: Db, role: 'reviewer' | 'admin' = 'reviewer') {
  return buildUser(db, { role });
}

/** Inserts reviews and brings the counters of their applications up to date. */
export async function addReviews(
  db: Db,
  specs: readonly ReviewSpec[],
  settings: { k: number; threshold: number } = {
    k: DEFAULT_REVIEW_SETTINGS.reviews_per_application,
    threshold: DEFAULT_REVIEW_SETTINGS.disagreement_threshold,
  },
): Promise<void> {
  if (!specs.length) return;
  for (let i = 0; i < specs.length; i += 1000) {
    await db.insert(reviews).values(
      specs.slice(i, i + 1000).map((s) => ({
        applicationId: s.applicationId,
        reviewerId: s.reviewerId,
        role: s.role ?? 'hacker',
        scores: s.scores ?? { experience: 3, motivation: 3, creativity: 3 },
        total: s.total,
        note: s.note ?? '',
        flag: s.flag ?? null,
        flagReason: s.flagReason ?? '',
        durationMs: s.durationMs === undefined ? 60_000 : s.durationMs,
        ...(s.createdAt ? { createdAt: s.createdAt, updatedAt: s.createdAt } : {}),
      })),
    );
  }
  await recount(db, [...new Set(specs.map((s) => s.applicationId))], settings);
}

/** The counters the reviewer's submit keeps on each application, recomputed from its reviews. */
export async function recount(db: Db, ids: readonly string[], settings: { k: number; threshold: number }) {
  await db.execute(sql`
    update applications a set
      review_count = s.n,
      review_score_raw = s.mean,
      review_flagged = s.flagged,
      review_disputed = s.spread > ${settings.threshold},
      review_complete = s.n >= ${settings.k} + (case when s.spread > ${settings.threshold} then 1 else 0 end)
    from (
      select application_id, count(*)::int as n, avg(total) as mean, bool_or(flag is not null) as flagged,
             max(total) - min(total) as spread
        from reviews where application_id = any(${sql.param([...ids])}::uuid[]) group by application_id
    ) s
    where s.application_id = a.id`);
}
