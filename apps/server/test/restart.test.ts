import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cleanUp,
  ensureBuilt,
  killServer,
  makeDataDir,
  postgresFor,
  startServer,
  stopServer,
  waitReady,
  withTimeout,
  type ServerProcess,
} from './server-process';

/**
 * The production entry point (dist/server.js) as an operator runs it: its own embedded PostgreSQL
 * in DATA_DIR, stopped with SIGTERM, killed with SIGKILL, and started again on the same data.
 */

const TIMEOUT = 120_000;
const PASSWORD = 'Tangerine-Lantern-42';
const ADMIN_EMAIL = 'root-admin@example.org';
const ADMIN_PASSWORD = 'Quartz-Meadow-Lantern-8';

function start(dataDir: string, extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
  return startServer({ DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, ...extraEnv });
}

async function post(server: ServerProcess, url: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function signIn(server: ServerProcess, email: string, password = PASSWORD): Promise<number> {
  return (await post(server, '/api/auth/login', { email, password })).status;
}

let dataDir: string;
beforeAll(() => {
  ensureBuilt();
  dataDir = makeDataDir('restart');
}, TIMEOUT);

// Kills what a test that failed half-way left running: the servers and their PostgreSQL.
afterAll(() => cleanUp(dataDir ? [dataDir] : []), TIMEOUT);

describe('the production server', () => {
  it(
    'survives SIGTERM and SIGKILL on the same data directory, keeping its data',
    async () => {
      const email = `restart.${Date.now().toString(36)}@example.org`;

      // First start: a new data directory is initialised, the admin is created.
      const first = await start(dataDir);
      await waitReady(first);
      const register = await post(first, '/api/auth/register', { email, password: PASSWORD });
      expect(register.status).toBe(201);
      expect(await signIn(first, email)).toBe(200);
      expect(
        (await post(first, '/api/auth/admin/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status,
      ).toBe(200);

      // A second server on the same data directory refuses to start while the first runs.
      const intruder = await start(dataDir);
      const intruderExit = await withTimeout(intruder.exited, 30_000, 'the second server');
      expect(intruderExit.code).not.toBe(0);
      expect(intruderExit.code).not.toBeNull();
      expect(intruder.output()).toContain('already running');
      // ... and did not disturb the first.
      expect(await signIn(first, email)).toBe(200);

      // SIGTERM: a clean exit (0), PostgreSQL stopped with it.
      expect(await stopServer(first)).toEqual({ code: 0, signal: null });
      expect(postgresFor(dataDir)).toEqual([]);
      expect(fs.existsSync(path.join(dataDir, 'lanyard.pid'))).toBe(false);

      // Second start on the same data: the account is there.
      const second = await start(dataDir);
      await waitReady(second);
      expect(await signIn(second, email)).toBe(200);
      expect(await signIn(second, email, 'Wrong-Password-1')).toBe(401);

      // SIGKILL: no chance to clean up; PostgreSQL is left running as an orphan.
      expect(await killServer(second)).toEqual({ code: null, signal: 'SIGKILL' });
      expect(postgresFor(dataDir).length).toBeGreaterThan(0);

      // Third start recovers by itself: the orphan is stopped, the data is intact.
      const third = await start(dataDir);
      await waitReady(third);
      expect(await signIn(third, email)).toBe(200);
      expect(
        (await post(third, '/api/auth/admin/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status,
      ).toBe(200);
      expect(postgresFor(dataDir)).toHaveLength(1);

      expect(await stopServer(third)).toEqual({ code: 0, signal: null });
      expect(postgresFor(dataDir)).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'refuses to start with a default session secret, saying why',
    async () => {
      const dir = makeDataDir('badconfig');
      try {
        const server = await start(dir, { SESSION_SECRET: 'changeme' });
        const exit = await withTimeout(server.exited, 30_000, 'a misconfigured start');
        expect(exit.code).toBe(1);
        expect(server.output()).toMatch(/cannot start: .*SESSION_SECRET/s);
        expect(fs.existsSync(path.join(dir, 'postgres'))).toBe(false);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    TIMEOUT,
  );
});
