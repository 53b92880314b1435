import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readZip } from './admin';
import { hackerAnswers, pdfBytes } from './applicant';
import { dropTestDatabase } from './drop-database';
import { GOOD_PASSWORD, markVerified, uniqueEmail } from './helper';
import { startS3Peer, type S3Peer } from './s3';
import {
  ensureBuilt,
  serverRoot,
  startServer,
  stopServer,
  waitReady,
  withTimeout,
  type ServerProcess,
} from './server-process';
import { startSmtpPeer, type SmtpPeer } from './smtp';

/**
 * Two production servers on one PostgreSQL and one S3 bucket, each with its own DATA_DIR, started
 * at the same moment on an empty database: what one does, the other sees.
 */

const TIMEOUT = 120_000;
const ADMIN_EMAIL = 'scale-admin@example.org';
const ADMIN_PASSWORD = 'Quartz-Meadow-Lantern-8';

let adminUrl: string;
let dbName: string;
let pool: pg.Pool;
let s3: S3Peer;
let smtp: SmtpPeer;
const dataDirs: string[] = [];
let a: ServerProcess;
let b: ServerProcess;
let shared: Record<string, string>;

beforeAll(async () => {
  ensureBuilt();
  adminUrl = inject('adminDatabaseUrl');
  dbName = `scale_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });

  [s3, smtp] = await Promise.all([startS3Peer(), startSmtpPeer()]);
  shared = {
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: crypto.randomBytes(32).toString('base64url'),
    SMTP_URL: smtp.url,
    EMAIL_RATE_PER_MINUTE: '100000',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    ...s3.env,
  };
  const dir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'lanyard-scale-'));
    dataDirs.push(d);
    return d;
  };
  // Both at once, on a database without a single table.
  [a, b] = await Promise.all([
    startServer({ ...shared, DATA_DIR: dir() }),
    startServer({ ...shared, DATA_DIR: dir() }),
  ]);
  await Promise.all([waitReady(a), waitReady(b)]);
}, TIMEOUT);

afterAll(async () => {
  const exits = await Promise.allSettled([a, b].filter(Boolean).map((s) => stopServer(s)));
  await pool?.end();
  await Promise.allSettled([s3?.close(), smtp?.close()]);
  if (dbName) {
    await dropTestDatabase(adminUrl, dbName);
  }
  for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
  for (const e of exits) if (e.status === 'rejected') throw e.reason;
}, TIMEOUT);

interface Call {
  status: number;
  body: unknown;
  raw: Buffer;
  headers: Headers;
}

async function call(
  server: ServerProcess,
  method: string,
  url: string,
  opts: { token?: string; json?: unknown; form?: FormData } = {},
): Promise<Call> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers,
    body: opts.form ?? (opts.json === undefined ? undefined : JSON.stringify(opts.json)),
    redirect: 'manual',
  });
  const raw = Buffer.from(await res.arrayBuffer());
  let body: unknown = undefined;
  if (res.headers.get('content-type')?.startsWith('application/json'))
    body = JSON.parse(raw.toString('utf8'));
  return { status: res.status, body, raw, headers: res.headers };
}

async function register(
  server: ServerProcess,
  email = uniqueEmail(),
): Promise<{ token: string; email: string }> {
  const res = await call(server, 'POST', '/api/auth/register', {
    json: { email, password: GOOD_PASSWORD, role: 'hacker' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { token: (res.body as { access_token: string }).access_token, email };
}

const adminTokens = new Map<ServerProcess, string>();
/** The admin signed in on that instance (once: sign-ins are rate limited per address). */
async function adminToken(server: ServerProcess): Promise<string> {
  const known = adminTokens.get(server);
  if (known) return known;
  const res = await call(server, 'POST', '/api/auth/admin/login', {
    json: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  expect(res.status).toBe(200);
  const token = (res.body as { access_token: string }).access_token;
  adminTokens.set(server, token);
  return token;
}

/** An open server-sent event stream; `next` resolves with the first check-in event that matches. */
async function openEvents(server: ServerProcess, token: string) {
  const abort = new AbortController();
  const res = await fetch(`${server.url}/api/checkin/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: abort.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: Record<string, unknown>[] = [];
  const pump = async (until: () => boolean): Promise<void> => {
    while (!until()) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the event stream ended');
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^event: checkin\ndata: (.*)$/m.exec(block);
        if (data) events.push(JSON.parse(data[1]!) as Record<string, unknown>);
        if (block.startsWith('retry:')) events.push({ type: 'subscribed' });
      }
    }
  };
  // The server subscribes this stream before it writes the first line.
  await pump(() => events.some((e) => e.type === 'subscribed'));
  return {
    async next(match: (e: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
      await pump(() => events.some(match));
      return events.find(match)!;
    },
    close: () => abort.abort(),
  };
}

