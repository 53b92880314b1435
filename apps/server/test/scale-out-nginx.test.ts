/**
 * Two production instances on one PostgreSQL and one S3 bucket behind Debian's nginx, configured
 * from the shipped deploy/nginx/lanyard.conf (test/nginx.ts), as the README's production layout
 * runs them: what must also hold once a proxy is in the way (issue 22). behind-nginx.test.ts
 * covers client addresses and slow clients in depth; this file checks uploads, live check-in, the
 * address once, and a rolling restart. Takes about 35 s, most of it the two restarts.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { HACKER_RESUME_MAX_BYTES } from '@lanyard/shared/constants';
import { pdfBytes } from './applicant';
import { dropTestDatabase } from './drop-database';
import { GOOD_PASSWORD, markVerified, uniqueEmail } from './helper';
import { ensureNginx, startNginx, type Nginx } from './nginx';
import { startS3Peer, type S3Peer } from './s3';
import { ensureBuilt, sleep, startServer, stopServer, waitReady, type ServerProcess } from './server-process';
import { openSse } from './sse';

const ADMIN_EMAIL = 'nginx-admin@example.org';
const ADMIN_PASSWORD = 'Quartz-Meadow-Lantern-8';
// 127.0.0.1 is nginx's own address, the one the instances trust; this one stands for a client.
const CLIENT = '127.0.0.2';

let adminUrl: string;
let dbName: string;
let pool: pg.Pool;
let s3: S3Peer;
let nginx: Nginx;
let shared: Record<string, string>;
/** The two instances; a restart replaces its entry with the new process on the same port. */
const servers: ServerProcess[] = [];
const dataDirs: string[] = [];

beforeAll(async () => {
  // First, so a fresh machine's apt install is not charged to a test's time.
  ensureNginx();
  ensureBuilt();
  adminUrl = inject('adminDatabaseUrl');
  dbName = `nginx_scale_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName} template ${inject('templateDatabase')}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  s3 = await startS3Peer();
  shared = {
    DATABASE_URL: url.toString(),
    SESSION_SECRET: crypto.randomBytes(32).toString('base64url'),
    TRUST_PROXY: '127.0.0.1',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    ...s3.env,
  };
  for (let i = 0; i < 2; i++) dataDirs.push(fs.mkdtempSync(path.join(os.tmpdir(), 'lanyard-nginx-scale-')));
  servers.push(...(await Promise.all(dataDirs.map((dir) => startServer({ ...shared, DATA_DIR: dir })))));
  await Promise.all(servers.map((s) => waitReady(s)));
  nginx = await startNginx(servers.map((s) => s.port));
}, 180_000);

afterAll(async () => {
  await nginx?.stop();
  const exits = await Promise.allSettled(servers.map((s) => stopServer(s)));
  await pool?.end();
  await s3?.close();
  if (dbName) await dropTestDatabase(adminUrl, dbName);
  for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
  for (const e of exits) if (e.status === 'rejected') throw e.reason;
}, 60_000);

interface Call {
  status: number;
  body: Record<string, unknown> | undefined;
  raw: Buffer;
  headers: Headers;
}

/** A request to `base` (nginx unless told otherwise). */
async function call(
  method: string,
  pathname: string,
  opts: { token?: string; json?: unknown; form?: FormData; base?: string } = {},
): Promise<Call> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${opts.base ?? nginx.url}${pathname}`, {
    method,
    headers,
    body: opts.form ?? (opts.json === undefined ? undefined : JSON.stringify(opts.json)),
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  });
  const raw = Buffer.from(await res.arrayBuffer());
  const json = res.headers.get('content-type')?.startsWith('application/json');
  return {
    status: res.status,
    body: json ? (JSON.parse(raw.toString('utf8')) as Record<string, unknown>) : undefined,
    raw,
    headers: res.headers,
  };
}

