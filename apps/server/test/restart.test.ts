import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The production entry point (dist/server.js) as an operator runs it: its own embedded PostgreSQL
 * in DATA_DIR, stopped with SIGTERM, killed with SIGKILL, and started again on the same data.
 */

const serverRoot = fileURLToPath(new URL('..', import.meta.url));
const entry = path.join(serverRoot, 'dist', 'server.js');
const TIMEOUT = 120_000;
const PASSWORD = 'Tangerine-Lantern-42';
const ADMIN_EMAIL = 'root-admin@example.org';
const ADMIN_PASSWORD = 'Quartz-Meadow-Lantern-8';

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(p));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
      newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds the bundle when it is missing or older than the sources, so this file stands alone. */
function ensureBuilt(): void {
  const sources = Math.max(
    newestSource(path.join(serverRoot, 'src')),
    newestSource(path.join(serverRoot, '..', '..', 'packages', 'shared', 'src')),
  );
  if (fs.existsSync(entry) && fs.statSync(entry).mtimeMs >= sources) return;
  execFileSync(process.execPath, ['build.mjs'], { cwd: serverRoot, stdio: 'pipe' });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

interface Server {
  proc: ChildProcess;
  port: number;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const started: ChildProcess[] = [];

function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) {
    if (
      /^(DATABASE_URL|SESSION_SECRET|SMTP_URL|PUBLIC_URL|EVENT_CONFIG|TRUST_PROXY|MAIL_FROM)$/.test(key) ||
      key.startsWith('VITEST') ||
      key.startsWith('ADMIN_')
    )
      delete env[key];
  }
  return env;
}

async function startServer(dataDir: string, extraEnv: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const proc = spawn(process.execPath, [entry], {
    cwd: serverRoot,
    env: {
      ...baseEnv(),
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(proc);
  let output = '';
  proc.stdout!.on('data', (c: Buffer) => (output += c.toString('utf8')));
  proc.stderr!.on('data', (c: Buffer) => (output += c.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { proc, port, output: () => output, exited };
}

async function waitReady(server: Server, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void server.exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the server exited before it was ready:\n${server.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/api/readyz`);
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server was not ready within ${timeoutMs} ms:\n${server.output()}`);
}

async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function post(server: Server, url: string, body: unknown): Promise<Response> {
  return fetch(`http://127.0.0.1:${server.port}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function signIn(server: Server, email: string, password = PASSWORD): Promise<number> {
  return (await post(server, '/api/auth/login', { email, password })).status;
}

/** PIDs of PostgreSQL servers whose data directory is inside dataDir. */
function postgresFor(dataDir: string): number[] {
  const ps = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
  return ps
    .split('\n')
    .filter((line) => /\bpostgres\b/.test(line) && line.includes(`-D ${dataDir}`))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

async function stop(server: Server): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  server.proc.kill('SIGTERM');
  return withTimeout(server.exited, 20_000, 'SIGTERM shutdown');
}

let dataDir: string;
beforeAll(() => {
  ensureBuilt();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanyard-restart-'));
}, TIMEOUT);

afterAll(async () => {
  for (const proc of started) {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
  }
  // A PostgreSQL this test's servers left behind (only if a test failed half-way).
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (pid && postgresFor(dataDir).includes(pid)) {
      process.kill(pid, 'SIGINT');
      for (let i = 0; i < 100 && postgresFor(dataDir).includes(pid); i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}, TIMEOUT);

describe('the production server', () => {
  it(
    'survives SIGTERM and SIGKILL on the same data directory, keeping its data',
    async () => {
      const email = `restart.${Date.now().toString(36)}@example.org`;

      // First start: a new data directory is initialised, the admin is created.
      const first = await startServer(dataDir);
      await waitReady(first);
      const register = await post(first, '/api/auth/register', { email, password: PASSWORD });
      expect(register.status).toBe(201);
      expect(await signIn(first, email)).toBe(200);
      expect(
        (await post(first, '/api/auth/admin/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status,
      ).toBe(200);

      // A second server on the same data directory refuses to start while the first runs.
      const intruder = await startServer(dataDir);
      const intruderExit = await withTimeout(intruder.exited, 30_000, 'the second server');
      expect(intruderExit.code).not.toBe(0);
      expect(intruderExit.code).not.toBeNull();
      expect(intruder.output()).toContain('already running');
      // ... and did not disturb the first.
      expect(await signIn(first, email)).toBe(200);

      // SIGTERM: a clean exit (0), PostgreSQL stopped with it.
      expect(await stop(first)).toEqual({ code: 0, signal: null });
      expect(postgresFor(dataDir)).toEqual([]);
      expect(fs.existsSync(path.join(dataDir, 'lanyard.pid'))).toBe(false);

      // Second start on the same data: the account is there.
      const second = await startServer(dataDir);
      await waitReady(second);
      expect(await signIn(second, email)).toBe(200);
      expect(await signIn(second, email, 'Wrong-Password-1')).toBe(401);

      // SIGKILL: no chance to clean up; PostgreSQL is left running as an orphan.
      second.proc.kill('SIGKILL');
      expect(await withTimeout(second.exited, 10_000, 'SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
      expect(postgresFor(dataDir).length).toBeGreaterThan(0);

      // Third start recovers by itself: the orphan is stopped, the data is intact.
      const third = await startServer(dataDir);
      await waitReady(third);
      expect(await signIn(third, email)).toBe(200);
      expect(
        (await post(third, '/api/auth/admin/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status,
      ).toBe(200);
      expect(postgresFor(dataDir)).toHaveLength(1);

      expect(await stop(third)).toEqual({ code: 0, signal: null });
      expect(postgresFor(dataDir)).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'refuses to start with a default session secret, saying why',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanyard-badconfig-'));
      try {
        const server = await startServer(dir, { SESSION_SECRET: 'changeme' });
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
