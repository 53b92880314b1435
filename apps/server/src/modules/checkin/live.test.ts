import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkinEventSchema, type CheckinEvent } from '@lanyard/shared/checkin';
import { asUser, seedApplication } from '../../../test/admin';
import { createRecord, createVolunteer } from '../../../test/checkin';
import {
  createAdmin,
  createTestContext,
  registerUser,
  randomIp,
  type TestContext,
} from '../../../test/helper';
import { openSse } from '../../../test/sse';
import { buildApp } from '../../app';
import { CheckinLive, publishCheckin } from './live';

let ctx: TestContext;
let admin: { token: string; email: string };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx);
});
afterAll(() => ctx.close());

async function waitFor(what: string, ok: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A CheckinLive on its own pool, collecting every event it passes on. */
async function startLive() {
  const pool = new pg.Pool({ connectionString: ctx.databaseUrl, max: 2 });
  const live = new CheckinLive(pool, ctx.app.log);
  const events: CheckinEvent[] = [];
  live.on('event', (e: CheckinEvent) => events.push(e));
  await live.start();
  return {
    live,
    events,
    /** Publishes a marker outside any transaction and waits for it: everything sent before has arrived. */
    async sync(): Promise<void> {
      const marker = `marker-${Math.random().toString(36).slice(2)}`;
      await publishCheckin(ctx.database.db, {
        type: 'deleted',
        record_id: marker,
        checked_in: null,
        by: null,
      });
      await waitFor(marker, () => events.some((e) => e.record_id === marker));
    },
    withoutMarkers: () => events.filter((e) => !e.record_id?.startsWith('marker-')),
    async stop() {
      await live.close();
      await pool.end();
    },
  };
}

describe('CheckinLive and publishCheckin (PostgreSQL LISTEN/NOTIFY)', () => {
  it('an event published in a transaction arrives when it commits, not before', async () => {
    const l = await startLive();
    try {
      let inside: () => void = () => {};
      const insideDone = new Promise<void>((r) => (inside = r));
      let commit: () => void = () => {};
      const mayCommit = new Promise<void>((r) => (commit = r));
      const tx = ctx.database.db.transaction(async (t) => {
        await publishCheckin(t, {
          type: 'updated',
          record_id: 'committed',
          checked_in: true,
          by: 'a@example.org',
        });
        inside();
        await mayCommit;
      });
      await insideDone;
      await l.sync();
      expect(l.withoutMarkers()).toEqual([]);
      commit();
      await tx;
      await waitFor('the committed event', () => l.withoutMarkers().length === 1);
      const [event] = l.withoutMarkers();
      expect(checkinEventSchema.parse(event)).toEqual({
        type: 'updated',
        record_id: 'committed',
        checked_in: true,
        by: 'a@example.org',
        at: expect.any(String),
      });
      expect(Math.abs(Date.parse(event!.at) - Date.now())).toBeLessThan(60_000);
    } finally {
      await l.stop();
    }
  });

  it('an event published in a transaction that rolls back never arrives', async () => {
    const l = await startLive();
    try {
      await expect(
        ctx.database.db.transaction(async (t) => {
          await publishCheckin(t, { type: 'updated', record_id: 'rolled-back', checked_in: true, by: null });
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      await expect(
        ctx.database.db.transaction(async (t) => {
          await publishCheckin(t, {
            type: 'created',
            record_id: 'rolled-back-2',
            checked_in: false,
            by: null,
          });
          t.rollback();
        }),
      ).rejects.toThrow();
      // Notifications arrive in commit order: once a later one is here, a rolled-back one would be too.
      await l.sync();
      expect(l.withoutMarkers()).toEqual([]);
    } finally {
      await l.stop();
    }
  });

  it('ignores other channels and payloads that are not JSON; stops after close()', async () => {
    const l = await startLive();
    await ctx.database.pool.query(`select pg_notify('lanyard_checkin', 'not json{')`);
    await ctx.database.pool.query(`select pg_notify('some_other_channel', '{"type":"updated"}')`);
    await l.sync();
    expect(l.withoutMarkers()).toEqual([]);
    await l.live.close();
    const count = l.events.length;
    await publishCheckin(ctx.database.db, { type: 'reloaded', record_id: null, checked_in: null, by: null });
    await new Promise((r) => setTimeout(r, 200));
    expect(l.events.length).toBe(count);
    await l.stop();
  });

  it('listens again after its connection is cut, telling desks to reload what they missed', async () => {
    const l = await startLive();
    try {
      expect(l.live.listening).toBe(true);
      // What a database restart does to the LISTEN session: it is terminated from the server side.
      const cut = await ctx.database.pool.query(
        `select pg_terminate_backend(pid) as ok from pg_stat_activity
          where datname = current_database() and query like 'LISTEN lanyard\\_%'`,
      );
      expect(cut.rows.length).toBeGreaterThan(0);
      await waitFor('the reconnect', () => l.events.some((e) => e.type === 'reloaded'));
      expect(l.live.listening).toBe(true);
      // And changes flow again.
      await l.sync();
    } finally {
      await l.stop();
    }
  });

  it('the API publishes each change: create, check-in, undo, edit, import; a refused change publishes nothing', async () => {
    const l = await startLive();
    try {
      const call = asUser(ctx, admin.token);
      const record = await createRecord(ctx, admin.token);
      await call('PUT', `/api/checkin/records/${record._id}/checkin`, { checked_in: true });
      // Refused: already checked in; a bad edit.
      expect(
        (await call('PUT', `/api/checkin/records/${record._id}/checkin`, { checked_in: true })).statusCode,
      ).toBe(409);
      expect((await call('PUT', `/api/checkin/records/${record._id}`, { firstName: '' })).statusCode).toBe(
        400,
      );
      await call('PUT', `/api/checkin/records/${record._id}/checkin`, { checked_in: false });
      await call('PUT', `/api/checkin/records/${record._id}`, { shirtSize: 'l' });
      // A confirmed attendee's record is made by the database, which cannot know who is behind it.
      const confirmed = await seedApplication(ctx, { status: 'accepted', rsvpStatus: 'accepted' });
      const { rows } = await ctx.database.pool.query<{ id: string }>(
        'select id from checkin_records where application_id = $1',
        [confirmed.id],
      );
      expect((await call('POST', '/api/checkin/import-rsvps')).statusCode).toBe(200);
      await l.sync();
      const by = admin.email;
      expect(l.withoutMarkers().map(({ at: _at, ...e }) => e)).toEqual([
        { type: 'created', record_id: record._id, checked_in: false, by },
        { type: 'updated', record_id: record._id, checked_in: true, by },
        { type: 'updated', record_id: record._id, checked_in: false, by },
        { type: 'updated', record_id: record._id, checked_in: false, by },
        { type: 'created', record_id: rows[0]!.id, checked_in: false, by: null },
        { type: 'reloaded', record_id: null, checked_in: null, by },
      ]);
    } finally {
      await l.stop();
    }
  });
});

describe('GET /api/checkin/events (server-sent events over a real connection)', () => {
  let server: FastifyInstance;
  let livePool: pg.Pool;
  let base: string;
  beforeAll(async () => {
    livePool = new pg.Pool({ connectionString: ctx.databaseUrl, max: 3 });
    server = await buildApp({ config: ctx.config, db: ctx.database.db, pool: livePool, logger: false });
    await server.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await server.close();
    await livePool.end();
  });

  /** Opens the stream over a real connection (test/sse.ts). */
  const openStream = (token: string) =>
    openSse(`${base}/api/checkin/events`, { authorization: `Bearer ${token}` });

  function parseEvent(msg: string): { event: string; data: CheckinEvent } {
    const lines = Object.fromEntries(
      msg.split('\n').map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
    );
    return { event: lines.event!, data: checkinEventSchema.parse(JSON.parse(lines.data!)) };
  }

  it('streams the first check-in made after connecting, from another instance, as event: checkin', async () => {
    const stream = await openStream(admin.token);
    try {
      expect(stream.res.status).toBe(200);
      expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.res.headers.get('cache-control')).toBe('no-store');
      expect(await stream.nextMessage((m) => m.startsWith('retry:'))).toBe('retry: 2000');
      await waitFor('the listener', () => (server.checkinLive?.listenerCount('event') ?? 0) >= 1);

      // The change is made through the other app (no LISTEN of its own): it arrives through PostgreSQL.
      const record = await createRecord(ctx, admin.token);
      const volunteer = await createVolunteer(ctx, admin.token);
      const t0 = Date.now();
      const res = await asUser(ctx, volunteer.token)('PUT', `/api/checkin/records/${record._id}/checkin`, {
        checked_in: true,
      });
      expect(res.statusCode).toBe(200);
      const msg = await stream.nextMessage(
        (m) => m.startsWith('event: checkin') && m.includes('"updated"') && m.includes(record._id),
      );
      const { event, data } = parseEvent(msg);
      expect(event).toBe('checkin');
      expect(data).toEqual({
        type: 'updated',
        record_id: record._id,
        checked_in: true,
        by: volunteer.email,
        at: expect.any(String),
      });
      expect(Date.parse(data.at)).toBeGreaterThanOrEqual(t0 - 1000);
    } finally {
      stream.controller.abort();
    }
    // The server lets go of a stream the desk closed.
    await waitFor('the listener to go', () => (server.checkinLive?.listenerCount('event') ?? 0) === 0);
  });

  it('lets volunteers listen; refuses anonymous callers (401) and applicants (403)', async () => {
    const volunteer = await createVolunteer(ctx, admin.token);
    const stream = await openStream(volunteer.token);
    expect(stream.res.status).toBe(200);
    stream.controller.abort();

    const anon = await fetch(`${base}/api/checkin/events`);
    expect(anon.status).toBe(401);
    await anon.body?.cancel();
    const hacker = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const asHacker = await fetch(`${base}/api/checkin/events`, {
      headers: { authorization: `Bearer ${hacker.token}` },
    });
    expect(asHacker.status).toBe(403);
    await asHacker.body?.cancel();
  });

  it('shuts down promptly with a desk still connected, ending its stream', async () => {
    const pool = new pg.Pool({ connectionString: ctx.databaseUrl, max: 2 });
    const app = await buildApp({ config: ctx.config, db: ctx.database.db, pool, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/api/checkin/events`, {
      headers: { authorization: `Bearer ${admin.token}` },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await reader.read(); // retry: 2000
    const t0 = Date.now();
    await app.close();
    expect(Date.now() - t0).toBeLessThan(5000);
    // The stream has ended (or been cut) rather than hanging.
    const last = await reader.read().catch(() => ({ done: true }));
    expect(last.done).toBe(true);
    controller.abort();
    await pool.end();
  });
});
