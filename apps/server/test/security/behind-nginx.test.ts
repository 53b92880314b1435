/**
 * The client-address and slow-client protections hold behind Debian's nginx, configured from the
 * shipped deploy/nginx/lanyard.conf (test/nginx.ts), in front of two production instances on one
 * PostgreSQL with TRUST_PROXY=127.0.0.1, as the README deploys them. Takes about 30 s: the slow
 * body waits out the server's real 20 s deadline.
 *
 * The client connects from 127.0.0.2. On one machine every address is loopback, and 127.0.0.1 is
 * nginx's own address, the one the instances trust to speak for clients; 127.0.0.2 stands in for a
 * client anywhere else. The last test shows a client that does come from 127.0.0.1.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dropTestDatabase } from '../drop-database';
import { GOOD_PASSWORD, uniqueEmail } from '../helper';
import { ensureNginx, startNginx, type Nginx } from '../nginx';
import {
  ensureBuilt,
  startServer,
  stopServer,
  waitReady,
  withTimeout,
  type ServerProcess,
} from '../server-process';

const CLIENT = '127.0.0.2';

let adminUrl: string;
let dbName: string;
let databaseUrl: string;
let pool: pg.Pool;
let nginx: Nginx;
const servers: ServerProcess[] = [];
const dataDirs: string[] = [];

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanyard-nginx-data-'));
  dataDirs.push(dir);
  return dir;
}

beforeAll(async () => {
  // First, so a fresh machine's apt install is not charged to a test's time.
  ensureNginx();
  ensureBuilt();
  adminUrl = inject('adminDatabaseUrl');
  dbName = `nginx_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName} template ${inject('templateDatabase')}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  databaseUrl = url.toString();
  pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const shared = {
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: crypto.randomBytes(32).toString('base64url'),
    TRUST_PROXY: '127.0.0.1',
  };
  servers.push(
    ...(await Promise.all([
      startServer({ ...shared, DATA_DIR: dataDir() }),
      startServer({ ...shared, DATA_DIR: dataDir() }),
    ])),
  );
  await Promise.all(servers.map((s) => waitReady(s)));
  nginx = await startNginx(servers.map((s) => s.port));
}, 180_000);

afterAll(async () => {
  await nginx?.stop();
  const exits = await Promise.allSettled(servers.map((s) => stopServer(s)));
  await pool?.end();
  if (dbName) {
    await dropTestDatabase(adminUrl, dbName);
  }
  for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
  for (const e of exits) if (e.status === 'rejected') throw e.reason;
}, 60_000);

/** A JSON POST to nginx from `from` (node:http, because fetch cannot pick its local address). */
function post(
  pathname: string,
  body: unknown,
  opts: { from: string; forwardedFor?: string },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request(
      `${nginx.url}${pathname}`,
      {
        method: 'POST',
        localAddress: opts.from,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
          ...(opts.forwardedFor === undefined ? {} : { 'x-forwarded-for': opts.forwardedFor }),
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

async function register(from: string): Promise<string> {
  const email = uniqueEmail('nginx');
  const res = await post('/api/auth/register', { email, password: GOOD_PASSWORD, role: 'hacker' }, { from });
  expect(res.status, res.body).toBe(201);
  return email;
}

/** Ten wrong passwords, each with another forged X-Forwarded-For, then the right one with a new one. */
async function guessTenThenSignIn(email: string, from: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++) {
    const res = await post(
      '/api/auth/login',
      { email, password: `Wrong-Guess-${i}` },
      { from, forwardedFor: `10.99.0.${i + 1}` },
    );
    statuses.push(res.status);
  }
  const last = await post(
    '/api/auth/login',
    { email, password: GOOD_PASSWORD },
    { from, forwardedFor: '10.99.1.1' },
  );
  return [...statuses, last.status];
}

async function loginKeys(email: string): Promise<Array<{ key: string; count: number }>> {
  const { rows } = await pool.query<{ key: string; count: number }>(
    `select key, count from rate_limits where key like 'login:ip-email:%' and key like $1 order by key`,
    [`%:${email}`],
  );
  return rows;
}

async function sessionIp(email: string): Promise<string | null | undefined> {
  const { rows } = await pool.query<{ ip: string | null }>(
    `select s.ip from sessions s join users u on u.id = s.user_id where u.email = $1
      order by s.created_at desc limit 1`,
    [email],
  );
  return rows[0]?.ip;
}

describe('two instances behind nginx (deploy/nginx/lanyard.conf), TRUST_PROXY=127.0.0.1', () => {
  it('ten wrong sign-ins with a rotating forged X-Forwarded-For are followed by 429, counted in PostgreSQL for the address nginx saw, while both instances answer', async () => {
    const email = await register(CLIENT);
    const before = nginx.accessLog().length;
    expect(await guessTenThenSignIn(email, CLIENT)).toEqual([...Array(10).fill(401), 429]);

    // One counter, on the address nginx saw; no forged value became a key.
    expect(await loginKeys(email)).toEqual([{ key: `login:ip-email:${CLIENT}:${email}`, count: 10 }]);
    const forged = await pool.query(`select key from rate_limits where key like '%10.99.%'`);
    expect(forged.rows).toEqual([]);

    // nginx's access log names the instance that answered each attempt: both took part, so the
    // count that stopped the eleventh was shared through the database, not one process's memory.
    const attempts = nginx
      .accessLog()
      .slice(before)
      .filter((line) => line.includes('POST /api/auth/login'));
    expect(attempts).toHaveLength(11);
    expect(attempts.every((line) => line.startsWith(`${CLIENT} `))).toBe(true);
    const upstreams = new Set(attempts.map((line) => line.split(' ')[1]));
    expect([...upstreams].sort()).toEqual(servers.map((s) => `127.0.0.1:${s.port}`).sort());
  });

  it('a session records the address nginx saw, not the forged one', async () => {
    const email = await register(CLIENT);
    const res = await post(
      '/api/auth/login',
      { email, password: GOOD_PASSWORD },
      { from: CLIENT, forwardedFor: '6.6.6.6' },
    );
    expect(res.status, res.body).toBe(200);
    expect(await sessionIp(email)).toBe(CLIENT);
  });

  it('a 6,000-character X-Forwarded-For is no 5xx and never becomes the address', async () => {
    const email = await register(CLIENT);
    const huge = 'x'.repeat(6000);
    const wrong = await post(
      '/api/auth/login',
      { email, password: 'Wrong-Guess-0' },
      { from: CLIENT, forwardedFor: huge },
    );
    expect(wrong.status, wrong.body).toBe(401);
    const right = await post(
      '/api/auth/login',
      { email, password: GOOD_PASSWORD },
      { from: CLIENT, forwardedFor: `${huge}, 6.6.6.6` },
    );
    expect(right.status, right.body).toBe(200);
    expect(await sessionIp(email)).toBe(CLIENT);
    expect(await loginKeys(email)).toEqual([{ key: `login:ip-email:${CLIENT}:${email}`, count: 1 }]);
  });

  it('an instance started with TRUST_PROXY=true refuses to start and names TRUST_PROXY', async () => {
    const server = await startServer({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir(), TRUST_PROXY: 'true' });
    const exit = await withTimeout(server.exited, 30_000, 'a server with TRUST_PROXY=true');
    expect(exit.code, server.output()).not.toBe(0);
    expect(exit.code).not.toBeNull();
    expect(server.output()).toMatch(/TRUST_PROXY=true would trust any X-Forwarded-For/);
  });

  // ~20 s: the server's real JSON-body deadline, which no setting shortens (on purpose).
  it('a JSON body trickled at 1 byte/s through nginx is answered 408 at the 20 s deadline and its connection closed', async () => {
    const body = JSON.stringify({ email: 'slow@example.org', password: 'x'.repeat(40) });
    const started = Date.now();
    const socket = net.connect({ host: '127.0.0.1', port: nginx.port, localAddress: CLIENT });
    let received = '';
    let answeredAt = 0;
    socket.on('data', (c: Buffer) => {
      received += c.toString('utf8');
      answeredAt ||= Date.now();
    });
    socket.on('error', () => {});
    const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\n\r\n`,
    );
    let sent = 0;
    const trickle = setInterval(() => {
      if (!socket.destroyed && sent < body.length) socket.write(body[sent++]!);
    }, 1000);
    try {
      const closedAt = await withTimeout(closed, 35_000, 'the trickled request');
      expect(sent).toBeLessThan(body.length);
      expect(received).toMatch(/^HTTP\/1\.1 408 /);
      expect(received).toContain('"code":"request_timeout"');
      expect(answeredAt - started).toBeGreaterThanOrEqual(19_000);
      expect(answeredAt - started).toBeLessThan(26_000);
      // nginx ends the client's connection with the answer, not at its own 60 s body timeout.
      expect(closedAt - answeredAt).toBeLessThan(2_000);
    } finally {
      clearInterval(trickle);
      socket.destroy();
    }
  }, 45_000);

  // nginx is the edge: it replaces whatever X-Forwarded-For the client wrote with the address it
  // saw. Were it to append instead ($proxy_add_x_forwarded_for), a client that reaches nginx from
  // 127.0.0.1 itself (a process on the host, an SSH or TCP tunnel) would be skipped as a trusted
  // proxy, and the value it forged would become its address.
  it('a client that reaches nginx from 127.0.0.1 itself cannot choose its address either', async () => {
    const email = await register('127.0.0.1');
    expect(await guessTenThenSignIn(email, '127.0.0.1')).toEqual([...Array(10).fill(401), 429]);
    expect(await loginKeys(email)).toEqual([{ key: `login:ip-email:127.0.0.1:${email}`, count: 10 }]);
    const res = await post(
      '/api/auth/login',
      { email: await register('127.0.0.1'), password: GOOD_PASSWORD },
      {
        from: '127.0.0.1',
        forwardedFor: '10.99.1.1',
      },
    );
    expect(res.status).toBe(200);
    const { rows } = await pool.query<{ ip: string }>(
      `select ip from sessions order by created_at desc limit 1`,
    );
    expect(rows[0]?.ip).toBe('127.0.0.1');
  });
});
