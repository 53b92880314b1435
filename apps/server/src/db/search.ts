import { count, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

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
