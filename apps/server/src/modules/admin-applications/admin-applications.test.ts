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
