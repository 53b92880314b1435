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

export interface Hold {
  applicationId: string;
  expiresAt: Date;
}

export interface Reviewer {
  id: string;
  email: string;
}

/**
 * A candidate that turns out full after the recount is passed over; past this many in one call
 * the reviewer is told nothing is left for now (their next call starts afresh).
 */
const MAX_CANDIDATES = 50;

/**
 * The reviewer's live hold, or a new one on the oldest application that still needs reviews; null
 * when there is nothing left for them. `k` is the number of reviews each application needs.
 *
 * The steps above run inside the database as one function, review_take_next (migration 0014), so
 * a call costs one round trip: the reviewer's calls are serialised by an advisory lock, a live hold
 * is answered again, and otherwise the candidate is locked, recounted and held.
 */
export async function holdNext(db: Db, reviewer: Reviewer, k: number): Promise<Hold | null> {
  const { rows } = await db.execute<{ application_id: string; expires_at: Date | string }>(sql`
    select application_id, expires_at
      from review_take_next(${reviewer.id}::uuid, ${reviewer.email}, ${k}::int,
                            ${REVIEW_HOLD_MINUTES}::int, ${MAX_CANDIDATES}::int)`);
  const row = rows[0];
  return row ? { applicationId: row.application_id, expiresAt: new Date(row.expires_at) } : null;
}

/** Drops the reviewer's hold on an application (after a review or a skip). */
export async function releaseHold(tx: Tx, applicationId: string, reviewerId: string): Promise<void> {
  await tx.execute(
    sql`delete from ${reviewHolds} where application_id = ${applicationId} and reviewer_id = ${reviewerId}`,
  );
}
