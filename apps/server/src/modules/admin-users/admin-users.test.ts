import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUserSchema, adminUsersResponseSchema, type AdminUser } from '@lanyard/shared/admin';
import {
  asUser,
  auditRows,
  countRows,
  fileExists,
  submittedHacker as submittedHackerIn,
  uploadPath,
} from '../../../test/admin';
import { quickUser, setSettings, submit, hackerAnswers, uploadResume } from '../../../test/applicant';
import {
  bearer,
  createAdmin,
  createTestContext,
  GOOD_PASSWORD,
  randomIp,
  registerUser,
  type TestContext,
} from '../../../test/helper';
import { applicationDrafts } from '../../db/schema/index';
import { createSession } from '../auth/sessions';
import { buildApplication, buildUser } from '../../../test/factories';

let ctx: TestContext;
let admin: { token: string; email: string; id: string };
let call: ReturnType<typeof asUser>;
beforeAll(async () => {
  ctx = await createTestContext();
  const a = await createAdmin(ctx);
  const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/admin/me', headers: bearer(a.token) });
  admin = { ...a, id: me.json().admin.id };
  call = asUser(ctx, admin.token);
  await setSettings(ctx);
});
afterAll(() => ctx.close());

const submittedHacker = (overrides: Record<string, unknown> = {}) => submittedHackerIn(ctx, overrides);

async function sessionWorks(token: string): Promise<boolean> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  if (res.statusCode !== 200 && res.statusCode !== 401) throw new Error(`auth/me: ${res.statusCode}`);
  return res.statusCode === 200;
}

function login(email: string, password: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: randomIp(),
  });
}

