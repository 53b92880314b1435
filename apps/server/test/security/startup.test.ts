/**
 * The production bundle refuses to start on a known default or short
 * SESSION_SECRET, and on an admin bootstrap that is incomplete or weak (ADMIN_PASSWORD without
 * ADMIN_EMAIL, a common password), saying why and exiting non-zero before it listens.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helper';
import { ensureBuilt, startServer, stopServer, withTimeout } from '../server-process';

let ctx: TestContext;
const dirs: string[] = [];

beforeAll(async () => {
  ensureBuilt();
  ctx = await createTestContext();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

async function refusedStart(env: Record<string, string>): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanyard-badconfig-'));
  dirs.push(dataDir);
  const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: ctx.databaseUrl, ...env });
  try {
    const exit = await withTimeout(server.exited, 60_000, 'a start with a bad configuration');
    expect(exit.code, server.output()).not.toBe(0);
    expect(exit.code, server.output()).not.toBeNull();
    // It never served: nothing listens on its port.
    await expect(fetch(`${server.url}/api/healthz`)).rejects.toThrow();
    return server.output();
  } finally {
    await stopServer(server).catch(() => {});
  }
}

describe('production start with a bad configuration', () => {
  it.each(['changeme', 'secret', 'CHANGEME', 'short-but-random-9f3a'])(
    'refuses SESSION_SECRET=%j, naming the variable',
    async (secret) => {
      expect(await refusedStart({ SESSION_SECRET: secret })).toMatch(/SESSION_SECRET is too weak/);
    },
    90_000,
  );

  it('refuses ADMIN_PASSWORD without ADMIN_EMAIL', async () => {
    expect(await refusedStart({ ADMIN_PASSWORD: 'Tangerine-Lantern-42' })).toMatch(/ADMIN_EMAIL/);
  }, 90_000);

  it('refuses a common ADMIN_PASSWORD for the first admin, creating no account', async () => {
    const output = await refusedStart({
      ADMIN_EMAIL: 'first-admin@example.org',
      ADMIN_PASSWORD: 'password123',
    });
    expect(output).toMatch(/ADMIN_PASSWORD was refused/);
    const { rows } = await ctx.database.pool.query(
      "select 1 from users where email = 'first-admin@example.org'",
    );
    expect(rows).toEqual([]);
  }, 90_000);
});