describe('two instances on one database and one bucket', () => {
  it('came up together and applied each migration once', async () => {
    const journal = JSON.parse(
      fs.readFileSync(path.join(serverRoot, 'drizzle', 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const { rows } = await pool.query<{ n: number; hashes: number }>(
      'select count(*)::int as n, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations',
    );
    expect(journal.entries.length).toBeGreaterThan(0);
    expect(rows[0]).toEqual({ n: journal.entries.length, hashes: journal.entries.length });
    for (const s of [a, b]) expect((await call(s, 'GET', '/api/readyz')).status).toBe(200);
    // Both were told to create the same admin at start; there is one, and it signs in on either.
    const admins = await pool.query('select id from users where email = $1', [ADMIN_EMAIL]);
    expect(admins.rowCount).toBe(1);
    await adminToken(a);
    await adminToken(b);
  });

  it('shares sessions: made on A, used on B; logged out on B, refused on A', async () => {
    const user = await register(a);
    const onB = await call(b, 'GET', '/api/auth/me', { token: user.token });
    expect(onB.status).toBe(200);
    expect(onB.body).toMatchObject({ user: { email: user.email } });
    expect((await call(b, 'POST', '/api/auth/logout', { token: user.token, json: {} })).status).toBe(200);
    expect((await call(a, 'GET', '/api/auth/me', { token: user.token })).status).toBe(401);
    expect((await call(b, 'GET', '/api/auth/me', { token: user.token })).status).toBe(401);
  });

  // Shared by the resume and QR tests below.
  let applicant: { token: string; email: string; applicationId: string; resume: Buffer };

  it('serves on B, through a link A signed, the resume uploaded through A; B zips it', async () => {
    await pool.query('update settings set application_deadline = null, force_application_open = false');
    const user = await register(a);
    await markVerified(pool, user.email);
    const resume = pdfBytes(700 * 1024);
    const form = new FormData();
    form.append('file', new Blob([resume], { type: 'application/pdf' }), 'Ada CV.pdf');
    const upload = await call(a, 'POST', '/api/upload/resume', { token: user.token, form });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const file = upload.body as { file_url: string; name: string };
    const submitted = await call(a, 'POST', '/api/applications/hacker', {
      token: user.token,
      json: { ...hackerAnswers(), resume_url: file.file_url },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
    const { rows } = await pool.query<{ id: string; storage_key: string }>(
      `select a.id, u.storage_key from applications a join uploads u on u.id = a.resume_upload_id
        join users us on us.id = a.user_id where us.email = $1`,
      [user.email],
    );
    const { id: applicationId, storage_key: key } = rows[0]!;
    applicant = { ...user, applicationId, resume };

    // The file is in the bucket, not in either data directory.
    expect(fs.readdirSync(path.join(s3.directory, s3.bucket), { recursive: true }).join('\n')).toContain(
      path.basename(key),
    );
    for (const d of dataDirs) {
      expect(fs.readdirSync(path.join(d, 'uploads'))).toEqual(['.tmp']);
    }

    const link = await call(a, 'GET', '/api/applications/me/resume-url', { token: user.token });
    expect(link.status).toBe(200);
    const download = await call(b, 'GET', (link.body as { signed_url: string }).signed_url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.raw.equals(resume)).toBe(true);

    const zip = await call(b, 'POST', '/api/export/resumes/zip', {
      token: await adminToken(b),
      json: { application_ids: [applicationId] },
    });
    expect(zip.status).toBe(200);
    const entries = readZip(zip.raw);
    expect(entries.map((e) => e.name)).toEqual([`Lovelace_Ada_${applicationId.slice(0, 8)}.pdf`]);
    expect(entries[0]!.data.equals(resume)).toBe(true);
  });

  it('sends a check-in made on A to a desk connected to B, and back', async () => {
    const [tokenA, tokenB] = await Promise.all([adminToken(a), adminToken(b)]);
    const deskOnB = await openEvents(b, tokenB);
    try {
      const created = await call(a, 'POST', '/api/checkin/records', {
        token: tokenA,
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
      const id = (created.body as { _id: string })._id;
      expect(
        (
          await call(a, 'PUT', `/api/checkin/records/${id}/checkin`, {
            token: tokenA,
            json: { checked_in: true },
          })
        ).status,
      ).toBe(200);
      const event = await deskOnB.next((e) => e.record_id === id && e.type === 'updated');
      expect(event).toMatchObject({ record_id: id, checked_in: true, by: ADMIN_EMAIL });
    } finally {
      deskOnB.close();
    }
  });

  it('accepts on B the QR code A issued, and B’s check-in reaches a desk on A', async () => {
    expect(applicant).toBeDefined();
    await pool.query(`update settings set hacker_decisions_released = true`);
    await pool.query(`update applications set status = 'accepted', rsvp_status = 'accepted' where id = $1`, [
      applicant.applicationId,
    ]);
    const [tokenA, tokenB] = await Promise.all([adminToken(a), adminToken(b)]);
    expect((await call(a, 'POST', '/api/checkin/import-rsvps', { token: tokenA })).status).toBe(200);

    const qr = await call(a, 'GET', '/api/applications/me/qr', { token: applicant.token });
    expect(qr.status, JSON.stringify(qr.body)).toBe(200);
    const token = (qr.body as { token: string }).token;
    const image = await call(b, 'GET', `/api/checkin/qr/${encodeURIComponent(token)}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');

    const scan = await call(b, 'POST', '/api/checkin/scan', { token: tokenB, json: { token } });
    expect(scan.status, JSON.stringify(scan.body)).toBe(200);
    const record = scan.body as { _id: string; application_id: string; email: string; checked_in: boolean };
    expect(record).toMatchObject({
      application_id: applicant.applicationId,
      email: applicant.email,
      checked_in: false,
    });

    const deskOnA = await openEvents(a, tokenA);
    try {
      const done = await call(b, 'PUT', `/api/checkin/records/${record._id}/checkin`, {
        token: tokenB,
        json: { checked_in: true },
      });
      expect(done.status).toBe(200);
      expect(await deskOnA.next((e) => e.record_id === record._id)).toMatchObject({ checked_in: true });
    } finally {
      deskOnA.close();
    }
    // A code forged with another secret opens on neither.
    const forged = `LY1.${crypto.randomBytes(44).toString('base64url')}`;
    expect(
      (await call(b, 'POST', '/api/checkin/scan', { token: tokenB, json: { token: forged } })).status,
    ).toBe(404);
  });

  it('delivers every e-mail queued on either instance exactly once', async () => {
    // More mail from both sides at once: new accounts (verification) and reset requests.
    const users = await Promise.all(
      Array.from({ length: 12 }, (_, i) => register(i % 2 ? a : b, uniqueEmail(`mail${i}`))),
    );
    await Promise.all(
      users.map((u, i) =>
        call(i % 2 ? b : a, 'POST', '/api/auth/password-reset', { json: { email: u.email } }).then((r) =>
          expect(r.status).toBeLessThan(300),
        ),
      ),
    );
    const queued = async () =>
      (
        await pool.query<{ id: string; status: string }>(
          'select id::text, status from email_outbox order by created_at',
        )
      ).rows;
    // Each instance's worker polls every 2 s; wait until nothing is left to send.
    const deadline = Date.now() + 60_000;
    let rows = await queued();
    while (rows.some((r) => r.status !== 'sent') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      rows = await queued();
    }
    expect(rows.filter((r) => r.status !== 'sent')).toEqual([]);
    // The verification and reset mails of this test, at least, and those of the tests before it.
    expect(rows.length).toBeGreaterThanOrEqual(users.length * 2);
    await smtp.waitFor(rows.length);
    const counts = smtp.countsById();
    expect([...counts.keys()].sort()).toEqual(rows.map((r) => `<${r.id}@lanyard>`).sort());
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(smtp.received).toHaveLength(rows.length);
  });

  it('refuses to start on a bucket it cannot use, or without the shared secret, saying why', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanyard-scale-'));
    dataDirs.push(dir);
    const noBucket = await startServer({ ...shared, DATA_DIR: dir, S3_BUCKET: 'no-such-bucket' });
    expect(await withTimeout(noBucket.exited, 30_000, 'a start on a missing bucket')).toEqual({
      code: 1,
      signal: null,
    });
    expect(noBucket.output()).toMatch(
      /cannot start: the S3 bucket no-such-bucket cannot be used: NoSuchBucket/,
    );

    const { SESSION_SECRET: _omitted, ...withoutSecret } = shared;
    const noSecret = await startServer({ ...withoutSecret, DATA_DIR: dir });
    expect((await withTimeout(noSecret.exited, 30_000, 'a start without SESSION_SECRET')).code).toBe(1);
    expect(noSecret.output()).toMatch(/cannot start: S3_BUCKET is set.*set SESSION_SECRET/s);
    expect(fs.existsSync(path.join(dir, 'session-secret'))).toBe(false);
  });
});
