/**
 * A snapshot of everything stored: every table's rows (each as a count and a digest) and every file
 * in the data directory. The property tests take one before and one after each request.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TestContext } from '../helper';

/**
 * Stored state that changes without any request being accepted, by design, and so is left out:
 * - rate_limits: every attempt is counted, refused ones above all (that is how guessing is slowed);
 *   the harness also empties it before each run so limits never hide the code behind them.
 * - sessions.last_seen_at: refreshed when a session is used (at most every 5 minutes), even by a
 *   request that is then refused; the harness creates each run's session before the snapshot.
 * - __drizzle_migrations: not touched by requests; left out because it is not application data.
 */
const EXCLUDED_TABLES = new Set(['rate_limits', '__drizzle_migrations']);
const EXCLUDED_COLUMNS: Record<string, readonly string[]> = { sessions: ['last_seen_at'] };

let snapshotSql: string | undefined;

async function buildSnapshotSql(ctx: TestContext): Promise<string> {
  const { rows } = await ctx.database.pool.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
      where table_schema = 'public' order by table_name, ordinal_position`,
  );
  const tables = new Map<string, string[]>();
  for (const r of rows) {
    if (EXCLUDED_TABLES.has(r.table_name) || EXCLUDED_COLUMNS[r.table_name]?.includes(r.column_name))
      continue;
    tables.set(r.table_name, [...(tables.get(r.table_name) ?? []), r.column_name]);
  }
  // One md5 per table over every row's text, ordered, so a difference names its table.
  return [...tables]
    .map(
      ([table, columns]) =>
        `select '${table}' as t, count(*)::int as n, coalesce(md5(string_agg(r::text, E'\\n' order by r::text)), '') as h
           from (select ${columns.map((c) => `"${c}"`).join(', ')} from "${table}") r`,
    )
    .join(' union all ');
}

function listFiles(dir: string, prefix = ''): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = path.join(prefix, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(path.join(dir, entry.name), rel));
    else out.push(`${rel} ${fs.statSync(path.join(dir, entry.name)).size}`);
  }
  return out.sort();
}

export interface Snapshot {
  tables: Record<string, string>;
  files: string[];
}

/** Every row of every table (but the exclusions above) and every file in the data directory. */
export async function snapshot(ctx: TestContext): Promise<Snapshot> {
  snapshotSql ??= await buildSnapshotSql(ctx);
  // Named: each connection plans this union of every table once, not on every call.
  const { rows } = await ctx.database.pool.query<{ t: string; n: number; h: string }>({
    name: 'security-snapshot',
    text: snapshotSql,
  });
  return {
    tables: Object.fromEntries(rows.map((r) => [r.t, `${r.n}:${r.h}`])),
    files: listFiles(ctx.config.dataDir),
  };
}
