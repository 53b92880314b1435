import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../../../test/admin';
import { createRecord, createVolunteer } from '../../../test/checkin';
import {
  bearer,
  createAdmin,
  createTestContext,
  GOOD_PASSWORD,
  type TestContext,
} from '../../../test/helper';
import { startInstance, type Instance } from '../../../test/instances';
import { openSse, type SseStream } from '../../../test/sse';

/**
 * Issue 13, item 6: a check-in desk's live stream (record ids, staff e-mails) lasts only as long as
 * the right to open it. Real listeners, real SSE clients, several instances on one database.
 */
let ctx: TestContext;
let admin: { token: string; email: string };
let a: Instance;
let b: Instance;
let noCache: Instance;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx);
  a = await startInstance(ctx, { listen: true });
  b = await startInstance(ctx, { listen: true });
  noCache = await startInstance(ctx, { config: { ...ctx.config, readCache: false }, listen: true });
  expect(a.app.readCache).toBeDefined();
  expect(noCache.app.readCache).toBeUndefined();
});
afterAll(async () => {
  for (const i of [a, b, noCache]) await i?.close();
  await ctx.close();
});

/** Opens the desk's stream on `on` as `token` and waits until it is live. */
async function desk(on: Instance, token: string): Promise<SseStream> {
  const stream = await openSse(`${on.base}/api/checkin/events`, bearer(token) as Record<string, string>);
  expect(stream.res.status).toBe(200);
  await stream.nextMessage((m) => m.startsWith('retry:'));
  return stream;
}

/** A check-in made through the API after the fact: a stream still open would carry it. */
async function checkInSomeone(): Promise<string> {
  const record = await createRecord(ctx, admin.token);
  const res = await asUser(ctx, admin.token)('PUT', `/api/checkin/records/${record._id}/checkin`, {
    checked_in: true,
  });
  expect(res.statusCode).toBe(200);
  return record._id;
}

/**
 * The stream must end within well under a few seconds of `change` answering, without carrying a
 * check-in made afterwards; and the old token is refused when the desk reconnects.
 */
async function expectEndsAfter(
  on: Instance,
  stream: SseStream,
  change: () => Promise<void>,
  token: string,
  refusedWith = 401,
): Promise<void> {
  await change();
  const t0 = Date.now();
  const [messages, later] = await Promise.all([stream.untilEnd(2000), checkInSomeone()]);
  expect(Date.now() - t0).toBeLessThan(2000);
  expect(messages.filter((m) => m.includes(later))).toEqual([]);
  const again = await fetch(`${on.base}/api/checkin/events`, {
    headers: bearer(token) as Record<string, string>,
  });
  expect(again.status).toBe(refusedWith);
  await again.body?.cancel();
}

/** An admin's request made through instance A, which must succeed. */
function byAdmin(method: 'PUT' | 'DELETE', url: string, body?: Record<string, unknown>) {
  return async () => {
    const res = await asUser(a.ctx, admin.token)(method, url, body);
    expect(res.statusCode).toBe(200);
  };
}

interface Revocation {
  name: string;
  /** The instance the desk's stream is opened on. */
  on: () => Instance;
  change: (volunteer: { id: string; token: string }) => () => Promise<void>;
}

const revocations: Revocation[] = [
  {
    name: 'a volunteer whose role an admin changes loses the stream at once, and no later check-in reaches them',
    on: () => a,
    change: (v) => byAdmin('PUT', `/api/admin/users/${v.id}`, { role: 'hacker' }),
  },
  {
    name: 'ends when the volunteer signs out (logout revokes the session)',
    on: () => a,
    change: (v) => async () => {
      const res = await a.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: bearer(v.token),
        payload: {},
      });
      expect(res.statusCode).toBe(200);
    },
  },
  {
    name: 'ends when an admin sets a new password for the volunteer (every session revoked)',
    on: () => a,
    change: (v) => byAdmin('PUT', `/api/admin/users/${v.id}/password`, { password: `${GOOD_PASSWORD}-new` }),
  },
  {
    name: 'ends when the volunteer is deleted',
    on: () => a,
    change: (v) => byAdmin('DELETE', `/api/admin/users/${v.id}`),
  },
  {
    name: 'ends a stream on another instance: opened on B, the role changed through A',
    on: () => b,
    change: (v) => byAdmin('PUT', `/api/admin/users/${v.id}`, { role: 'mentor' }),
  },
  {
    name: 'ends with the read cache off (READ_CACHE=off) too',
    on: () => noCache,
    change: (v) => byAdmin('PUT', `/api/admin/users/${v.id}`, { role: 'hacker' }),
  },
  {
    name: 'ends when a session is revoked directly in the database (the CLI, manual SQL)',
    on: () => b,
    change: (v) => async () => {
      await ctx.database.pool.query(`update sessions set revoked_at = now() where user_id = $1`, [v.id]);
    },
  },
];

describe('GET /api/checkin/events ends when the right to it ends', () => {
  it.each(revocations.map((r) => [r.name, r] as const))('%s', async (_name, { on, change }) => {
    const volunteer = await createVolunteer(a.ctx, admin.token);
    const stream = await desk(on(), volunteer.token);
    await expectEndsAfter(on(), stream, change(volunteer), volunteer.token);
  });

  it('ends when the session expires while the stream is open', async () => {
    const volunteer = await createVolunteer(a.ctx, admin.token);
    const stream = await desk(a, volunteer.token);
    await ctx.database.pool.query(
      `update sessions set expires_at = now() + interval '1 second' where user_id = $1`,
      [volunteer.id],
    );
    const t0 = Date.now();
    await stream.untilEnd(3000);
    expect(Date.now() - t0).toBeLessThan(3000);
  });

  it("another person's changes leave a desk's stream open and live", async () => {
    const stays = await createVolunteer(a.ctx, admin.token);
    const other = await createVolunteer(a.ctx, admin.token);
    const stream = await desk(a, stays.token);
    const otherStream = await desk(a, other.token);
    try {
      const res = await asUser(a.ctx, admin.token)('PUT', `/api/admin/users/${other.id}`, { role: 'hacker' });
      expect(res.statusCode).toBe(200);
      await otherStream.untilEnd(2000);
      const later = await checkInSomeone();
      await stream.nextMessage((m) => m.startsWith('event: checkin') && m.includes(later));
    } finally {
      stream.controller.abort();
      otherStream.controller.abort();
    }
  });
});
