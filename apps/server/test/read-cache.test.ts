import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, seedApplication } from './admin';
import { hackerAnswers, quickUser, submit, uploadResume } from './applicant';
import { bearer, createAdmin, createTestContext, type TestContext } from './helper';
import { startInstance, waitFor, type Instance } from './instances';
import { reviewerSession, submittedApplications } from './review';

/**
 * The read cache (src/lib/read-cache.ts) on two instances sharing one database, as production runs
 * them: every change must show on the instance that made it at once, and on the other as soon as
 * its notification arrives, whoever made it (API, another instance, a direct SQL write).
 */
let ctx: TestContext;
let a: Instance;
let b: Instance;
let admin: { token: string };

/**
 * Changes an application without its trigger, as if the change had never been announced: shows what
 * is cached. The trigger is switched off inside the transaction (DDL is transactional; the table's
 * owner may do it, no superuser needed), so no other session ever sees it off.
 */
async function silentWrite(sqlText: string, params: unknown[]): Promise<void> {
  const client = await ctx.database.pool.connect();
  try {
    await client.query('begin');
    await client.query('alter table applications disable trigger applications_read_cache');
    await client.query(sqlText, params);
    await client.query('alter table applications enable trigger applications_read_cache');
    await client.query('commit');
    client.release();
  } catch (err) {
    await client.query('rollback').catch(() => {});
    client.release(true);
    throw err;
  }
}

async function myStatus(on: Instance, token: string): Promise<string | null> {
  const res = await on.app.inject({ method: 'GET', url: '/api/applications/me', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return (res.json() as { application: { status: string } | null }).application?.status ?? null;
}

async function releaseHackers(on: Instance, released: boolean): Promise<void> {
  const res = await asUser(on.ctx, admin.token)(
    'POST',
    `/api/admin/decisions/${released ? 'release' : 'unrelease'}`,
    { role: 'hacker' },
  );
  expect(res.statusCode).toBe(200);
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx);
  a = await startInstance(ctx);
  b = await startInstance(ctx);
});
afterAll(async () => {
  for (const i of [a, b]) await i?.close();
  await ctx.close();
});

