/**
 * "Next application": which application a reviewer is handed, held for them for a few minutes.
 *
 * The queue is the partial index applications_review_queue_idx (submitted applications not yet
 * complete, oldest first). An application has room while its reviews plus other reviewers' live
 * holds are fewer than it needs (k, plus one while disputed). Several server instances hand out
 * work at once, so the database decides: the candidate row is locked (FOR UPDATE SKIP LOCKED, so
 * reviewers never queue behind each other) and its room counted again by a fresh statement after
 * the lock, because in READ COMMITTED the statement that found it may have read holds and reviews
 * from before another reviewer's commit. Everything that adds a hold or a review locks the
 * application row first, so the recount under the lock is exact.
 */
import { sql } from 'drizzle-orm';
import { REVIEW_HOLD_MINUTES } from '@lanyard/shared/review';
import type { Db, Tx } from '../../db/client';
import { reviewHolds } from '../../db/schema/index';
import type { ReviewSource } from '../../policies/review';

export interface Reviewer {
  id: string;
  email: string;
}

/**
 * A candidate that turns out full after the recount is passed over; past this many in one call
 * the reviewer is told nothing is left for now (their next call starts afresh).
 */
const MAX_CANDIDATES = 50;

/** What "next" hands over: the held application (or null) and the reviewer's own count of reviews. */
export interface Taken {
  hold: { source: ReviewSource; expiresAt: Date } | null;
  reviewed: number;
}

const asDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));
const asSmallint = (value: unknown) => (value == null ? null : Number(value));

/**
 * The reviewer's live hold, or a new one on the oldest application that still needs reviews (hold
 * null when there is nothing left for them), with what the reviewer's view is made from and their
 * count of reviews. `k` is the number of reviews each application needs.
 *
 * The steps above run inside the database as one function, review_take_next (migration 0014);
 * review_next (migration 0017) calls it and reads the held row and the count, so a call costs one
 * round trip and no planning.
 */
export async function takeNext(db: Db, reviewer: Reviewer, k: number): Promise<Taken> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select * from review_next(${reviewer.id}::uuid, ${reviewer.email}, ${k}::int,
                              ${REVIEW_HOLD_MINUTES}::int, ${MAX_CANDIDATES}::int)`);
  const row = rows[0]!;
  const reviewed = Number(row.reviewed);
  if (row.id == null) return { hold: null, reviewed };
  const source: ReviewSource = {
    id: String(row.id),
    userId: String(row.user_id),
    role: row.role as ReviewSource['role'],
    email: String(row.email),
    submittedAt: asDate(row.submitted_at),
    answers: typeof row.answers === 'string' ? (JSON.parse(row.answers) as unknown) : row.answers,
    birthYear: asSmallint(row.birth_year),
    birthMonth: asSmallint(row.birth_month),
    birthDay: asSmallint(row.birth_day),
    resumeUploadId: row.resume_upload_id == null ? null : String(row.resume_upload_id),
  };
  return { hold: { source, expiresAt: asDate(row.expires_at) }, reviewed };
}

/** Drops the reviewer's hold on an application (after a review or a skip). */
export async function releaseHold(tx: Tx, applicationId: string, reviewerId: string): Promise<void> {
  await tx.execute(
    sql`delete from ${reviewHolds} where application_id = ${applicationId} and reviewer_id = ${reviewerId}`,
  );
}
