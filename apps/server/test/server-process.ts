/** The production bundle (dist/server.js) run as a child process, as an operator runs it. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const serverRoot = fileURLToPath(new URL('..', import.meta.url));
export const serverEntry = path.join(serverRoot, 'dist', 'server.js');

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

/** Builds the bundle when it is missing or older than the sources, so a test file stands alone. */
export function ensureBuilt(): void {
  const sources = Math.max(
    newestSource(path.join(serverRoot, 'src')),
    newestSource(path.join(serverRoot, '..', '..', 'packages', 'shared', 'src')),
  );
  if (fs.existsSync(serverEntry) && fs.statSync(serverEntry).mtimeMs >= sources) return;
  execFileSync(process.execPath, ['build.mjs'], { cwd: serverRoot, stdio: 'pipe' });
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  proc: ChildProcess;
  port: number;
  url: string;
  output(): string;
  exited: Promise<Exit>;
}

/** Every server this test file started, so cleanUp can kill what a failed test left running. */
const started: ChildProcess[] = [];

/** The test runner's environment without anything that would configure the server by accident. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) {
    if (
      /^(DATABASE_URL|SESSION_SECRET|SMTP_URL|PUBLIC_URL|EVENT_CONFIG|TRUST_PROXY|MAIL_FROM)$/.test(key) ||
      key.startsWith('VITEST') ||
      key.startsWith('ADMIN_') ||
      key.startsWith('STORAGE') ||
      key.startsWith('S3_') ||
      key.startsWith('AWS_')
    )
      delete env[key];
  }
  return env;
}

/**
 * Starts dist/server.js on a free port with `env` over a clean production environment.
 * `outputLimit` keeps only the last characters of the output, for servers that log for minutes.
 */
export async function startServer(
  env: Record<string, string>,
  { outputLimit = Infinity }: { outputLimit?: number } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const proc = spawn(process.execPath, [serverEntry], {
    cwd: serverRoot,
    env: {
      ...cleanEnv(),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(proc);
  let output = '';
  const append = (c: Buffer) => {
    output += c.toString('utf8');
    if (output.length > outputLimit) output = output.slice(-outputLimit);
  };
  proc.stdout!.on('data', append);
  proc.stderr!.on('data', append);
  const exited = new Promise<Exit>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { proc, port, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

export async function waitReady(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void server.exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the server exited before it was ready:\n${server.output()}`);
    try {
      const res = await fetch(`${server.url}/api/readyz`, { signal: AbortSignal.timeout(5000) });
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    await sleep(100);
  }
  throw new Error(`the server was not ready within ${timeoutMs} ms:\n${server.output()}`);
}

export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
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

/** SIGTERM, then the exit status (SIGKILL if it does not stop within the limit). */
export async function stopServer(server: ServerProcess, ms = 20_000): Promise<Exit> {
  if (server.proc.exitCode !== null || server.proc.signalCode !== null) return server.exited;
  server.proc.kill('SIGTERM');
  try {
    return await withTimeout(server.exited, ms, 'SIGTERM shutdown');
  } catch (err) {
    server.proc.kill('SIGKILL');
    throw err;
  }
}

/** SIGKILL: the server gets no chance to clean up (its PostgreSQL is left running). */
export async function killServer(server: ServerProcess, ms = 10_000): Promise<Exit> {
  server.proc.kill('SIGKILL');
  return withTimeout(server.exited, ms, 'SIGKILL');
}

export function makeDataDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `lanyard-${prefix}-`));
}

/** PIDs of PostgreSQL servers whose data directory is inside dir. */
export function postgresFor(dir: string): number[] {
  const ps = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
  return ps
    .split('\n')
    .filter((line) => /\bpostgres\b/.test(line) && line.includes(`-D ${dir}`))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

/**
 * Kills every server this test file started that still runs, stops the PostgreSQL each data
 * directory holds and removes the directories; only has work to do after a failure half-way.
 */
export async function cleanUp(dirs: string[]): Promise<void> {
  for (const proc of started.splice(0)) {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
  }
  for (const dir of dirs) {
    for (const pid of postgresFor(dir)) {
      try {
        process.kill(pid, 'SIGINT');
      } catch {
        /* already gone */
      }
    }
    for (let i = 0; i < 100 && postgresFor(dir).length; i++) await sleep(100);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
