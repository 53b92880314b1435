import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import { createDatabase, type Database } from '../src/db/client';
import { upsertAdmin } from '../src/modules/auth/service';
import { dropTestDatabase } from './drop-database';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  databaseUrl: string;
  close(): Promise<void>;
}

/** A fresh database cloned from the migrated template, and an app on it (called through app.inject). */
export async function createTestContext(
  env: Record<string, string> = {},
  /** Settings no environment variable reaches (e.g. shorter timeouts). */
  adjust: (config: AppConfig) => AppConfig = (config) => config,
): Promise<TestContext> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('templateDatabase')}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanyard-test-data-'));
  const config = adjust({
    ...loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
      PUBLIC_URL: 'http://localhost:3000',
      LOG_LEVEL: 'silent',
      ...env,
    }),
    // Review scores as they are now, unless a test asks for the kept snapshot's tolerance.
    reviewScoresMaxAgeMs: 0,
  });
  const database = createDatabase(databaseUrl, { max: 5 });
  const app = await buildApp({ config, db: database.db, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    databaseUrl,
    async close() {
      await app.close();
      await database.close();
      await dropTestDatabase(adminUrl, name);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A unique address per call, so tests never collide. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}.${crypto.randomBytes(3).toString('hex')}@example.org`;
}

export const GOOD_PASSWORD = 'Tangerine-Lantern-42';

export async function registerUser(
  app: FastifyInstance,
  opts: { email?: string; password?: string; role?: 'hacker' | 'mentor'; remoteAddress?: string } = {},
): Promise<{ token: string; email: string; id: string; cookie: string }> {
  const email = opts.email ?? uniqueEmail();
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password: opts.password ?? GOOD_PASSWORD, role: opts.role ?? 'hacker' },
    // Register is rate limited per IP (60 per 10 min): callers that make many accounts spread them.
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { access_token: string; user: { id: string } };
  const setCookie = String(res.headers['set-cookie']);
  return { token: body.access_token, email, id: body.user.id, cookie: setCookie.split(';')[0]! };
}

/**
 * Marks an address verified, as its mailed link would: for accounts made through the register
 * route that then submit (submitting needs a verified address). The link itself is tested in
 * auth.test.ts and applications.test.ts.
 */
export async function markVerified(pool: Pick<pg.Pool, 'query'>, email: string): Promise<void> {
  const res = await pool.query('update users set email_verified_at = now() where email = $1', [email]);
  if (res.rowCount !== 1) throw new Error(`no user ${email} to verify`);
}

export async function createAdmin(
  ctx: TestContext,
  email = uniqueEmail('admin'),
  password = GOOD_PASSWORD,
): Promise<{ token: string; email: string }> {
  await upsertAdmin(ctx.database.db, email, password);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/admin/login',
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.statusCode} ${res.body}`);
  return { token: (res.json() as { access_token: string }).access_token, email };
}

export function bearer(token: string): InjectOptions['headers'] {
  return { authorization: `Bearer ${token}` };
}

/** A random address in 10.0.0.0/8, so rate-limit counters (per IP) of different tests never meet. */
export function randomIp(): string {
  const b = crypto.randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export interface OutboxRow {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  kind: string;
  status: string;
  attempts: number;
}

/** Outbox rows for one address (and kind), oldest first. */
export async function outboxFor(ctx: TestContext, to: string, kind?: string): Promise<OutboxRow[]> {
  const { rows } = await ctx.database.pool.query<OutboxRow>(
    `select id, to_address, subject, text_body, kind, status, attempts from email_outbox
      where to_address = $1 and ($2::text is null or kind = $2) order by created_at, id`,
    [to, kind ?? null],
  );
  return rows;
}