async function register(): Promise<{ token: string; email: string }> {
  const email = uniqueEmail('nginx-scale');
  const res = await call('POST', '/api/auth/register', {
    json: { email, password: GOOD_PASSWORD, role: 'hacker' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { token: res.body!.access_token as string, email };
}

function resumeForm(bytes: Buffer): FormData {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'resume.pdf');
  return form;
}

/** A JSON POST to nginx from `from` (node:http, because fetch cannot pick its local address). */
function postFrom(
  from: string,
  pathname: string,
  body: unknown,
  forwardedFor: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request(
      `${nginx.url}${pathname}`,
      {
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
          'x-forwarded-for': forwardedFor,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

describe('two instances behind nginx (deploy/nginx/lanyard.conf)', () => {
  it('takes a resume of the largest size allowed (10 MB) and hands it back; a byte more is a clean 413', async () => {
    const user = await register();
    await markVerified(pool, user.email);
    const resume = pdfBytes(HACKER_RESUME_MAX_BYTES);
    const upload = await call('POST', '/api/upload/resume', { token: user.token, form: resumeForm(resume) });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    expect(upload.body).toMatchObject({ size: HACKER_RESUME_MAX_BYTES, content_type: 'application/pdf' });

    // Back through nginx, from whichever instance it picks: the file is in the bucket.
    const link = await call('GET', upload.body!.file_url as string, { token: user.token });
    expect(link.status).toBe(303);
    const download = await call('GET', link.headers.get('location')!);
    expect(download.status).toBe(200);
    expect(download.raw.equals(resume)).toBe(true);

    // With request bodies streamed through, the instance's 413 must reach the client whole.
    const over = await call('POST', '/api/upload/resume', {
      token: user.token,
      form: resumeForm(pdfBytes(HACKER_RESUME_MAX_BYTES + 1)),
    });
    expect(over.status, over.raw.toString('utf8')).toBe(413);
    expect(over.body).toMatchObject({ code: 'payload_too_large' });

    // Past client_max_body_size nginx answers itself, before any instance is bothered.
    const huge = await call('POST', '/api/upload/resume', {
      token: user.token,
      form: resumeForm(pdfBytes(13 * 1024 * 1024)),
    });
    expect(huge.status).toBe(413);
    expect(huge.raw.toString('utf8')).toMatch(/413 Request Entity Too Large.*nginx/s);
  });

  it('streams a check-in made on either instance to a desk connected through nginx within seconds', async () => {
    const login = await call('POST', '/api/auth/admin/login', {
      json: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(login.status).toBe(200);
    const token = login.body!.access_token as string;
    const desk = await openSse(`${nginx.url}/api/checkin/events`, { authorization: `Bearer ${token}` });
    try {
      expect(desk.res.status).toBe(200);
      // These few bytes are all the server has sent yet: a buffering proxy would hold them back.
      await desk.nextMessage((m) => m.startsWith('retry:'), 5_000);
      // The stream is on one of the two; a change on each, so one comes from the other instance.
      for (const server of servers) {
        const created = await call('POST', '/api/checkin/records', {
          base: server.url,
          token,
          json: {
            firstName: 'Walk',
            lastName: 'In',
            email: uniqueEmail('walkin'),
            phone: '+1 555 010 2030',
            school_name: 'Riverside University',
            role: 'hacker',
          },
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const id = created.body!._id as string;
        const event = await desk.nextMessage((m) => m.includes(`"record_id":"${id}"`), 5_000);
        expect(event).toMatch(/^event: checkin\n/);
      }
    } finally {
      desk.controller.abort();
    }
  });

  it('counts a wrong password against the address nginx saw, not the X-Forwarded-For the client wrote', async () => {
    const email = (await register()).email;
    const res = await postFrom(CLIENT, '/api/auth/login', { email, password: 'Wrong-Guess-1' }, '10.77.0.1');
    expect(res.status, res.body).toBe(401);
    const { rows } = await pool.query<{ key: string }>(
      `select key from rate_limits where key like 'login:ip-email:%' and key like $1`,
      [`%:${email}`],
    );
    expect(rows.map((r) => r.key)).toEqual([`login:ip-email:${CLIENT}:${email}`]);
  });

  it('restarts A, then B, under steady traffic of reads and POSTs without one 5xx or connection error', async () => {
    const user = await register();
    // The POSTs matter: nginx passes a POST it has sent on to another instance only as the shipped
    // config says (non_idempotent). Without it, a POST on a connection the stopping instance resets
    // unread (one it closes idle, or one still queued as it stops listening) was a 502, or a 503
    // when it reached a closing instance; about one run in three here caught one.
    const requests = [
      { method: 'GET', pathname: '/api/readyz', status: 200 },
      { method: 'POST', pathname: '/api/applications/me/celebrated', status: 404 },
      { method: 'GET', pathname: '/api/auth/me', status: 200 },
      { method: 'GET', pathname: '/api/event', status: 200 },
    ];
    let total = 0;
    const bad: string[] = [];
    let running = true;
    // Paced, so a loaded machine still has the CPU to stop and start instances.
    const loop = async (i: number) => {
      for (let n = 0; running; n++) {
        const { method, pathname, status } = requests[(i + n) % requests.length]!;
        try {
          const res = await fetch(`${nginx.url}${pathname}`, {
            method,
            headers: {
              authorization: `Bearer ${user.token}`,
              ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
            },
            body: method === 'POST' ? '{}' : undefined,
            signal: AbortSignal.timeout(20_000),
          });
          const text = await res.text();
          total++;
          if (res.status !== status) bad.push(`${res.status} ${method} ${pathname}: ${text.slice(0, 200)}`);
        } catch (err) {
          bad.push(`${method} ${pathname}: ${String(err)}`);
        }
        await sleep(10);
      }
    };
    const loops = Array.from({ length: 8 }, (_, i) => loop(i));
    // The instance that answered each request since line `from` of the access log (a retried
    // request lists every instance it tried; the last one answered).
    const answeredSince = (from: number) =>
      nginx
        .accessLog()
        .slice(from)
        .map((line) => /^\S+ (.+) \d{3} "/.exec(line)?.[1]?.split(', ').pop());
    let restartedAt = 0;
    try {
      await sleep(500);
      for (let i = 0; i < servers.length; i++) {
        const old = servers[i]!;
        expect(await stopServer(old), old.output()).toEqual({ code: 0, signal: null });
        await sleep(1000);
        // startServer picks a free port; PORT in env overrides it, so this takes the old one back.
        const fresh = await startServer({ ...shared, DATA_DIR: dataDirs[i]!, PORT: String(old.port) });
        servers[i] = { ...fresh, port: old.port, url: old.url };
        await waitReady(servers[i]!);
        restartedAt = nginx.accessLog().length;
      }
      // Traffic goes on until both new processes have answered some of it.
      const both = servers.map((x) => `127.0.0.1:${x.port}`);
      for (let t = 0; t < 150 && !both.every((u) => answeredSince(restartedAt).includes(u)); t++) {
        await sleep(100);
      }
    } finally {
      running = false;
      await Promise.all(loops);
    }
    const upstreamErrors = nginx
      .errorLog()
      .split('\n')
      .filter((line) => /\[(error|warn)\]/.test(line) && !line.includes('Connection refused'))
      .slice(-5)
      .join('\n');
    expect(
      bad.slice(0, 20),
      `${bad.length} of ${total} requests failed; nginx said:\n${upstreamErrors}`,
    ).toEqual([]);
    expect(total).toBeGreaterThan(100);
    // Both new processes took their share again, so the traffic did cross each restart.
    expect(new Set(answeredSince(restartedAt))).toEqual(new Set(servers.map((x) => `127.0.0.1:${x.port}`)));
  }, 90_000);
});
