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
import { applications, reviewHolds, reviewSkips, reviews } from '../../db/schema/index';

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
 * The reviewer's live hold on an application they can still review, if any; without one, whatever
 * else they held (run out, or no longer reviewable) is dropped in the same statement.
 */
async function liveHold(tx: Tx, reviewerId: string): Promise<Hold | null> {
  const { rows } = await tx.execute<{ application_id: string; expires_at: Date | string }>(sql`
    with live as (
      select h.application_id, h.expires_at
        from ${reviewHolds} h
        join ${applications} a on a.id = h.application_id
       where h.reviewer_id = ${reviewerId}
         and h.expires_at > now()
         and a.status = 'submitted'
         and not exists (select 1 from ${reviews} r
                          where r.application_id = h.application_id and r.reviewer_id = ${reviewerId})
       order by h.held_at
       limit 1
    ), dropped as (
      delete from ${reviewHolds} where reviewer_id = ${reviewerId} and not exists (select 1 from live)
    )
    select application_id, expires_at from live`);
  const row = rows[0];
  return row ? { applicationId: row.application_id, expiresAt: new Date(row.expires_at) } : null;
}

/** The oldest application with room that this reviewer may take, locked; null when none is left. */
async function lockCandidate(
  tx: Tx,
  reviewer: Reviewer,
  k: number,
  passed: string[],
): Promise<string | null> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    select a.id
      from ${applications} a
     where a.status = 'submitted'
       and not a.review_complete
       and a.user_id <> ${reviewer.id}
       and lower(a.email) <> ${reviewer.email.trim().toLowerCase()}
       and a.id <> all(${sql.param(passed)}::uuid[])
       and a.review_count
           + (select count(*) from ${reviewHolds} h where h.application_id = a.id and h.expires_at > now())
           < ${k} + case when a.review_disputed then 1 else 0 end
       and not exists (select 1 from ${reviews} r where r.application_id = a.id and r.reviewer_id = ${reviewer.id})
       and not exists (select 1 from ${reviewSkips} s
                        where s.application_id = a.id and s.reviewer_id = ${reviewer.id})
     order by a.submitted_at, a.id
     limit 1
       for update of a skip locked`);
  return rows[0]?.id ?? null;
}

/**
 * Holds the locked application for the reviewer if it still has room, counted by a statement of
 * its own: its snapshot is taken after the lock, so it sees every hold and review committed before.
 * Holds that ran out are cleared here, lazily, while the row is ours anyway.
 */
async function holdIfRoom(
  tx: Tx,
  applicationId: string,
  reviewerId: string,
  k: number,
): Promise<Hold | null> {
  const { rows } = await tx.execute<{ expires_at: Date | string }>(sql`
    with expired as (
      delete from ${reviewHolds} where application_id = ${applicationId} and expires_at <= now()
    )
    insert into ${reviewHolds} (application_id, reviewer_id, held_at, expires_at)
    select a.id, ${reviewerId}, now(), now() + make_interval(mins => ${REVIEW_HOLD_MINUTES})
      from ${applications} a
     where a.id = ${applicationId}
       and a.status = 'submitted'
       and a.review_count
           + (select count(*) from ${reviewHolds} h where h.application_id = a.id and h.expires_at > now())
           < ${k} + case when a.review_disputed then 1 else 0 end
    on conflict (application_id, reviewer_id)
      do update set held_at = excluded.held_at, expires_at = excluded.expires_at
    returning expires_at`);
  const row = rows[0];
  return row ? { applicationId, expiresAt: new Date(row.expires_at) } : null;
}

/**
 * The reviewer's live hold, or a new one on the oldest application that still needs reviews; null
 * when there is nothing left for them. `k` is the number of reviews each application needs.
 */
export async function holdNext(db: Db, reviewer: Reviewer, k: number): Promise<Hold | null> {
  return db.transaction(async (tx) => {
    // One reviewer's calls queue behind each other (a double click), so a reviewer holds one
    // application at a time; different reviewers never wait here. A hold need not survive a crash
    // (the reviewer just asks again), so its commit does not wait for the disk.
    await tx.execute(sql`
      select set_config('synchronous_commit', 'off', true),
             pg_advisory_xact_lock(hashtextextended(${`review-next:${reviewer.id}`}, 0))`);
    const live = await liveHold(tx, reviewer.id);
    if (live) return live;

    const passed: string[] = [];
    while (passed.length < MAX_CANDIDATES) {
      const id = await lockCandidate(tx, reviewer, k, passed);
      if (!id) return null;
      const hold = await holdIfRoom(tx, id, reviewer.id, k);
      if (hold) return hold;
      passed.push(id);
    }
    return null;
  });
}

/** Drops the reviewer's hold on an application (after a review or a skip). */
export async function releaseHold(tx: Tx, applicationId: string, reviewerId: string): Promise<void> {
  await tx.execute(
    sql`delete from ${reviewHolds} where application_id = ${applicationId} and reviewer_id = ${reviewerId}`,
  );
}
