// The progress line a reviewer sees: their own reviews, and the applications still short of one.
import { count, eq, sql } from 'drizzle-orm';
import type { ReviewProgress } from '@lanyard/shared/review';
import type { Db, DbOrTx } from '../../db/client';
import { applications, reviews } from '../../db/schema/index';
import { AWAITING_DECISION_IN } from '../../db/statuses';

/**
 * How many applications still need a review, per database handle (one per server instance). Counting
 * the queue reads every entry of its index (50,000 at the start of a big event), too slow to repeat
 * on each "next" for a progress line; so an instance counts at most every few seconds, keeps its
 * own changes exact in between (adjust), and catches up with other instances' at the next count.
 */
const REMAINING_TTL_MS = 5000;
const remainingCounts = new WeakMap<object, { value: number; at: number } | Promise<number>>();

async function countRemaining(db: DbOrTx): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from ${applications} where status in ${AWAITING_DECISION_IN} and not review_complete`);
  return Number(rows[0]?.n ?? 0);
}

async function remaining(db: Db): Promise<number> {
  const cached = remainingCounts.get(db);
  if (cached instanceof Promise) return cached;
  if (cached && Date.now() - cached.at < REMAINING_TTL_MS) return cached.value;
  // Callers that arrive while it is being counted share the one count.
  const counting = countRemaining(db).then(
    (value) => {
      remainingCounts.set(db, { value, at: Date.now() });
      return value;
    },
    (err: unknown) => {
      remainingCounts.delete(db);
      throw err;
    },
  );
  remainingCounts.set(db, counting);
  return counting;
}

/** This instance's change to the queue: an application left it (-1) or came back (+1). */
export function adjustRemaining(db: Db, delta: number): void {
  const cached = remainingCounts.get(db);
  if (delta !== 0 && cached && !(cached instanceof Promise)) {
    remainingCounts.set(db, { value: Math.max(0, cached.value + delta), at: cached.at });
  }
}

/** After a change to k or the threshold, the next progress line counts afresh. */
export function forgetRemaining(db: Db): void {
  remainingCounts.delete(db);
}

/** The progress line when the reviewer's own count came with another query. */
export async function progressWith(db: Db, reviewed: number): Promise<ReviewProgress> {
  return { reviewed, remaining: await remaining(db) };
}

/** The reviewer's count of reviews, and how many applications still need one from anyone. */
export async function progressOf(db: Db, reviewerId: string): Promise<ReviewProgress> {
  const [[mine], left] = await Promise.all([
    db.select({ n: count() }).from(reviews).where(eq(reviews.reviewerId, reviewerId)),
    remaining(db),
  ]);
  return { reviewed: mine?.n ?? 0, remaining: left };
}
