import crypto from 'node:crypto';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApplicationDetailSchema } from '@lanyard/shared/admin';
import {
  asUser,
  auditRows,
  countRows,
  fileExists,
  seedApplication,
  seedApplications,
  submittedHacker as submittedHackerIn,
  uploadPath,
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

function submittedHacker(overrides: Record<string, unknown> = {}) {
  return submittedHackerIn(ctx, overrides);
}

async function statusOf(id: string): Promise<string | undefined> {
  const { rows } = await ctx.database.pool.query<{ status: string }>(
    'select status from applications where id = $1',
    [id],
  );
  return rows[0]?.status;
}

describe('access', () => {
  // Every admin route of docs/api-admin.md.
  const documented: [HTTPMethods, string][] = [
    ['GET', '/api/admin/dashboard'],
    ['GET', '/api/admin/stats'],
    ['GET', '/api/applications/stats'],
    ['GET', '/api/admin/users/stats'],
    ['GET', '/api/admin/users'],
    ['GET', '/api/admin/users/:id'],
    ['POST', '/api/admin/users'],
    ['PUT', '/api/admin/users/:id'],
    ['PUT', '/api/admin/users/:id/password'],
    ['DELETE', '/api/admin/users/:id'],
    ['POST', '/api/admin/users/:id/reset-application'],
    ['POST', '/api/admin/users/bulk/delete'],
    ['GET', '/api/export/users/csv'],
    ['GET', '/api/admin/applications'],
    ['GET', '/api/admin/applications/:id'],
    ['PUT', '/api/admin/applications/:id/status'],
    ['DELETE', '/api/admin/applications/:id'],
    ['PUT', '/api/admin/applications/bulk/status'],
    ['POST', '/api/admin/applications/bulk/delete'],
    ['GET', '/api/applications'],
    ['GET', '/api/applications/:id'],
    ['PUT', '/api/applications/:id/status'],
    ['DELETE', '/api/applications/:id'],
    ['PUT', '/api/applications/bulk/status'],
    ['POST', '/api/applications/bulk/delete'],
    ['POST', '/api/upload/admin/resume-url'],
    ['GET', '/api/export/applications/csv'],
    ['POST', '/api/export/applications/csv'],
    ['POST', '/api/export/resumes/zip'],
    ['POST', '/api/admin/decisions/release'],
    ['POST', '/api/admin/decisions/unrelease'],
    ['GET', '/api/settings'],
    ['PUT', '/api/settings'],
    ['POST', '/api/settings/reset'],
    ['GET', '/api/settings/access-codes'],
    ['POST', '/api/settings/access-codes'],
    ['DELETE', '/api/settings/access-codes/:code'],
    ['POST', '/api/settings/generate-access-code'],
    ['GET', '/api/admin/audit'],
  ];

  it('every documented admin route is in the route table as admin (so the auth walk covers it)', () => {
    for (const [method, url] of documented) {
      const found = ctx.app.routeTable.filter(
        (r) => r.method === method && (r.url === url || r.url === `${url}/`),
      );
      expect({ method, url, access: found.map((r) => r.access) }).toEqual({
        method,
        url,
        access: found.length ? found.map(() => 'admin') : ['admin'],
      });
    }
  });

  it('anonymous callers get 401 and applicants 403 on each of them, and nothing changes', async () => {
    const target = await seedApplication(ctx, { status: 'pending' }, { sessions: true });
    const hacker = target.token!;
    const bodies: Partial<Record<HTTPMethods, unknown>> = { POST: {}, PUT: {} };
    for (const [method, pattern] of documented) {
      const url = pattern
        .replace(':id', pattern.includes('/users/') ? target.userId : target.id)
        .replace(':code', 'SOMECODE');
      const payload = url.includes('bulk')
        ? { application_ids: [target.id], user_ids: [target.userId], status: 'accepted' }
        : url.endsWith('/status')
          ? { status: 'accepted' }
          : bodies[method];
      const opts = payload === undefined ? {} : { payload: payload as Record<string, unknown> };
      const anon = await ctx.app.inject({ method, url, ...opts });
      expect({ method, url, status: anon.statusCode }).toEqual({ method, url, status: 401 });
      const asHacker = await ctx.app.inject({ method, url, headers: bearer(hacker), ...opts });
      expect({ method, url, status: asHacker.statusCode }).toEqual({ method, url, status: 403 });
      expect(asHacker.json().code).toBe('forbidden');
    }
    expect(await statusOf(target.id)).toBe('pending');
    expect(await countRows(ctx, 'select 1 from users where id = $1', [target.userId])).toBe(1);
  });
});

describe('GET /api/admin/applications/:id', () => {
  it('answers the application with its answers, resume link and history', async () => {
    const a = await submittedHacker({ firstName: 'Detail', lastName: 'Person', major: 'Physics' });
    const res = await call('GET', `/api/admin/applications/${a.appId}`);
    expect(res.statusCode).toBe(200);
    const detail = adminApplicationDetailSchema.parse(res.json());
    expect(detail).toMatchObject({
      _id: a.appId,
      user_id: a.id,
      first_name: 'Detail',
      last_name: 'Person',
      email: a.email,
      role: 'hacker',
      status: 'pending',
      university: 'Riverside University',
      major: 'Physics',
      is_high_school: false,
      resume_url: `/api/upload/file/${a.resume.name}`,
      portfolio_url: 'https://example.org/ada',
      rsvp_status: null,
      access_code_used: null,
      history: [],
    });
    expect(detail.answers).toMatchObject({
      firstName: 'Detail',
      whyAttendQuestion: 'To learn and ship.',
      backgroundQuestion: 'I build things.',
      householdObjectQuestion: 'A kettle.',
      shirtSize: 'm',
    });
    expect(res.headers['cache-control']).toMatch(/no-store/);

    // The twin route answers the same.
    const twin = await call('GET', `/api/applications/${a.appId}`);
    expect(twin.statusCode).toBe(200);
    expect(twin.json()).toEqual(res.json());
  });

  it('404 for an id that does not exist, 400 for one that is not a UUID', async () => {
    const missing = await call('GET', `/api/admin/applications/${crypto.randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('not_found');
    const bad = await call('GET', '/api/admin/applications/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_error');
    const injection = await call('GET', `/api/admin/applications/${encodeURIComponent("1' or '1'='1")}`);
    expect(injection.statusCode).toBe(400);
  });
});

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

describe('deleting applications', () => {
  it('DELETE removes the row, its uploads row and the file on disk, and records it', async () => {
    const a = await submittedHacker({ firstName: 'Gone', lastName: 'Soon' });
    const file = await uploadPath(ctx, a.resume.name);
    expect(fileExists(file)).toBe(true);

    const res = await call('DELETE', `/api/admin/applications/${a.appId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await countRows(ctx, 'select 1 from applications where id = $1', [a.appId])).toBe(0);
    expect(await countRows(ctx, 'select 1 from uploads where id = $1', [a.resume.name])).toBe(0);
    expect(fileExists(file)).toBe(false);
    // The user stays, and may apply again.
    expect(await countRows(ctx, 'select 1 from users where id = $1', [a.id])).toBe(1);
    expect(await auditRows(ctx, 'application', a.appId)).toEqual([
      {
        actor_email: admin.email,
        action: 'application.delete',
        target_type: 'application',
        target_id: a.appId,
        before: { user_id: a.id, email: a.email, name: 'Gone Soon', status: 'pending', role: 'hacker' },
        after: null,
      },
    ]);

    const again = await call('DELETE', `/api/admin/applications/${a.appId}`);
    expect(again.statusCode).toBe(404);
  });

  it('the twin route DELETE /api/applications/:id does the same', async () => {
    const a = await submittedHacker();
    const file = await uploadPath(ctx, a.resume.name);
    const res = await call('DELETE', `/api/applications/${a.appId}`);
    expect(res.json()).toEqual({ ok: true });
    expect(await countRows(ctx, 'select 1 from applications where id = $1', [a.appId])).toBe(0);
    expect(fileExists(file)).toBe(false);
  });

  it('bulk delete removes every given application with its files; unknown ids are ignored', async () => {
    const a = await submittedHacker();
    const b = await submittedHacker();
    const noResume = await seedApplication(ctx, { status: 'accepted' });
    const keep = await submittedHacker();
    const files = [await uploadPath(ctx, a.resume.name), await uploadPath(ctx, b.resume.name)];
    const kept = await uploadPath(ctx, keep.resume.name);

    const res = await call('POST', '/api/admin/applications/bulk/delete', {
      application_ids: [a.appId, b.appId, noResume.id, crypto.randomUUID()],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: 3 });
    for (const id of [a.appId, b.appId, noResume.id]) {
      expect(await countRows(ctx, 'select 1 from applications where id = $1', [id])).toBe(0);
      expect(await auditRows(ctx, 'application', id)).toMatchObject([{ action: 'application.delete' }]);
    }
    expect(
      await countRows(ctx, 'select 1 from uploads where id = any($1::uuid[])', [
        [a.resume.name, b.resume.name],
      ]),
    ).toBe(0);
    for (const f of files) expect(fileExists(f)).toBe(false);
    expect(fileExists(kept)).toBe(true);
    expect(await countRows(ctx, 'select 1 from applications where id = $1', [keep.appId])).toBe(1);
  });

  it('bulk delete is one transaction: a failure keeps every row and every file', async () => {
    const a = await submittedHacker();
    const b = await submittedHacker();
    const files = [await uploadPath(ctx, a.resume.name), await uploadPath(ctx, b.resume.name)];
    const res = await withPoisonedAudit(ctx, b.appId, () =>
      call('POST', '/api/admin/applications/bulk/delete', { application_ids: [a.appId, b.appId] }),
    );
    expect(res.statusCode).toBe(500);
    expect(
      await countRows(ctx, 'select 1 from applications where id = any($1::uuid[])', [[a.appId, b.appId]]),
    ).toBe(2);
    expect(
      await countRows(ctx, 'select 1 from uploads where id = any($1::uuid[])', [
        [a.resume.name, b.resume.name],
      ]),
    ).toBe(2);
    for (const f of files) expect(fileExists(f)).toBe(true);
  });

  it('bulk delete refuses 10,001 ids and bad ids', async () => {
    const tooMany = Array.from({ length: 10_001 }, () => crypto.randomUUID());
    expect(
      (await call('POST', '/api/admin/applications/bulk/delete', { application_ids: tooMany })).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/api/admin/applications/bulk/delete', { application_ids: [] })).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/api/admin/applications/bulk/delete', { application_ids: ['../x'] })).statusCode,
    ).toBe(400);
  });
});

describe('GET /api/applications/stats', () => {
  it('counts applications by status, role, day, school and shirt size', async () => {
    const before = (await call('GET', '/api/applications/stats')).json();
    await seedApplications(ctx, 3, (i) => ({
      role: i === 2 ? 'mentor' : 'hacker',
      status: 'waitlisted',
      school: 'Stats Test College',
      shirtSize: i === 0 ? 'xl' : null,
      submittedAt: new Date('2024-12-31T23:30:00Z'),
    }));
    const res = await call('GET', '/api/applications/stats');
    expect(res.statusCode).toBe(200);
    const after = res.json();
    expect(after.total).toBe(before.total + 3);
    expect(after.by_status.waitlisted ?? 0).toBe((before.by_status.waitlisted ?? 0) + 3);
    expect(after.by_role.mentor ?? 0).toBe((before.by_role.mentor ?? 0) + 1);
    expect(after.per_day).toContainEqual({ date: '2024-12-31', count: 3 });
    expect(after.shirt_sizes.xl ?? 0).toBe((before.shirt_sizes.xl ?? 0) + 1);
    expect(after.top_schools).toContainEqual({ name: 'Stats Test College', count: 3 });
  });
});