describe('GET /api/admin/users', () => {
  const tag = `ulist${crypto.randomBytes(3).toString('hex')}`;
  // Sorted by e-mail, as the list is: u1 .. u9.
  const plan = [
    { role: 'hacker', app: null, draft: false, shown: 'not_started' },
    { role: 'hacker', app: null, draft: true, shown: 'in_progress' },
    { role: 'hacker', app: 'pending', draft: false, shown: 'pending' },
    { role: 'mentor', app: 'submitted', draft: false, shown: 'pending' },
    { role: 'hacker', app: 'accepted', draft: false, shown: 'accepted' },
    { role: 'mentor', app: 'rejected', draft: false, shown: 'rejected' },
    { role: 'hacker', app: 'waitlisted', draft: false, shown: 'waitlisted' },
    { role: 'admin', app: null, draft: false, shown: 'admin' },
    { role: 'volunteer', app: null, draft: false, shown: 'admin' },
  ] as const;
  const ids: string[] = [];
  const appIds = new Map<string, string>();
  const emailOf = (i: number) => (i === 8 ? `${tag}.9_x%@list.test` : `${tag}.${i + 1}@list.test`);

  beforeAll(async () => {
    const db = ctx.database.db;
    for (const [i, p] of plan.entries()) {
      const u = await buildUser(db, { email: emailOf(i), role: p.role, emailVerifiedAt: null });
      ids.push(u.id);
      if (p.app) {
        const a = await buildApplication(db, {
          userId: u.id,
          role: p.role as 'hacker' | 'mentor',
          status: p.app,
          firstName: 'L',
          lastName: String(i),
        });
        appIds.set(u.id, a.id);
      }
      if (p.draft) await db.insert(applicationDrafts).values({ userId: u.id, role: 'hacker' });
    }
  });

  async function usersFor(query: string) {
    const res = await call('GET', `/api/admin/users?${query}`);
    expect({ query, status: res.statusCode, body: res.statusCode === 200 ? '' : res.body }).toEqual({
      query,
      status: 200,
      body: '',
    });
    return adminUsersResponseSchema.parse(res.json());
  }
  /** Which of u1..u9 a query returns, in the server's order. */
  async function which(query: string): Promise<string> {
    const body = await usersFor(`search=${tag}&${query}`);
    expect(body.total).toBe(body.users.length);
    return body.users.map((u) => String(ids.indexOf(u._id) + 1)).join('');
  }

  it('searches e-mails (contains, case-insensitive) and answers the AdminUser shape, ordered by e-mail', async () => {
    const body = await usersFor(`search=${tag.toUpperCase()}`);
    expect(body).toMatchObject({ total: 9, page: 1, pages: 1 });
    expect(body.users.map((u) => u._id)).toEqual(ids);
    for (const [i, u] of body.users.entries()) {
      expect(u).toEqual({
        _id: ids[i],
        email: emailOf(i),
        role: plan[i]!.role,
        application_status: plan[i]!.shown,
        application_id: appIds.get(ids[i]!) ?? null,
        email_verified: false,
        created_at: expect.any(String),
      } satisfies AdminUser);
    }
  });

  it('takes % and _ in the search literally', async () => {
    expect((await usersFor(`search=${tag}.9_x%25`)).users.map((u) => u._id)).toEqual([ids[8]]);
    expect((await usersFor(`search=${tag}._`)).total).toBe(0);
    expect((await usersFor(`search=${tag}%25`)).total).toBe(0);
  });

  it('filters by status: not_started (no application yet), pending (pending or submitted) and decisions', async () => {
    // A user with only a draft has not submitted: shown as in_progress, counted under Not Started.
    expect(await which('status=not_started')).toBe('12');
    expect(await which('status=pending')).toBe('34');
    expect(await which('status=accepted')).toBe('5');
    expect(await which('status=rejected')).toBe('6');
    expect(await which('status=waitlisted')).toBe('7');
    expect(await which('status=accepted&status=rejected')).toBe('56');
    expect(await which('status[]=waitlisted&status[]=not_started')).toBe('127');
    expect(await which('status=')).toBe('123456789');
  });

  it('filters by role, and by role and status together', async () => {
    expect(await which('role=mentor')).toBe('46');
    expect(await which('role=hacker')).toBe('12357');
    expect(await which('role=admin&role=volunteer')).toBe('89');
    expect(await which('role[]=hacker&status=pending')).toBe('3');
    expect(await which('role=mentor&status=not_started')).toBe('');
  });

  it('pages the list', async () => {
    const first = await usersFor(`search=${tag}&limit=4`);
    expect(first).toMatchObject({ total: 9, page: 1, pages: 3 });
    expect(first.users.map((u) => u._id)).toEqual(ids.slice(0, 4));
    const last = await usersFor(`search=${tag}&limit=4&page=3`);
    expect(last).toMatchObject({ total: 9, page: 3, pages: 3 });
    expect(last.users.map((u) => u._id)).toEqual([ids[8]]);
    const all = await usersFor('limit=200');
    expect(all.total).toBe(all.users.length);
    expect(all.users.map((u) => u.email)).toEqual([...all.users.map((u) => u.email)].sort());
  });

  it('refuses unknown fields and values', async () => {
    for (const q of [
      'foo=1',
      'status=in_progress',
      'status=submitted',
      'role=judge',
      'limit=500',
      'page=0',
    ]) {
      const res = await call('GET', `/api/admin/users?${q}`);
      expect({ q, status: res.statusCode }).toEqual({ q, status: 400 });
    }
  });

  it('GET /api/admin/users/:id answers one user; 404 unknown, 400 not a UUID', async () => {
    const res = await call('GET', `/api/admin/users/${ids[4]}`);
    expect(res.statusCode).toBe(200);
    expect(adminUserSchema.parse(res.json())).toMatchObject({
      _id: ids[4],
      application_status: 'accepted',
      application_id: appIds.get(ids[4]!),
    });
    expect((await call('GET', `/api/admin/users/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/users/123')).statusCode).toBe(400);
  });
});

describe('POST /api/admin/users', () => {
  it('creates a user (201), lower-cases the e-mail, records it without the password', async () => {
    const email = `New.Volunteer.${crypto.randomBytes(3).toString('hex')}@Example.org`;
    const res = await call('POST', '/api/admin/users', { email, password: GOOD_PASSWORD, role: 'volunteer' });
    expect(res.statusCode).toBe(201);
    const user = adminUserSchema.parse(res.json());
    expect(user).toMatchObject({
      email: email.toLowerCase(),
      role: 'volunteer',
      application_status: 'admin',
      application_id: null,
      email_verified: true,
    });
    const rows = await auditRows(ctx, 'user', user._id);
    expect(rows).toEqual([
      {
        actor_email: admin.email,
        action: 'user.create',
        target_type: 'user',
        target_id: user._id,
        before: null,
        after: { email: email.toLowerCase(), role: 'volunteer' },
      },
    ]);
    const { rows: raw } = await ctx.database.pool.query<{ t: string }>(
      'select row_to_json(a)::text as t from audit_log a where target_id = $1',
      [user._id],
    );
    expect(raw[0]!.t).not.toContain(GOOD_PASSWORD);
    expect(raw[0]!.t).not.toContain('argon2');

    // The new account signs in with that password.
    expect((await login(email.toLowerCase(), GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('an admin made here can sign in to the admin portal', async () => {
    const email = `made.admin.${crypto.randomBytes(3).toString('hex')}@example.org`;
    const res = await call('POST', '/api/admin/users', { email, password: GOOD_PASSWORD, role: 'admin' });
    expect(res.statusCode).toBe(201);
    const adminLogin = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/admin/login',
      payload: { email, password: GOOD_PASSWORD },
      remoteAddress: randomIp(),
    });
    expect(adminLogin.statusCode).toBe(200);
  });

  it('409 email_taken for an existing e-mail, whatever its case', async () => {
    const existing = await quickUser(ctx);
    const before = await countRows(ctx, 'select 1 from users');
    const res = await call('POST', '/api/admin/users', {
      email: existing.email.toUpperCase(),
      password: GOOD_PASSWORD,
      role: 'hacker',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'An account with this email already exists.', code: 'email_taken' });
    expect(await countRows(ctx, 'select 1 from users')).toBe(before);
  });

  it('refuses weak or malformed input with 400 and creates nothing', async () => {
    const email = `weak.${crypto.randomBytes(3).toString('hex')}@example.org`;
    const weak = ['password', 'aaaaaaaaaa', `${email.split('@')[0]}-2025!`];
    for (const password of weak) {
      const res = await call('POST', '/api/admin/users', { email, password, role: 'hacker' });
      expect({ password, status: res.statusCode, code: res.json().code }).toEqual({
        password,
        status: 400,
        code: 'weak_password',
      });
    }
    const malformed = [
      { email, password: 'Short1!', role: 'hacker' },
      { email, password: 'x'.repeat(129), role: 'hacker' },
      { email: 'not-an-email', password: GOOD_PASSWORD, role: 'hacker' },
      { email, password: GOOD_PASSWORD, role: 'judge' },
      { email, password: GOOD_PASSWORD },
      { email, password: GOOD_PASSWORD, role: 'hacker', is_admin: true },
    ];
    for (const body of malformed) {
      const res = await call('POST', '/api/admin/users', body);
      expect({ body: JSON.stringify(body).slice(0, 60), status: res.statusCode }).toEqual({
        body: JSON.stringify(body).slice(0, 60),
        status: 400,
      });
    }
    expect(await countRows(ctx, 'select 1 from users where email = $1', [email])).toBe(0);
  });
});

describe('POST /api/admin/users: the role', () => {
  it('has no default: a missing, empty or null role is a 400 naming the field, and nothing is created', async () => {
    const email = `norole.${crypto.randomBytes(3).toString('hex')}@example.org`;
    for (const role of [undefined, '', null]) {
      const body =
        role === undefined ? { email, password: GOOD_PASSWORD } : { email, password: GOOD_PASSWORD, role };
      const res = await call('POST', '/api/admin/users', body);
      expect({ role, status: res.statusCode }).toEqual({ role, status: 400 });
      expect(res.json().error).toMatch(/\brole\b/i);
      expect(res.json().error).not.toMatch(/Internal/);
    }
    expect(await countRows(ctx, 'select 1 from users where email = $1', [email])).toBe(0);
  });
});

describe('PUT /api/admin/users/:id', () => {
  it('a role change revokes the user’s sessions and is recorded', async () => {
    const u = await quickUser(ctx, 'hacker');
    expect(await sessionWorks(u.token)).toBe(true);
    const res = await call('PUT', `/api/admin/users/${u.id}`, { role: 'mentor' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: u.id, role: 'mentor', email: u.email });
    expect(await sessionWorks(u.token)).toBe(false);
    expect(await auditRows(ctx, 'user', u.id)).toEqual([
      {
        actor_email: admin.email,
        action: 'user.update',
        target_type: 'user',
        target_id: u.id,
        before: { email: u.email, role: 'hacker' },
        after: { email: u.email, role: 'mentor' },
      },
    ]);
  });

  it('an e-mail change keeps the sessions; a taken e-mail is 409', async () => {
    const u = await quickUser(ctx, 'hacker');
    const other = await quickUser(ctx, 'hacker');
    const newEmail = `Renamed.${crypto.randomBytes(3).toString('hex')}@Example.org`;
    const res = await call('PUT', `/api/admin/users/${u.id}`, { email: newEmail });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(newEmail.toLowerCase());
    expect(await sessionWorks(u.token)).toBe(true);
    const same = await call('PUT', `/api/admin/users/${u.id}`, { role: 'hacker' });
    expect(same.statusCode).toBe(200);
    expect(await sessionWorks(u.token)).toBe(true);

    const taken = await call('PUT', `/api/admin/users/${u.id}`, { email: other.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('email_taken');
    expect((await call('GET', `/api/admin/users/${u.id}`)).json().email).toBe(newEmail.toLowerCase());
  });

  it('refuses removing one’s own admin role, unknown users and extra fields', async () => {
    const self = await call('PUT', `/api/admin/users/${admin.id}`, { role: 'hacker' });
    expect(self.statusCode).toBe(400);
    expect(self.json().code).toBe('self_demotion');
    expect((await call('GET', `/api/admin/users/${admin.id}`)).json().role).toBe('admin');
    expect(
      (await call('PUT', `/api/admin/users/${crypto.randomUUID()}`, { role: 'mentor' })).statusCode,
    ).toBe(404);
    const u = await quickUser(ctx);
    for (const body of [{ password: GOOD_PASSWORD }, { role: 'root' }, { email: 'nope' }]) {
      expect((await call('PUT', `/api/admin/users/${u.id}`, body)).statusCode).toBe(400);
    }
    expect(await sessionWorks(u.token)).toBe(true);
  });
});

describe('PUT /api/admin/users/:id/password', () => {
  it('sets the password, revokes every session, and only the new password works', async () => {
    const u = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const second = await login(u.email, GOOD_PASSWORD);
    expect(second.statusCode).toBe(200);
    const newPassword = 'Marmalade-Orbit-913';
    const res = await call('PUT', `/api/admin/users/${u.id}/password`, { password: newPassword });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await sessionWorks(u.token)).toBe(false);
    expect(await sessionWorks(second.json().access_token)).toBe(false);
    expect((await login(u.email, GOOD_PASSWORD)).statusCode).toBe(401);
    expect((await login(u.email, newPassword)).statusCode).toBe(200);
    const rows = await auditRows(ctx, 'user', u.id);
    expect(rows).toEqual([
      {
        actor_email: admin.email,
        action: 'user.password',
        target_type: 'user',
        target_id: u.id,
        before: null,
        after: null,
      },
    ]);
  });

  it('a weak password is refused and changes nothing', async () => {
    const u = await registerUser(ctx.app, { remoteAddress: randomIp() });
    for (const password of ['password', 'short']) {
      const res = await call('PUT', `/api/admin/users/${u.id}/password`, { password });
      expect(res.statusCode).toBe(400);
    }
    expect(await sessionWorks(u.token)).toBe(true);
    expect((await login(u.email, GOOD_PASSWORD)).statusCode).toBe(200);
    expect(
      (await call('PUT', `/api/admin/users/${crypto.randomUUID()}/password`, { password: GOOD_PASSWORD }))
        .statusCode,
    ).toBe(404);
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('removes the user, their sessions, application, uploads and files', async () => {
    const a = await submittedHacker();
    const appFile = await uploadPath(ctx, a.resume.name);
    // A second upload that is in no application: theirs too, so it goes as well.
    const loose = await uploadResume(ctx.app, a.token);
    const looseFile = await uploadPath(ctx, loose.name);
    const other = await createSession(ctx.database.db, ctx.config.sessionSecret, a.id, {});
    expect(fileExists(appFile) && fileExists(looseFile)).toBe(true);

    const res = await call('DELETE', `/api/admin/users/${a.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await sessionWorks(a.token)).toBe(false);
    expect(await sessionWorks(other)).toBe(false);
    expect(await countRows(ctx, 'select 1 from users where id = $1', [a.id])).toBe(0);
    expect(await countRows(ctx, 'select 1 from sessions where user_id = $1', [a.id])).toBe(0);
    expect(await countRows(ctx, 'select 1 from applications where user_id = $1', [a.id])).toBe(0);
    expect(
      await countRows(ctx, 'select 1 from uploads where id = any($1::uuid[])', [[a.resume.name, loose.name]]),
    ).toBe(0);
    expect(fileExists(appFile)).toBe(false);
    expect(fileExists(looseFile)).toBe(false);
    expect(await auditRows(ctx, 'user', a.id)).toEqual([
      {
        actor_email: admin.email,
        action: 'user.delete',
        target_type: 'user',
        target_id: a.id,
        // No e-mail: the deletion scrubs it from the log (modules/privacy/deletion.ts).
        before: { role: 'hacker', had_application: true },
        after: null,
      },
    ]);
    expect((await call('DELETE', `/api/admin/users/${a.id}`)).statusCode).toBe(404);
  });

  it('an admin cannot delete themselves', async () => {
    const res = await call('DELETE', `/api/admin/users/${admin.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('self_delete');
    expect(await sessionWorks(admin.token)).toBe(true);
    expect(await auditRows(ctx, 'user', admin.id)).toEqual([]);
  });

  it('bulk delete removes the given users with their files; unknown ids are ignored', async () => {
    const a = await submittedHacker();
    const b = await quickUser(ctx, 'mentor');
    const keep = await submittedHacker();
    const file = await uploadPath(ctx, a.resume.name);
    const keptFile = await uploadPath(ctx, keep.resume.name);
    const res = await call('POST', '/api/admin/users/bulk/delete', {
      user_ids: [a.id, b.id, crypto.randomUUID(), a.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: 2 });
    expect(await countRows(ctx, 'select 1 from users where id = any($1::uuid[])', [[a.id, b.id]])).toBe(0);
    expect(await countRows(ctx, 'select 1 from applications where id = $1', [a.appId])).toBe(0);
    expect(fileExists(file)).toBe(false);
    expect(fileExists(keptFile)).toBe(true);
    expect(await sessionWorks(b.token)).toBe(false);
    expect(await sessionWorks(keep.token)).toBe(true);
    for (const id of [a.id, b.id]) {
      expect(await auditRows(ctx, 'user', id)).toMatchObject([{ action: 'user.delete', after: null }]);
    }
  });

  it('bulk delete that includes oneself deletes nobody; too many or bad ids are 400', async () => {
    const u = await quickUser(ctx);
    const res = await call('POST', '/api/admin/users/bulk/delete', { user_ids: [u.id, admin.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('self_delete');
    expect(await sessionWorks(u.token)).toBe(true);
    const tooMany = Array.from({ length: 5001 }, () => crypto.randomUUID());
    expect((await call('POST', '/api/admin/users/bulk/delete', { user_ids: tooMany })).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/users/bulk/delete', { user_ids: [] })).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/users/bulk/delete', { user_ids: ['x'] })).statusCode).toBe(400);
  });
});

describe('POST /api/admin/users/:id/reset-application', () => {
  it('deletes the application and its file; the user is back to not_started and can apply again', async () => {
    const a = await submittedHacker();
    const file = await uploadPath(ctx, a.resume.name);
    const me = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(a.token) })).json().user
        .applicationStatus;
    expect(await me()).toBe('submitted');
    // The "Not started" filter reads users.applied, which a trigger on applications keeps.
    const notStarted = async () =>
      (await call('GET', `/api/admin/users?status=not_started&search=${encodeURIComponent(a.email)}`)).json()
        .total;
    expect(await notStarted()).toBe(0);

    const res = await call('POST', `/api/admin/users/${a.id}/reset-application`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await countRows(ctx, 'select 1 from applications where user_id = $1', [a.id])).toBe(0);
    expect(await countRows(ctx, 'select 1 from uploads where id = $1', [a.resume.name])).toBe(0);
    expect(fileExists(file)).toBe(false);
    expect(await me()).toBe('not_started');
    expect(await notStarted()).toBe(1);
    expect((await call('GET', `/api/admin/users/${a.id}`)).json()).toMatchObject({
      application_status: 'not_started',
      application_id: null,
    });
    expect(await auditRows(ctx, 'application', a.appId)).toMatchObject([
      {
        actor_email: admin.email,
        action: 'application.reset',
        before: { user_id: a.id, email: a.email, status: 'pending' },
        after: null,
      },
    ]);

    // Apply again, with a new resume.
    const resume = await uploadResume(ctx.app, a.token);
    const again = await submit(ctx.app, a.token, 'hacker', {
      ...hackerAnswers(),
      resume_url: resume.file_url,
    });
    expect(again.statusCode).toBe(201);
    expect(await me()).toBe('submitted');
  });

  it('404 no_application when there is nothing to reset; 404 for an unknown user', async () => {
    const u = await quickUser(ctx);
    const none = await call('POST', `/api/admin/users/${u.id}/reset-application`);
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('no_application');
    const unknown = await call('POST', `/api/admin/users/${crypto.randomUUID()}/reset-application`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('not_found');
  });
});

describe('GET /api/admin/users/stats', () => {
  it('counts users by role and by application status', async () => {
    const before = (await call('GET', '/api/admin/users/stats')).json();
    const db = ctx.database.db;
    await buildUser(db);
    await buildApplication(db, { role: 'mentor', status: 'accepted' });
    await buildApplication(db, { role: 'hacker', status: 'submitted' });
    const res = await call('GET', '/api/admin/users/stats');
    expect(res.statusCode).toBe(200);
    const after = res.json();
    const n = (o: Record<string, number>, k: string) => o[k] ?? 0;
    expect(after.total).toBe(before.total + 3);
    expect(n(after.by_role, 'hacker')).toBe(n(before.by_role, 'hacker') + 2);
    expect(n(after.by_role, 'mentor')).toBe(n(before.by_role, 'mentor') + 1);
    expect(n(after.by_status, 'not_started')).toBe(n(before.by_status, 'not_started') + 1);
    expect(n(after.by_status, 'accepted')).toBe(n(before.by_status, 'accepted') + 1);
    expect(n(after.by_status, 'pending')).toBe(n(before.by_status, 'pending') + 1);
    expect(after.by_status).not.toHaveProperty('submitted');
    const sum = (o: Record<string, number>) => Object.values(o).reduce((s, v) => s + v, 0);
    expect(sum(after.by_role)).toBe(after.total);
    expect(sum(after.by_status)).toBe(after.total);
  });
});

describe('GET /api/admin/audit', () => {
  it('lists entries newest first and filters by target', async () => {
    const { id } = await buildApplication(ctx.database.db, { firstName: 'Audit', lastName: 'Me' });
    for (const status of ['accepted', 'rejected', 'waitlisted']) {
      expect((await call('PUT', `/api/admin/applications/${id}/status`, { status })).statusCode).toBe(200);
    }
    const res = await call('GET', `/api/admin/audit?target_type=application&target_id=${id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.entries.map((e: { after: { status: string } }) => e.after.status)).toEqual([
      'waitlisted',
      'rejected',
      'accepted',
    ]);
    expect(body.entries[0]).toMatchObject({
      actor_email: admin.email,
      action: 'application.status',
      target_type: 'application',
      target_id: id,
      before: { status: 'rejected' },
    });

    const paged = (
      await call('GET', `/api/admin/audit?target_type=application&target_id=${id}&limit=1&page=2`)
    ).json();
    expect(paged.total).toBe(3);
    expect(paged.entries.map((e: { after: { status: string } }) => e.after.status)).toEqual(['rejected']);

    const users = (await call('GET', '/api/admin/audit?target_type=user&limit=200')).json();
    expect(users.entries.length).toBeGreaterThan(0);
    for (const e of users.entries) expect(e.target_type).toBe('user');
    const all = (await call('GET', '/api/admin/audit?limit=200')).json();
    const stamps = all.entries.map((e: { created_at: string }) => Date.parse(e.created_at));
    expect(stamps).toEqual([...stamps].sort((a: number, b: number) => b - a));
    expect((await call('GET', '/api/admin/audit?actor=me')).statusCode).toBe(400);
  });

  it('the audit log is append-only: UPDATE and DELETE fail', async () => {
    const before = await countRows(ctx, 'select 1 from audit_log');
    expect(before).toBeGreaterThan(0);
    await expect(ctx.database.pool.query("update audit_log set action = 'tampered'")).rejects.toThrow(
      /append-only/,
    );
    await expect(ctx.database.pool.query('delete from audit_log')).rejects.toThrow(/append-only/);
    expect(await countRows(ctx, 'select 1 from audit_log')).toBe(before);
    expect(await countRows(ctx, "select 1 from audit_log where action = 'tampered'")).toBe(0);
  });
});
