import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicantRole, ApplicationStatus } from '@lanyard/shared/constants';
import {
  bearer,
  createAdmin,
  createTestContext,
  randomIp,
  registerUser,
  type TestContext,
} from '../../../test/helper';
import { buildApplication } from '../../../test/factories';
import { applications, settings } from '../../db/schema/index';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function addApplication(
  user: { id: string; email: string },
  role: ApplicantRole,
  status: ApplicationStatus,
): Promise<void> {
  await buildApplication(ctx.database.db, { userId: user.id, role, status });
}

async function dashboard(token: string, url = '/api/admin/dashboard') {
  const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('GET /api/admin/dashboard', () => {
  it('counts applicants (not admins) and applications by role and grading state', async () => {
    const admin = await createAdmin(ctx);
    expect(await dashboard(admin.token)).toEqual({
      total_users: 0,
      hacker_applications: 0,
      mentor_applications: 0,
      not_graded: 0,
      staff_users: 1,
    });

    const h1 = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const h2 = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const m1 = await registerUser(ctx.app, { role: 'mentor', remoteAddress: randomIp() });
    expect(await dashboard(admin.token)).toEqual({
      total_users: 3,
      hacker_applications: 0,
      mentor_applications: 0,
      not_graded: 0,
      staff_users: 1,
    });

    await addApplication(h1, 'hacker', 'submitted');
    await addApplication(h2, 'hacker', 'accepted');
    await addApplication(m1, 'mentor', 'pending');
    const stats = await dashboard(admin.token);
    expect(stats).toEqual({
      total_users: 3,
      hacker_applications: 2,
      mentor_applications: 1,
      not_graded: 2,
      staff_users: 1,
    });
    // The legacy path answers the same.
    expect(await dashboard(admin.token, '/api/admin/stats')).toEqual(stats);

    // Grading moves an application out of not_graded; rejected and waitlisted are graded too.
    await ctx.database.db
      .update(applications)
      .set({ status: 'rejected' })
      .where(eq(applications.userId, h1.id));
    await ctx.database.db
      .update(applications)
      .set({ status: 'waitlisted' })
      .where(eq(applications.userId, m1.id));
    expect(await dashboard(admin.token)).toMatchObject({
      hacker_applications: 2,
      mentor_applications: 1,
      not_graded: 0,
    });

    // Another admin is not an applicant.
    await createAdmin(ctx);
    expect((await dashboard(admin.token)).total_users).toBe(3);
  });
});

describe('Registered Users beside the Users list', () => {
  it('counts the staff accounts apart, so applicants + staff is the Users list total', async () => {
    const admin = await createAdmin(ctx);
    await createAdmin(ctx);
    const stats = await dashboard(admin.token);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    const listTotal: number = res.json().total;
    const { rows } = await ctx.database.pool.query<{ n: number }>(
      "select count(*)::int as n from users where role not in ('hacker', 'mentor')",
    );
    expect(stats.staff_users).toBe(rows[0]!.n);
    expect(stats.staff_users).toBeGreaterThanOrEqual(2);
    expect(stats.total_users + stats.staff_users).toBe(listTotal);
  });
});

describe('applicationStatus as the applicant sees it', () => {
  async function status(token: string): Promise<string> {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json().user.applicationStatus;
  }

  async function release(flags: { hackers?: boolean; mentors?: boolean }): Promise<void> {
    await ctx.database.db
      .update(settings)
      .set({
        ...(flags.hackers !== undefined ? { hackerDecisionsReleased: flags.hackers } : {}),
        ...(flags.mentors !== undefined ? { mentorDecisionsReleased: flags.mentors } : {}),
      })
      .where(eq(settings.id, 1));
  }

  it('hides a decision as "submitted" until that role’s decisions are released', async () => {
    await release({ hackers: false, mentors: false });
    const hacker = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const waitlisted = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const pending = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const mentor = await registerUser(ctx.app, { role: 'mentor', remoteAddress: randomIp() });
    const nothing = await registerUser(ctx.app, { remoteAddress: randomIp() });
    await addApplication(hacker, 'hacker', 'accepted');
    await addApplication(waitlisted, 'hacker', 'waitlisted');
    await addApplication(pending, 'hacker', 'pending');
    await addApplication(mentor, 'mentor', 'rejected');

    expect(await status(nothing.token)).toBe('not_started');
    expect(await status(hacker.token)).toBe('submitted');
    expect(await status(waitlisted.token)).toBe('submitted');
    expect(await status(pending.token)).toBe('submitted');
    expect(await status(mentor.token)).toBe('submitted');

    await release({ hackers: true });
    expect(await status(hacker.token)).toBe('accepted');
    expect(await status(waitlisted.token)).toBe('waitlisted');
    expect(await status(pending.token)).toBe('submitted');
    // Mentors wait for their own release.
    expect(await status(mentor.token)).toBe('submitted');

    await release({ hackers: false, mentors: true });
    expect(await status(hacker.token)).toBe('submitted');
    expect(await status(mentor.token)).toBe('rejected');

    // The same masking applies to the user returned at login.
    await release({ hackers: false, mentors: false });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: hacker.email, password: 'Tangerine-Lantern-42' },
      remoteAddress: randomIp(),
    });
    expect(login.json().user.applicationStatus).toBe('submitted');
  });

  it('shows admins as "admin"', async () => {
    const admin = await createAdmin(ctx);
    expect(await status(admin.token)).toBe('admin');
  });
});
