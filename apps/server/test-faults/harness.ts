/**
 * Shared pieces of the fault tests: the production bundle (dist/server.js) started on its own
 * DATA_DIR, an HTTP client that speaks to it the way a browser would (bearer token, JSON), and
 * clean-up of any PostgreSQL a failed test leaves behind.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { runningEmbeddedUrl } from '../src/db/embedded';
import {
  makeDataDir as makeAnyDataDir,
  sleep,
  startServer as startAnyServer,
  stopServer as stopAnyServer,
  withTimeout,
  type ServerProcess,
} from '../test/server-process';

export { hackerAnswers } from '../test/answers';
export {
  cleanUp,
  freePort,
  killServer,
  serverEntry as entry,
  serverRoot,
  sleep,
  waitReady,
  withTimeout,
  type Exit,
} from '../test/server-process';

export const PASSWORD = 'Tangerine-Lantern-42';
export const ADMIN_EMAIL = 'fault-admin@example.org';
export const ADMIN_PASSWORD = 'Quartz-Meadow-Lantern-8';

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
  return makeAnyDataDir(`fault-${prefix}`);
}

export interface Server extends ServerProcess {
  /** The same as url, the name the fault tests use. */
  base: string;
  /** Where its database is now: DATABASE_URL, or the embedded server running on its DATA_DIR. */
  databaseUrl(): string | undefined;
}

export async function startServer(dataDir: string, extraEnv: Record<string, string> = {}): Promise<Server> {
  const server = await startAnyServer(
    {
      DATA_DIR: dataDir,
      // Each simulated applicant gets its own address, so the per-IP sign-up limit does not interfere.
      TRUST_PROXY: 'loopback',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      ...extraEnv,
    },
    // A server under fault can log for minutes; the end is what a failure message needs.
    { outputLimit: 200_000 },
  );
  return {
    ...server,
    base: server.url,
    databaseUrl: () => extraEnv.DATABASE_URL ?? runningEmbeddedUrl(dataDir),
  };
}

/** A slower limit than the unit tests': a shutdown under load drains uploads and requests first. */
export function stopServer(server: Server, timeoutMs = 40_000) {
  return stopAnyServer(server, timeoutMs);
}

export interface Reply {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

/** The answer, its body parsed when it is JSON. */
async function reply(res: Response): Promise<Reply> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body, text };
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
  return reply(res);
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
  return reply(res);
}

/**
 * Marks an address verified in the database, as opening the mailed link would: submitting needs a
 * verified address, and these tests are about crashes, not mail (the servers run without SMTP).
 */
async function markVerified(server: Server, email: string): Promise<void> {
  const client = new pg.Client({ connectionString: server.databaseUrl() });
  await client.connect();
  try {
    await client.query('update users set email_verified_at = now() where email = $1', [email]);
  } finally {
    await client.end();
  }
}

/** Registers an applicant with a verified address and signs in (a fresh session, as a browser would). */
export async function registerAndSignIn(server: Server, email: string, ip: string): Promise<string> {
  const reg = await call(server, 'POST', '/api/auth/register', { body: { email, password: PASSWORD }, ip });
  if (reg.status !== 201) throw new Error(`register answered ${reg.status}: ${reg.text}`);
  await markVerified(server, email);
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

/** Polls `check` every `everyMs` until it answers true; fails naming `what` after `ms`. */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  { ms = 60_000, everyMs = 50 }: { ms?: number; everyMs?: number } = {},
): Promise<void> {
  await withTimeout(
    (async () => {
      while (!(await check())) await sleep(everyMs);
    })(),
    ms,
    what,
  );
}
