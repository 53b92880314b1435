/**
 * Shared pieces of the fault tests: the production bundle (dist/server.js) started on its own
 * DATA_DIR, an HTTP client that speaks to it the way a browser would (bearer token, JSON), and
 * clean-up of any PostgreSQL a failed test leaves behind.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const serverRoot = fileURLToPath(new URL('..', import.meta.url));
export const entry = path.join(serverRoot, 'dist', 'server.js');
export const PASSWORD = 'Tangerine-Lantern-42';
export const ADMIN_EMAIL = 'fault-admin@example.org';
export const ADMIN_PASSWORD = 'Quartz-Meadow-Lantern-8';

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

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

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

export function sha256(bytes: Buffer): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

/** A PDF by its magic bytes with `size` bytes of random filler, so every resume has its own hash. */
export function randomPdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n% lanyard fault test\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, crypto.randomBytes(Math.max(0, size - head.length - tail.length)), tail]);
}

export function makeDataDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `lanyard-fault-${prefix}-`));
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Server {
  proc: ChildProcess;
  port: number;
  base: string;
  output(): string;
  exited: Promise<Exit>;
}

const started: ChildProcess[] = [];

function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) {
    if (
      /^(DATABASE_URL|SESSION_SECRET|SMTP_URL|PUBLIC_URL|EVENT_CONFIG|TRUST_PROXY|MAIL_FROM|STORAGE.*|S3_.*)$/.test(
        key,
      ) ||
      key.startsWith('VITEST') ||
      key.startsWith('ADMIN_')
    )
      delete env[key];
  }
  return env;
}

export async function startServer(dataDir: string, extraEnv: Record<string, string> = {}): Promise<Server> {
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
      // Each simulated applicant gets its own address, so the per-IP sign-up limit does not interfere.
      TRUST_PROXY: 'true',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(proc);
  let output = '';
  proc.stdout!.on('data', (c: Buffer) => (output = (output + c.toString('utf8')).slice(-200_000)));
  proc.stderr!.on('data', (c: Buffer) => (output = (output + c.toString('utf8')).slice(-200_000)));
  const exited = new Promise<Exit>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { proc, port, base: `http://127.0.0.1:${port}`, output: () => output, exited };
}

export async function waitReady(server: Server, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void server.exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the server exited before it was ready:\n${server.output()}`);
    try {
      const res = await fetch(`${server.base}/api/readyz`, { signal: AbortSignal.timeout(5000) });
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    await sleep(100);
  }
  throw new Error(`the server was not ready within ${timeoutMs} ms:\n${server.output()}`);
}

export async function stopServer(server: Server, timeoutMs = 40_000): Promise<Exit> {
  if (server.proc.exitCode === null && server.proc.signalCode === null) server.proc.kill('SIGTERM');
  return withTimeout(server.exited, timeoutMs, 'SIGTERM shutdown');
}

export async function killServer(server: Server): Promise<Exit> {
  server.proc.kill('SIGKILL');
  return withTimeout(server.exited, 10_000, 'SIGKILL');
}

/** PIDs of PostgreSQL servers whose data directory is inside dir. */
export function postgresFor(dir: string): number[] {
  const ps = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
  return ps
    .split('\n')
    .filter((line) => /\bpostgres\b/.test(line) && line.includes(`-D ${dir}`))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

/** Kills what this file started and removes its data; only needed after a failure half-way. */
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

export interface Reply {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

/** A JSON call; the answer body is parsed when it is JSON. Network errors are thrown. */
export async function call(
  server: Server | string,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; ip?: string; timeoutMs?: number } = {},
): Promise<Reply> {
  const base = typeof server === 'string' ? server : server.base;
  const headers: Record<string, string> = {};
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.ip) headers['x-forwarded-for'] = opts.ip;
  const res = await fetch(`${base}${url}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    redirect: 'manual',
    signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body, text };
}

/** A multipart/form-data body with one file in the field "file". */
export function multipartBody(
  name = 'resume.pdf',
  type = 'application/pdf',
): { head: Buffer; tail: Buffer; boundary: string } {
  const boundary = `----lanyard-fault-${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { head, tail, boundary };
}

export async function uploadResume(
  server: Server | string,
  token: string,
  bytes: Buffer,
  ip?: string,
): Promise<Reply> {
  const base = typeof server === 'string' ? server : server.base;
  const { head, tail, boundary } = multipartBody();
  const res = await fetch(`${base}/api/upload/resume`, {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
      ...(ip ? { 'x-forwarded-for': ip } : {}),
    },
    body: Buffer.concat([head, bytes, tail]),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body, text };
}

/** A complete, valid hacker application (an adult, terms accepted). */
export function hackerAnswers(firstName: string): Record<string, unknown> {
  return {
    firstName,
    lastName: 'Fault',
    phone: '+1 (555) 010-2030',
    major: 'Computer Science',
    university: 'Riverside University',
    isHighSchool: false,
    graduationYear: '2027',
    birthDay: 10,
    birthMonth: 12,
    birthYear: 2000,
    travelFrom: 'Boston, MA, United States',
    gender: 'female',
    race: 'white',
    shirtSize: 'm',
    needsVisa: false,
    needsAccommodation: false,
    howDidYouHear: 'A friend',
    dietaryRestrictions: '',
    backgroundQuestion: 'I build things.',
    householdObjectQuestion: 'A kettle.',
    whyAttendQuestion: 'To learn and ship.',
    portfolio: 'https://example.org/fault',
    recruitmentEmails: false,
    termsAccepted: true,
    mlhTermsAccepted: true,
    socialMediaConnection: 'yes',
  };
}

/** Registers an applicant and signs in with the password (a fresh session, as a browser would). */
export async function registerAndSignIn(server: Server | string, email: string, ip: string): Promise<string> {
  const reg = await call(server, 'POST', '/api/auth/register', { body: { email, password: PASSWORD }, ip });
  if (reg.status !== 201) throw new Error(`register answered ${reg.status}: ${reg.text}`);
  const login = await call(server, 'POST', '/api/auth/login', { body: { email, password: PASSWORD }, ip });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${login.text}`);
  return (login.body as { access_token: string }).access_token;
}

/** Downloads a stored file the way the dashboard does: the owner's link, then the signed redirect. */
export async function downloadOwnFile(server: Server, token: string, fileUrl: string): Promise<Buffer> {
  const first = await fetch(`${server.base}${fileUrl}`, {
    headers: { authorization: `Bearer ${token}` },
    redirect: 'manual',
  });
  if (first.status !== 303) throw new Error(`file link answered ${first.status}: ${await first.text()}`);
  const location = first.headers.get('location')!;
  const res = await fetch(new URL(location, server.base));
  if (res.status !== 200) throw new Error(`signed download answered ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}
