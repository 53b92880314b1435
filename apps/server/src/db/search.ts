import { count, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './client';

/**
 * LIKE/ILIKE pattern for "contains", with the user's own `%` and `_` taken literally: a search for
 * "100%" must not match every row that starts with "100". PostgreSQL's default escape is `\`.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * How many rows of `table` match `where`, counting no further than `upTo + 1`: a list's bounded
 * total ("10,000+"), whose cost stops with the bound however many rows match.
 */
export async function countUpTo(db: DbOrTx, table: PgTable, where: SQL | undefined, upTo: number) {
  const matching = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(upTo + 1)
    .as('matching');
  const [row] = await db.select({ n: count() }).from(matching);
  return row?.n ?? 0;
}

/** How long a table's size as the planner knows it is reused: it moves with ANALYZE, not per row. */
const SIZE_TTL_MS = 30_000;
const sizes = new WeakMap<Db, Map<string, { rows: number; at: number }>>();

/**
 * About how many rows a table holds: pg_class.reltuples, the planner's own estimate, which a search
 * uses to choose between sorting its matches and walking the list order. Read at most every
 * SIZE_TTL_MS: a statement of its own on every search cost a round trip.
 */
export async function estimatedRows(db: Db, table: 'applications' | 'checkin_records'): Promise<number> {
  let known = sizes.get(db);
  if (!known) sizes.set(db, (known = new Map()));
  let size = known.get(table);
  if (!size || Date.now() - size.at > SIZE_TTL_MS) {
    const read = await db.execute<{ rows: number }>(
      sql`select reltuples::float8 as rows from pg_class where oid = ${table}::regclass`,
    );
    size = { rows: Math.max(0, read.rows[0]?.rows ?? 0), at: Date.now() };
    known.set(table, size);
  }
  return size.rows;
}
