import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApplicationDetailSchema } from '@lanyard/shared/admin';
import {
  asUser,
  auditRows,
  countRows,
  seedApplication,
  seedApplications,
  withPoisonedAudit,
} from '../../../test/admin';
import { setSettings } from '../../../test/applicant';
import { bearer, createAdmin, createTestContext, type TestContext } from '../../../test/helper';

let ctx: TestContext;
let admin: { token: string; email: string };
let call: ReturnType<typeof asUser>;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx);
  call = asUser(ctx, admin.token);
  await setSettings(ctx);
});
afterAll(() => ctx.close());

async function statusOf(id: string): Promise<string | undefined> {
  const { rows } = await ctx.database.pool.query<{ status: string }>(
    'select status from applications where id = $1',
    [id],
  );
  return rows[0]?.status;
}

describe('PUT /api/admin/applications/:id/status', () => {
  it('changes the status, records before/after in the audit log and shows it in the history', async () => {
    const a = await seedApplication(ctx, { status: 'pending' });
    const res = await call('PUT', `/api/admin/applications/${a.id}/status`, { status: 'accepted' });
    expect(res.statusCode).toBe(200);
    const detail = adminApplicationDetailSchema.parse(res.json());
    expect(detail.status).toBe('accepted');
    expect(detail.history).toHaveLength(1);
    expect(detail.history[0]).toMatchObject({
      actor_email: admin.email,
      action: 'application.status',
      target_type: 'application',
      target_id: a.id,
      before: { status: 'pending' },
      after: { status: 'accepted' },
    });
    expect(await statusOf(a.id)).toBe('accepted');
    const { rows } = await ctx.database.pool.query('select decided_at from applications where id = $1', [
      a.id,
    ]);
    expect(rows[0].decided_at).toBeInstanceOf(Date);

    // Back to pending: no longer decided; the history is newest first.
    const back = await call('PUT', `/api/admin/applications/${a.id}/status`, { status: 'pending' });
    expect(back.json().status).toBe('pending');
    expect(back.json().history.map((h: { after: { status: string } }) => h.after.status)).toEqual([
      'pending',
      'accepted',
    ]);
    const after = await ctx.database.pool.query('select decided_at from applications where id = $1', [a.id]);
    expect(after.rows[0].decided_at).toBeNull();
    expect(await auditRows(ctx, 'application', a.id)).toHaveLength(2);
  });

  it('the twin route /api/applications/:id/status does the same', async () => {
    const a = await seedApplication(ctx, { status: 'submitted' });
    const res = await call('PUT', `/api/applications/${a.id}/status`, { status: 'waitlisted' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: a.id, status: 'waitlisted' });
    expect(await statusOf(a.id)).toBe('waitlisted');
    expect(await auditRows(ctx, 'application', a.id)).toEqual([
      {
        actor_email: admin.email,
        action: 'application.status',
        target_type: 'application',
        target_id: a.id,
        before: { status: 'submitted' },
        after: { status: 'waitlisted' },
      },
    ]);
  });

  it('refuses bad bodies and unknown ids without writing anything', async () => {
    const a = await seedApplication(ctx, { status: 'pending' });
    for (const body of [{ status: 'approved' }, {}, { status: 'accepted', note: 'x' }, { status: null }]) {
      const res = await call('PUT', `/api/admin/applications/${a.id}/status`, body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
    }
    const unknown = crypto.randomUUID();
    const missing = await call('PUT', `/api/admin/applications/${unknown}/status`, { status: 'accepted' });
    expect(missing.statusCode).toBe(404);
    expect(await statusOf(a.id)).toBe('pending');
    expect(await auditRows(ctx, 'application', a.id)).toEqual([]);
    expect(await auditRows(ctx, 'application', unknown)).toEqual([]);
  });
});

describe('PUT /api/admin/applications/bulk/status', () => {
  it('changes all given applications together, one audit row each; unknown and repeated ids are ignored', async () => {
    const rows = await seedApplications(ctx, 3, (i) => ({
      status: (['pending', 'submitted', 'rejected'] as const)[i],
    }));
    const ids = rows.map((r) => r.id);
    const bystander = await seedApplication(ctx, { status: 'pending' });
    const res = await call('PUT', '/api/admin/applications/bulk/status', {
      application_ids: [...ids, crypto.randomUUID(), ids[0]],
      status: 'accepted',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 3 });
    for (const id of ids) expect(await statusOf(id)).toBe('accepted');
    expect(await statusOf(bystander.id)).toBe('pending');
    const before = ['pending', 'submitted', 'rejected'];
    for (const [i, id] of ids.entries()) {
      expect(await auditRows(ctx, 'application', id)).toEqual([
        {
          actor_email: admin.email,
          action: 'application.bulk_status',
          target_type: 'application',
          target_id: id,
          before: { status: before[i] },
          after: { status: 'accepted' },
        },
      ]);
    }
  });

  it('the twin route works and only unknown ids update nothing', async () => {
    const [a] = await seedApplications(ctx, 1, () => ({ status: 'pending' }));
    const twin = await call('PUT', '/api/applications/bulk/status', {
      application_ids: [a!.id],
      status: 'rejected',
    });
    expect(twin.json()).toEqual({ updated: 1 });
    expect(await statusOf(a!.id)).toBe('rejected');
    const unknown = crypto.randomUUID();
    const none = await call('PUT', '/api/admin/applications/bulk/status', {
      application_ids: [unknown],
      status: 'accepted',
    });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ updated: 0 });
    expect(await auditRows(ctx, 'application', unknown)).toEqual([]);
  });

  it('is one transaction: a failure on the last row leaves every row and the audit log as they were', async () => {
    const rows = await seedApplications(ctx, 4, () => ({ status: 'pending' }));
    const ids = rows.map((r) => r.id);
    const auditBefore = await countRows(ctx, 'select 1 from audit_log');
    const res = await withPoisonedAudit(ctx, ids[3]!, () =>
      call('PUT', '/api/admin/applications/bulk/status', { application_ids: ids, status: 'accepted' }),
    );
    expect(res.statusCode).toBe(500);
    for (const id of ids) expect(await statusOf(id)).toBe('pending');
    expect(await countRows(ctx, 'select 1 from audit_log')).toBe(auditBefore);

    // Without the fault the same request goes through.
    const ok = await call('PUT', '/api/admin/applications/bulk/status', {
      application_ids: ids,
      status: 'accepted',
    });
    expect(ok.json()).toEqual({ updated: 4 });
  });

  it('takes up to 10,000 ids; 10,001 or none is a 400', async () => {
    const [a] = await seedApplications(ctx, 1, () => ({ status: 'pending' }));
    const many = Array.from({ length: 9_999 }, () => crypto.randomUUID());
    const max = await call('PUT', '/api/admin/applications/bulk/status', {
      application_ids: [a!.id, ...many],
      status: 'waitlisted',
    });
    expect(max.statusCode).toBe(200);
    expect(max.json()).toEqual({ updated: 1 });

    const tooMany = await call('PUT', '/api/admin/applications/bulk/status', {
      application_ids: [a!.id, ...many, crypto.randomUUID()],
      status: 'accepted',
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toMatch(/application_ids/);
    expect(await statusOf(a!.id)).toBe('waitlisted');

    for (const body of [
      { application_ids: [], status: 'accepted' },
      { application_ids: ['nope'], status: 'accepted' },
      { application_ids: [a!.id], status: 'done' },
      { application_ids: [a!.id], status: 'accepted', extra: 1 },
    ]) {
      const res = await call('PUT', '/api/admin/applications/bulk/status', body);
      expect({ body: JSON.stringify(body).slice(0, 80), status: res.statusCode }).toEqual({
        body: JSON.stringify(body).slice(0, 80),
        status: 400,
      });
    }
    expect(await statusOf(a!.id)).toBe('waitlisted');
  });
});

describe('concurrent bulk changes and releases', () => {
  it('overlapping bulk status changes and repeated releases at once: one outcome, no duplicates', async () => {
    await call('POST', '/api/admin/decisions/unrelease', { role: 'hacker' });
    const seeded = await seedApplications(ctx, 30, () => ({ role: 'hacker', status: 'pending' }));
    const ids = seeded.map((s) => s.id);
    const accept = ids.slice(0, 20);
    const reject = ids.slice(10, 30);
    const results = await Promise.all([
      call('PUT', '/api/admin/applications/bulk/status', { application_ids: accept, status: 'accepted' }),
      call('POST', '/api/admin/decisions/release', { role: 'hacker' }),
      call('PUT', '/api/admin/applications/bulk/status', { application_ids: reject, status: 'rejected' }),
      call('POST', '/api/admin/decisions/release', { role: 'hacker' }),
      call('PUT', '/api/admin/applications/bulk/status', { application_ids: reject, status: 'rejected' }),
      call('POST', '/api/admin/decisions/release', { role: 'hacker' }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);

    // Each bulk change is all or nothing: the overlap has one status, whichever change came last.
    const statuses = await Promise.all(ids.map(statusOf));
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill('accepted'));
    expect(statuses.slice(20)).toEqual(Array(10).fill('rejected'));
    expect(new Set(statuses.slice(10, 20)).size).toBe(1);

    // Released once and for all; every applicant's last decision e-mail tells the decision that stands.
    expect((await call('GET', '/api/settings')).json()).toMatchObject({ hacker_decisions_released: true });
    const { rows: mails } = await ctx.database.pool.query<{ to_address: string; kind: string }>(
      `select to_address, kind from email_outbox where kind like 'decision_%' and to_address = any($1)
        order by created_at, id`,
      [seeded.map((s) => s.email)],
    );
    for (const [i, s] of seeded.entries()) {
      const mine = mails.filter((m) => m.to_address === s.email).map((m) => m.kind);
      expect(mine.at(-1)).toBe(`decision_${statuses[i]}`);
      expect(mine.filter((k) => k === `decision_${statuses[i]}`)).toHaveLength(1);
    }
    const { rows: dupes } = await ctx.database.pool.query(
      `select dedupe_key from email_outbox where dedupe_key is not null group by dedupe_key having count(*) > 1`,
    );
    expect(dupes).toEqual([]);
    await call('POST', '/api/admin/decisions/unrelease', { role: 'hacker' });
  });
});

describe('decisions', () => {
  async function seenStatus(token: string): Promise<string> {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/applications/me', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json().application.status;
  }
  async function authStatus(token: string): Promise<string> {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    return res.json().user.applicationStatus;
  }
  const release = (role: string, released = true) =>
    call('POST', `/api/admin/decisions/${released ? 'release' : 'unrelease'}`, { role });

  it('release shows hacker decisions at once, mentors stay hidden; unrelease hides them again', async () => {
    await setSettings(ctx);
    const hacker = await seedApplication(ctx, { role: 'hacker', status: 'accepted' }, { sessions: true });
    const mentor = await seedApplication(ctx, { role: 'mentor', status: 'accepted' }, { sessions: true });
    const undecided = await seedApplication(ctx, { role: 'hacker', status: 'pending' }, { sessions: true });
    expect(await seenStatus(hacker.token!)).toBe('submitted');

    const res = await release('hacker');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'hacker', released: true });
    expect(await seenStatus(hacker.token!)).toBe('accepted');
    expect(await authStatus(hacker.token!)).toBe('accepted');
    expect(await seenStatus(mentor.token!)).toBe('submitted');
    expect(await authStatus(mentor.token!)).toBe('submitted');
    expect(await seenStatus(undecided.token!)).toBe('submitted');
    const settingsRes = await call('GET', '/api/settings');
    expect(settingsRes.json()).toMatchObject({
      hacker_decisions_released: true,
      mentor_decisions_released: false,
    });

    const un = await release('hacker', false);
    expect(un.json()).toMatchObject({ role: 'hacker', released: false });
    expect(await seenStatus(hacker.token!)).toBe('submitted');
    expect(await authStatus(hacker.token!)).toBe('submitted');

    await release('mentor');
    expect(await seenStatus(mentor.token!)).toBe('accepted');
    expect(await seenStatus(hacker.token!)).toBe('submitted');
    await release('mentor', false);
  });

  it('affected counts the finalized decisions of that role only', async () => {
    const base = {
      hacker: (await release('hacker')).json().affected as number,
      mentor: (await release('mentor')).json().affected as number,
    };
    await seedApplications(ctx, 7, (i) => ({
      role: i < 5 ? 'hacker' : 'mentor',
      status: (
        ['accepted', 'rejected', 'waitlisted', 'pending', 'submitted', 'accepted', 'pending'] as const
      )[i],
    }));
    expect((await release('hacker')).json()).toMatchObject({
      role: 'hacker',
      released: true,
      affected: base.hacker + 3,
    });
    expect((await release('hacker', false)).json()).toMatchObject({
      role: 'hacker',
      released: false,
      affected: base.hacker + 3,
    });
    expect((await release('mentor')).json()).toMatchObject({
      role: 'mentor',
      released: true,
      affected: base.mentor + 1,
    });
    const finalized = await countRows(
      ctx,
      "select 1 from applications where role = 'hacker' and status in ('accepted', 'rejected', 'waitlisted')",
    );
    expect(base.hacker + 3).toBe(finalized);
    await release('mentor', false);
  });

  it('writes an audit row for each release and unrelease, with before and after', async () => {
    await setSettings(ctx);
    const before = (await auditRows(ctx, 'decisions', 'hacker')).length;
    await release('hacker');
    await release('hacker', false);
    const rows = (await auditRows(ctx, 'decisions', 'hacker')).slice(before);
    const counts = {
      accepted: expect.any(Number),
      waitlisted: expect.any(Number),
      rejected: expect.any(Number),
    };
    expect(rows).toEqual([
      {
        actor_email: admin.email,
        action: 'decisions.release',
        target_type: 'decisions',
        target_id: 'hacker',
        before: { released: false },
        after: {
          released: true,
          send_email: true,
          applicants: expect.any(Number),
          counts,
          emails_queued: 0,
          announced_without_email: 0,
        },
      },
      {
        actor_email: admin.email,
        action: 'decisions.unrelease',
        target_type: 'decisions',
        target_id: 'hacker',
        before: { released: true },
        after: { released: false, applicants: expect.any(Number), counts },
      },
    ]);
  });

  it('refuses a role other than hacker or mentor', async () => {
    for (const body of [{ role: 'admin' }, {}, { role: 'hacker', extra: true }]) {
      const res = await call('POST', '/api/admin/decisions/release', body);
      expect(res.statusCode).toBe(400);
    }
  });
});
