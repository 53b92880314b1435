import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { errors } from '../errors';

export interface Limit {
  /** What is counted, e.g. `login:ip:1.2.3.4`. */
  key: string;
  max: number;
  windowSeconds: number;
  /** What the 429 says, when the generic "Too many attempts" would not tell people what to do. */
  message?: string;
}

/** Longer keys are hashed: a key holds request text (an e-mail) and must fit a btree index row. */
const MAX_KEY_LENGTH = 128;

/**
 * The key as stored: short keys stay readable, longer ones become their prefix (`login:account`)
 * and a SHA-256 of the whole, so a hostile value can neither overflow the index nor collide.
 */
export function storedKey(key: string): string {
  if (key.length <= MAX_KEY_LENGTH) return key;
  const prefix = key.split(':').slice(0, 2).join(':').slice(0, 40);
  return `${prefix}:sha256:${crypto.createHash('sha256').update(key).digest('hex')}`;
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
      insert into rate_limits (key, window_start, count) values (${storedKey(limit.key)}, ${windowStart.toISOString()}, 1)
      on conflict (key, window_start) do update set count = rate_limits.count + 1
      returning count`);
    const count = Number(result.rows[0]?.count ?? 0);
    if (count > limit.max) {
      const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
      throw errors.tooMany(retryAfter, limit.message);
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
      select count from rate_limits where key = ${storedKey(limit.key)} and window_start = ${windowStart.toISOString()}`);
    if (Number(result.rows[0]?.count ?? 0) >= limit.max) {
      const retryAfter = Math.max(
        1,
        Math.ceil((windowStart.getTime() + limit.windowSeconds * 1000 - now.getTime()) / 1000),
      );
      throw errors.tooMany(retryAfter, limit.message);
    }
  }
}

/** Counts a request against the limits (used for failures only, e.g. wrong passwords). */
export async function recordHits(db: Db, limits: Limit[], now = new Date()): Promise<void> {
  for (const limit of limits) {
    await db.execute(sql`
      insert into rate_limits (key, window_start, count) values (${storedKey(limit.key)}, ${windowStartOf(limit, now).toISOString()}, 1)
      on conflict (key, window_start) do update set count = rate_limits.count + 1`);
  }
}

/** Forgets a counter in every window, e.g. an account's failed sign-ins once its owner proved the address. */
export async function clearLimit(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${storedKey(key)}`);
}

export async function pruneRateLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
}