describe('read cache', () => {
  it('answers a repeated dashboard read from memory, not the database', async () => {
    const s = await seedApplication(ctx, { status: 'accepted' }, { sessions: true });
    await releaseHackers(a, true);
    try {
      const read = (app: FastifyInstance) =>
        app.inject({ method: 'GET', url: '/api/applications/me', headers: bearer(s.token!) });
      const [uncached, miss, hit] = [await read(ctx.app), await read(a.app), await read(a.app)];
      // The same bytes and headers as the route's own serializer, whether stored or not.
      for (const res of [miss, hit]) {
        expect(res.body).toBe(uncached.body);
        expect(res.headers['content-type']).toBe(uncached.headers['content-type']);
        expect(res.headers['cache-control']).toBe('no-store');
      }
      expect(a.app.readCache!.size.answers).toBeGreaterThan(0);
      // A change nobody announced is not seen: the answer came from memory.
      await silentWrite(`update applications set status = 'rejected' where id = $1`, [s.id]);
      expect(await myStatus(a, s.token!)).toBe('accepted');
      // The cache off (READ_CACHE=off or no pool): the same read goes to the database.
      expect(await myStatus({ ...a, app: ctx.app }, s.token!)).toBe('rejected');
    } finally {
      await releaseHackers(a, false);
    }
  });

  it('shows a submission at once on the instance that took it, and soon on the other', async () => {
    const user = await quickUser(a.ctx);
    expect(await myStatus(a, user.token)).toBeNull();
    expect(await myStatus(b, user.token)).toBeNull();
    const resume = await uploadResume(a.app, user.token);
    const res = await submit(a.app, user.token, 'hacker', {
      ...hackerAnswers(),
      resume_url: resume.file_url,
    });
    expect(res.statusCode).toBe(201);
    // No wait on the instance that wrote: its notifications are in before its answer leaves.
    expect(await myStatus(a, user.token)).toBe('submitted');
    await waitFor('the other instance', async () => (await myStatus(b, user.token)) === 'submitted');
  });

  it('an admin decision and its release reach applicants on both instances', async () => {
    const s = await seedApplication(ctx, { status: 'pending' }, { sessions: true });
    expect(await myStatus(a, s.token!)).toBe('submitted');
    expect(await myStatus(b, s.token!)).toBe('submitted');
    const put = await asUser(a.ctx, admin.token)('PUT', `/api/admin/applications/${s.id}/status`, {
      status: 'waitlisted',
    });
    expect(put.statusCode).toBe(200);
    await releaseHackers(a, true);
    try {
      expect(await myStatus(a, s.token!)).toBe('waitlisted');
      await waitFor(
        'the release on the other instance',
        async () => (await myStatus(b, s.token!)) === 'waitlisted',
      );
      // Unreleased from the other instance: hidden again everywhere.
      await releaseHackers(b, false);
      expect(await myStatus(b, s.token!)).toBe('submitted');
      await waitFor(
        'the unrelease on the first instance',
        async () => (await myStatus(a, s.token!)) === 'submitted',
      );
    } finally {
      await releaseHackers(a, false);
    }
  });

  it('a direct database change (the CLI, another tool) reaches the cache through its trigger', async () => {
    const s = await seedApplication(ctx, { status: 'pending' }, { sessions: true });
    await releaseHackers(a, true);
    try {
      expect(await myStatus(a, s.token!)).toBe('submitted');
      await ctx.database.pool.query(`update applications set status = 'accepted' where id = $1`, [s.id]);
      await waitFor('the trigger', async () => (await myStatus(a, s.token!)) === 'accepted');
    } finally {
      await releaseHackers(a, false);
    }
  });

  /** Notifications heard on the read cache's channel, with a marker to wait for those sent before it. */
  async function listening<T>(
    body: (heard: string[], marker: (name: string) => Promise<void>) => Promise<T>,
  ) {
    const heard: string[] = [];
    const client = await ctx.database.pool.connect();
    client.on('notification', (n) => {
      if (n.channel === 'lanyard_cache') heard.push(n.payload ?? '');
    });
    const marker = async (name: string) => {
      await ctx.database.pool.query(`select pg_notify('lanyard_cache', $1)`, [name]);
      await waitFor(name, async () => heard.includes(name));
    };
    try {
      await client.query('listen lanyard_cache');
      return await body(heard, marker);
    } finally {
      await client.query('unlisten lanyard_cache');
      client.release();
    }
  }

  it('announces every change to an application but the review columns review_recompute writes, which no applicant sees', async () => {
    const s = await seedApplication(ctx, { status: 'pending' });
    await listening(async (heard, marker) => {
      const { rows: users } = await ctx.database.pool.query<{ id: string }>(
        `insert into users (email, password_hash, role) values ($1, 'x', 'reviewer') returning id`,
        [`rc-${s.id}@example.org`],
      );
      await ctx.database.pool.query(
        `insert into reviews (application_id, reviewer_id, role, scores, total) values ($1, $2, 'hacker', '{}', 3.5)`,
        [s.id, users[0]!.id],
      );
      const { rows } = await ctx.database.pool.query(`select * from review_recompute($1, null, 1, 1.5)`, [
        s.id,
      ]);
      expect(rows).toEqual([{ id: s.id, complete: true }]);
      // Notifications arrive in commit order: once the marker is in, the update's would be too.
      await marker('after-review');
      expect(heard.filter((p) => p.startsWith('u:') || p === '*')).toEqual([]);
      // The mark lasts only for review_recompute's own update: a later one in the same transaction is heard.
      await ctx.database.pool.query(
        `with r as (select * from review_recompute($1, null, 2, 1.5)) update applications set status = 'accepted' where id = $1`,
        [s.id],
      );
      await marker('after-status');
      expect(heard).toContain(`u:${s.userId}`);
    });
  });

  it('a statement that changes more than a thousand applications drops every cache once, not user by user', async () => {
    const role = `bulk-${crypto.randomBytes(3).toString('hex')}`;
    await ctx.database.pool.query(
      `with u as (
         insert into users (email, password_hash, role)
         select $1 || '-' || g || '@example.org', 'x', 'hacker' from generate_series(1, 1001) g returning id, email
       )
       insert into applications (user_id, role, first_name, last_name, email)
       select id, 'hacker', 'Bulk', 'Row', email from u`,
      [role],
    );
    await listening(async (heard, marker) => {
      await ctx.database.pool.query(`update applications set status = 'rejected' where email like $1`, [
        `${role}-%`,
      ]);
      await marker('after-bulk');
      expect(heard.filter((p) => p === '*')).toHaveLength(1);
      expect(heard.filter((p) => p.startsWith('u:'))).toEqual([]);
      await ctx.database.pool.query(`update applications set status = 'accepted' where email = $1`, [
        `${role}-7@example.org`,
      ]);
      await marker('after-one');
      expect(heard.filter((p) => p.startsWith('u:'))).toHaveLength(1);
    });
  });

  it('a review settings change on one instance reaches the settings the other has cached', async () => {
    await ctx.database.pool.query('delete from applications');
    await submittedApplications(ctx, 1, () => ({ answers: { firstName: 'Ada', lastName: 'Lovelace' } }));
    const onA = await reviewerSession(ctx, 'admin', a.app);
    const onB = await reviewerSession(ctx, 'reviewer', b.app);
    const labels = async () =>
      ((await onB.next()).application?.answers ?? []).map((x: { label: string }) => x.label);
    // Blind by default: B caches the settings with every group hidden.
    expect(await labels()).not.toContain('First Name');
    expect(b.app.readCache?.settings()).toBeDefined();
    const res = await onA.call('PUT', '/api/review/settings', { hidden_fields: [] });
    expect(res.statusCode, res.body).toBe(200);
    await waitFor('B hears of the change', async () => (await labels()).includes('First Name'));
    const put = await onA.call('PUT', '/api/review/settings', { hidden_fields: ['name'] });
    expect(put.statusCode).toBe(200);
  });

  it('a custom question added on one instance reaches the public settings the other has cached', async () => {
    const publicQuestions = async () =>
      (await b.app.inject({ method: 'GET', url: '/api/settings/public' })).json().custom_questions.hacker;
    expect(await publicQuestions()).toEqual([]);
    expect(b.app.readCache?.customQuestions()).toBeDefined();
    const res = await asUser(a.ctx, admin.token)('POST', '/api/admin/questions', {
      role: 'hacker',
      section: 'additional',
      type: 'yes_no',
      label: 'Bringing a laptop?',
    });
    expect(res.statusCode, res.body).toBe(201);
    // The instance that made the change shows it at once.
    const onA = await a.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(onA.json().custom_questions.hacker).toHaveLength(1);
    await waitFor('B hears of the question', async () => (await publicQuestions()).length === 1);
    await ctx.database.pool.query('delete from custom_questions');
  });

  it('signing out ends the session on every instance', async () => {
    const user = await quickUser(a.ctx);
    const me = (on: Instance) =>
      on.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(user.token) });
    expect((await me(a)).statusCode).toBe(200);
    expect((await me(b)).statusCode).toBe(200);
    const out = await a.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(user.token),
      payload: {},
    });
    expect(out.statusCode).toBeLessThan(300);
    expect((await me(a)).statusCode).toBe(401);
    await waitFor('the other instance', async () => (await me(b)).statusCode === 401);
  });

  it('a role change or a deleted account takes effect at once for a cached session', async () => {
    for (const change of ['role', 'delete'] as const) {
      const user = await quickUser(a.ctx);
      const me = (app: FastifyInstance) =>
        app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(user.token) });
      expect((await me(a.app)).statusCode).toBe(200);
      const res =
        change === 'role'
          ? await asUser(a.ctx, admin.token)('PUT', `/api/admin/users/${user.id}`, { role: 'mentor' })
          : await asUser(a.ctx, admin.token)('DELETE', `/api/admin/users/${user.id}`);
      expect(res.statusCode).toBeLessThan(300);
      // Exactly what an instance without the cache answers, with no wait.
      const fresh = await me(ctx.app);
      const cached = await me(a.app);
      expect([cached.statusCode, cached.json()]).toEqual([fresh.statusCode, fresh.json()]);
      expect(cached.statusCode).toBe(401);
    }
  });

  it('without its LISTEN connection an instance reads the database, and caches again once back', async () => {
    const s = await seedApplication(ctx, { status: 'pending' }, { sessions: true });
    await releaseHackers(a, true);
    try {
      expect(await myStatus(a, s.token!)).toBe('submitted');
      // Cut the listener, as a database restart or a network blip would.
      await ctx.database.pool.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`,
      );
      await waitFor('the cache to turn off', () => a.app.readCache!.enabled === false);
      // Changes while it was not listening were never announced: it must start again empty.
      await silentWrite(`update applications set status = 'accepted' where id = $1`, [s.id]);
      await waitFor('listening again', () => a.app.readCache!.enabled && b.app.readCache!.enabled, 20_000);
      expect(await myStatus(a, s.token!)).toBe('accepted');
    } finally {
      await releaseHackers(a, false);
    }
  });
});
