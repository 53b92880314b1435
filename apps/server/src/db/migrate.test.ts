import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { dropTestDatabase } from '../../test/drop-database';
import { createTestContext, type TestContext } from '../../test/helper';
import { audit } from '../lib/audit';
import { migrationsDir } from '../paths';
import { runMigrations } from './migrate';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const migrationFiles = fs.readdirSync(migrationsDir).filter((f) => f.endsWith('.sql'));
const journal = JSON.parse(fs.readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
  entries: unknown[];
};

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Everything a migration could change, as one comparable value. */
async function fingerprint(url: string) {
  return withClient(url, async (c) => {
    const q = async (sql: string) => (await c.query(sql)).rows;
    return {
      columns: await q(`select table_schema, table_name, column_name, data_type, is_nullable, column_default
                          from information_schema.columns where table_schema in ('public', 'drizzle')
                         order by 1, 2, 3`),
      indexes: await q(`select schemaname, tablename, indexname, indexdef from pg_indexes
                         where schemaname in ('public', 'drizzle') order by 1, 2, 3`),
      triggers: await q(
        `select tgname, tgrelid::regclass::text as rel from pg_trigger where not tgisinternal order by 1`,
      ),
      types: await q(`select t.typname, string_agg(e.enumlabel, ',' order by e.enumsortorder) as labels
                        from pg_type t join pg_enum e on e.enumtypid = t.oid group by 1 order by 1`),
      migrations: await q(`select id, hash, created_at from drizzle.__drizzle_migrations order by id`),
      settings: await q(`select to_jsonb(s) - 'updated_at' as row from settings s`),
    };
  });
}

describe('runMigrations', () => {
  it('has one journal entry per migration file', () => {
    expect(migrationFiles.length).toBeGreaterThan(0);
    expect(journal.entries).toHaveLength(migrationFiles.length);
  });

  it('changes nothing when run again on a migrated database', async () => {
    const before = await fingerprint(ctx.databaseUrl);
    expect(before.migrations).toHaveLength(migrationFiles.length);
    expect(before.columns.length).toBeGreaterThan(50);
    await runMigrations(ctx.databaseUrl);
    await runMigrations(ctx.databaseUrl);
    expect(await fingerprint(ctx.databaseUrl)).toEqual(before);
  });

  it('two instances starting at once on an empty database both succeed and apply each migration once', async () => {
    const adminUrl = inject('adminDatabaseUrl');
    const name = `t_fresh_${crypto.randomBytes(5).toString('hex')}`;
    await withClient(adminUrl, (c) => c.query(`create database ${name}`));
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const freshUrl = url.toString();
    try {
      const outcomes = await Promise.allSettled([
        runMigrations(freshUrl),
        runMigrations(freshUrl),
        runMigrations(freshUrl),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const fresh = await fingerprint(freshUrl);
      expect(fresh.migrations).toHaveLength(migrationFiles.length);
      expect(fresh.settings).toHaveLength(1);
      // The same schema as the template every other test runs on.
      const template = await fingerprint(ctx.databaseUrl);
      const strip = (f: typeof fresh) => ({ ...f, migrations: f.migrations.map((m) => m.hash) });
      expect(strip(fresh)).toEqual(strip(template));
    } finally {
      await dropTestDatabase(adminUrl, name);
    }
  });
});

describe('audit_log', () => {
  it('is append-only: rows can be added, never changed or removed', async () => {
    await audit(
      ctx.database.db,
      { id: null, email: 'admin@example.org', ip: '10.0.0.1' },
      {
        action: 'application.decide',
        targetType: 'application',
        targetId: 'x',
        before: { a: 1 },
        after: { a: 2 },
      },
    );
    const { rows } = await ctx.database.pool.query('select action, before, after from audit_log');
    expect(rows).toEqual([{ action: 'application.decide', before: { a: 1 }, after: { a: 2 } }]);

    await expect(ctx.database.pool.query(`update audit_log set action = 'forged'`)).rejects.toThrow(
      /append-only/,
    );
    await expect(ctx.database.pool.query('delete from audit_log')).rejects.toThrow(/append-only/);
    const after = await ctx.database.pool.query('select action from audit_log');
    expect(after.rows).toEqual([{ action: 'application.decide' }]);
  });
});
