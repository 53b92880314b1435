import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { errors } from '../errors';

export interface Limit {
  /** What is counted, e.g. `login:ip:1.2.3.4`. */
  key: string;
  max: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters kept in PostgreSQL, so every instance behind a load balancer shares them.
 * Throws 429 with Retry-After when any limit is exceeded.
 */
export async function enforceLimits(db: Db, limits: Limit[], now = new Date()): Promise<void> {
  for (const limit of limits) {
    const windowMs = limit.windowSeconds * 1000;
    const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
    const result = await db.execute<{ count: number }>(sql`
      insert into rate_limits (key, window_start, count) values (${limit.key}, ${windowStart.toISOString()}, 1)
      on conflict (key, window_start) do update set count = rate_limits.count + 1
      returning count`);
    const count = Number(result.rows[0]?.count ?? 0);
    if (count > limit.max) {
      const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
      throw errors.tooMany(retryAfter);
    }
  }
}

function windowStartOf(limit: Limit, now: Date): Date {
  const windowMs = limit.windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/** Throws 429 when a limit is already used up, without counting this request. */
export async function checkLimits(db: Db, limits: Limit[], now = new Date()): Promise<void> {
  for (const limit of limits) {
    const windowStart = windowStartOf(limit, now);
    const result = await db.execute<{ count: number }>(sql`
      select count from rate_limits where key = ${limit.key} and window_start = ${windowStart.toISOString()}`);
    if (Number(result.rows[0]?.count ?? 0) >= limit.max) {
      const retryAfter = Math.max(
        1,
        Math.ceil((windowStart.getTime() + limit.windowSeconds * 1000 - now.getTime()) / 1000),
      );
      throw errors.tooMany(retryAfter);
    }
  }
}

/** Counts a request against the limits (used for failures only, e.g. wrong passwords). */
export async function recordHits(db: Db, limits: Limit[], now = new Date()): Promise<void> {
  for (const limit of limits) {
    await db.execute(sql`
      insert into rate_limits (key, window_start, count) values (${limit.key}, ${windowStartOf(limit, now).toISOString()}, 1)
      on conflict (key, window_start) do update set count = rate_limits.count + 1`);
  }
}

export async function pruneRateLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
}
