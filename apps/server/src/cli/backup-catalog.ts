/**
 * What backup and restore read of the database's own catalogue: its tables and their columns, the
 * migrations applied, and the order in which a restore copies the tables in.
 */
import type pg from 'pg';

export const SCHEMA = 'public';

export class BackupError extends Error {}

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function tablesOf(client: pg.PoolClient): Promise<{ name: string; columns: string[] }[]> {
  const { rows } = await client.query<{ name: string; columns: string[] }>(
    `select c.relname as name,
            array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where n.nspname = $1 and c.relkind in ('r', 'p')
      group by c.relname
      order by c.relname`,
    [SCHEMA],
  );
  return rows;
}

export async function appliedMigrations(
  client: pg.PoolClient,
): Promise<{ hash: string; created_at: string }[]> {
  const { rows } = await client.query<{ hash: string; created_at: string }>(
    'select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at, id',
  );
  return rows;
}

/**
 * Tables a trigger of another table writes, restored before it: the triggers on applications write
 * each answer's key into application_answer_keys (migration 0039), skipping a key already there,
 * so the backup's own rows go in first. The other way round, the copy of the keys would collide
 * with the keys the applications' triggers had just written.
 */
const WRITTEN_BY_TRIGGERS: Record<string, readonly string[]> = {
  applications: ['application_answer_keys'],
};

/**
 * Tables in an order where every foreign key points at a table that comes earlier, and every table
 * a trigger writes (WRITTEN_BY_TRIGGERS) comes before the table whose trigger writes it.
 */
export async function restoreOrder(client: pg.PoolClient, names: string[]): Promise<string[]> {
  const { rows } = await client.query<{ child: string; parent: string }>(
    `select ch.relname as child, pa.relname as parent
       from pg_constraint k
       join pg_class ch on ch.oid = k.conrelid
       join pg_class pa on pa.oid = k.confrelid
       join pg_namespace n on n.oid = ch.relnamespace
      where k.contype = 'f' and n.nspname = $1 and ch.oid <> pa.oid`,
    [SCHEMA],
  );
  const parents = new Map<string, Set<string>>(names.map((n) => [n, new Set<string>()]));
  for (const r of rows) parents.get(r.child)?.add(r.parent);
  for (const [table, written] of Object.entries(WRITTEN_BY_TRIGGERS))
    for (const w of written) parents.get(table)?.add(w);
  const ordered: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') throw new BackupError(`Foreign keys form a cycle at table ${name}.`);
    state.set(name, 'visiting');
    for (const p of parents.get(name) ?? []) if (parents.has(p)) visit(p);
    state.set(name, 'done');
    ordered.push(name);
  };
  for (const n of [...names].sort()) visit(n);
  return ordered;
}
