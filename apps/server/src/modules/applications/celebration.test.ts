import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asUser, submittedHacker } from '../../../test/admin';
import { bearer, createAdmin, createTestContext, type TestContext } from '../../../test/helper';
import { startInstance, type Instance } from '../../../test/instances';
import { createSession } from '../auth/sessions';

/**
 * Issue 14, item 3: the dashboard celebrates a released acceptance once per decision, remembered on
 * the server (so another device does not celebrate it again), and a later decision celebrates anew.
 */
let ctx: TestContext;
let admin: { token: string };
let cached: Instance;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx);
  // A second instance with the read cache on, as another server behind the same load balancer.
  cached = await startInstance(ctx);
});
afterAll(async () => {
  await cached?.close();
  await ctx.close();
});

async function setReleased(released: boolean): Promise<void> {
  const res = await asUser(ctx, admin.token)(
    'POST',
    `/api/admin/decisions/${released ? 'release' : 'unrelease'}`,
    { role: 'hacker' },
  );
  expect(res.statusCode).toBe(200);
}

async function decide(appId: string, status: 'accepted' | 'rejected' | 'waitlisted'): Promise<void> {
  const res = await asUser(ctx, admin.token)('PUT', `/api/admin/applications/${appId}/status`, { status });
  expect(res.statusCode, res.body).toBe(200);
}

interface Shown {
  status: string;
  celebrated: boolean;
}

async function me(token: string, app: FastifyInstance = ctx.app): Promise<Shown> {
  const res = await app.inject({ method: 'GET', url: '/api/applications/me', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return (res.json() as { application: Shown }).application;
}

function celebrate(token: string, app: FastifyInstance = ctx.app) {
  return app.inject({
    method: 'POST',
    url: '/api/applications/me/celebrated',
    headers: bearer(token),
    payload: {},
  });
}

beforeEach(async () => {
  await setReleased(false);
});

describe('POST /api/applications/me/celebrated', () => {
  it('celebrates a released acceptance once: marked, then the same answer again', async () => {
    const hacker = await submittedHacker(ctx);
    await decide(hacker.appId, 'accepted');
    await setReleased(true);
    expect(await me(hacker.token)).toMatchObject({ status: 'accepted', celebrated: false });

    const first = await celebrate(hacker.token);
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as { application: Shown }).application).toMatchObject({
      status: 'accepted',
      celebrated: true,
    });
    expect(await me(hacker.token)).toMatchObject({ celebrated: true });

    // Idempotent: a second mark (a second tab) changes nothing and says the same.
    const { rows: before } = await ctx.database.pool.query(
      'select updated_at, celebrated_decided_at from applications where id = $1',
      [hacker.appId],
    );
    const again = await celebrate(hacker.token);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    const { rows: after } = await ctx.database.pool.query(
      'select updated_at, celebrated_decided_at from applications where id = $1',
      [hacker.appId],
    );
    expect(after).toEqual(before);
  });

  it('a second device (another session, another instance with its read cache) sees it done', async () => {
    const hacker = await submittedHacker(ctx);
    await decide(hacker.appId, 'accepted');
    await setReleased(true);
    const phone = await createSession(ctx.database.db, ctx.config.sessionSecret, hacker.id, {});
    // The phone has read (and the other instance cached) the not-yet-celebrated answer.
    expect(await me(phone, cached.app)).toMatchObject({ celebrated: false });

    expect((await celebrate(hacker.token)).statusCode).toBe(200);

    expect(await me(phone)).toMatchObject({ celebrated: true });
    // The other instance drops its cached answer when the database's notification arrives.
    const deadline = Date.now() + 5000;
    while (!(await me(phone, cached.app)).celebrated) {
      if (Date.now() > deadline) throw new Error('the other instance still serves the old answer');
      await new Promise((r) => setTimeout(r, 20));
    }
  });

  it('a new decision celebrates again: waitlisted, then accepted', async () => {
    const hacker = await submittedHacker(ctx);
    await decide(hacker.appId, 'accepted');
    await setReleased(true);
    expect((await celebrate(hacker.token)).statusCode).toBe(200);
    expect(await me(hacker.token)).toMatchObject({ celebrated: true });

    await decide(hacker.appId, 'waitlisted');
    expect(await me(hacker.token)).toMatchObject({ status: 'waitlisted', celebrated: false });
    // Nothing to celebrate on a waitlist.
    const refused = await celebrate(hacker.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'nothing_to_celebrate' });

    await new Promise((r) => setTimeout(r, 5));
    await decide(hacker.appId, 'accepted');
    expect(await me(hacker.token)).toMatchObject({ status: 'accepted', celebrated: false });
    expect((await celebrate(hacker.token)).statusCode).toBe(200);
    expect(await me(hacker.token)).toMatchObject({ celebrated: true });
  });

  it('not before release: refused alike whatever the hidden decision, and nothing is stored', async () => {
    const accepted = await submittedHacker(ctx);
    const rejected = await submittedHacker(ctx);
    const pending = await submittedHacker(ctx);
    await decide(accepted.appId, 'accepted');
    await decide(rejected.appId, 'rejected');

    const answers = [];
    for (const who of [accepted, rejected, pending]) {
      const res = await celebrate(who.token);
      answers.push({ status: res.statusCode, body: res.body });
    }
    expect(answers[0]).toMatchObject({ status: 409 });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    const { rows } = await ctx.database.pool.query(
      'select celebrated_status from applications where id = any($1::uuid[]) and celebrated_status is not null',
      [[accepted.appId, rejected.appId, pending.appId]],
    );
    expect(rows).toEqual([]);

    // Released later, the acceptance is still there to celebrate.
    await setReleased(true);
    expect(await me(accepted.token)).toMatchObject({ status: 'accepted', celebrated: false });
  });

  it("marks only the caller's own application; someone without one gets 404", async () => {
    const mine = await submittedHacker(ctx);
    const theirs = await submittedHacker(ctx);
    await decide(mine.appId, 'accepted');
    await decide(theirs.appId, 'accepted');
    await setReleased(true);

    // No way to name another application: extra fields are refused, and nothing is marked.
    const named = await ctx.app.inject({
      method: 'POST',
      url: '/api/applications/me/celebrated',
      headers: bearer(mine.token),
      payload: { application_id: theirs.appId },
    });
    expect(named.statusCode).toBe(400);
    expect((await celebrate(mine.token)).statusCode).toBe(200);
    expect(await me(theirs.token)).toMatchObject({ celebrated: false });

    const nobody = await submittedHacker(ctx);
    await ctx.database.pool.query('delete from applications where id = $1', [nobody.appId]);
    const none = await celebrate(nobody.token);
    expect(none.statusCode).toBe(404);

    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/applications/me/celebrated',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
