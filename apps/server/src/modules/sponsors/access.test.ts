/**
 * A sponsor account reads the resume book and nothing else: every other route of the registered
 * table refuses it, whatever its access level, and every sponsor route refuses it outside its
 * access window (before it opens, once it ends).
 */
import crypto from 'node:crypto';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPONSOR_WINDOW_CLOSED } from '@lanyard/shared/sponsors';
import {
  bearer,
  createAdmin,
  createTestContext,
  GOOD_PASSWORD,
  type TestContext,
} from '../../../test/helper';
import { sponsorSession, type SponsorSession } from '../../../test/sponsors';

let ctx: TestContext;
let admin: { token: string };
let sponsor: SponsorSession;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx);
  sponsor = await sponsorSession(ctx, {}, admin);
});
afterAll(() => ctx?.close());

const HOUR = 3_600_000;

function concreteUrl(pattern: string): string {
  return pattern
    .split('/')
    .map((s) => (s.startsWith(':') ? crypto.randomUUID() : s === '*' ? 'x' : s))
    .join('/');
}

function call(method: string, url: string, token?: string) {
  const withBody = !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(method);
  return ctx.app.inject({
    method: method as HTTPMethods,
    url,
    headers: token ? (bearer(token) as Record<string, string>) : {},
    ...(withBody ? { payload: {} } : {}),
  });
}

describe('a sponsor is refused everything but the book', () => {
  it('every admin, staff, reviewer, applicant and user route answers 403 to a sponsor', async () => {
    const routes = ctx.app.routeTable.filter(
      (r) => r.access !== 'public' && r.access !== 'sponsor' && `${r.method} ${r.url}` !== 'GET /api/auth/me',
    );
    // The walk covers each kind of route a sponsor must never reach.
    for (const access of ['admin', 'staff', 'reviewer', 'applicant', 'user'])
      expect(
        routes.some((r) => r.access === access),
        access,
      ).toBe(true);
    for (const route of routes) {
      const res = await call(route.method, concreteUrl(route.url), sponsor.token);
      expect({ route, status: res.statusCode }).toEqual({ route, status: 403 });
    }
  });

  it('may ask who it is, and lands as a sponsor', async () => {
    const res = await call('GET', '/api/auth/me', sponsor.token);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { user: { role: string } }).user.role).toBe('sponsor');
  });

  it('sponsor routes refuse anonymous callers (401), applicants, admins and reviewers (403)', async () => {
    const hacker = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: `h-${crypto.randomUUID()}@example.com`, password: GOOD_PASSWORD, role: 'hacker' },
    });
    const hackerToken = (hacker.json() as { access_token: string }).access_token;
    const routes = ctx.app.routeTable.filter((r) => r.access === 'sponsor');
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) {
      const url = concreteUrl(route.url);
      expect({ route, anon: (await call(route.method, url)).statusCode }).toEqual({ route, anon: 401 });
      for (const token of [hackerToken, admin.token]) {
        const res = await call(route.method, url, token);
        expect({ route, status: res.statusCode }).toEqual({ route, status: 403 });
      }
    }
  });
});

describe('the access window', () => {
  it.each([
    ['before it opens', { from: new Date(Date.now() + HOUR), until: new Date(Date.now() + 2 * HOUR) }],
    ['after it ended', { from: new Date(Date.now() - 2 * HOUR), until: new Date(Date.now() - HOUR) }],
  ])('%s, every sponsor route answers 403 %s', async (_when, window) => {
    const outside = await sponsorSession(ctx, window, admin);
    for (const route of ctx.app.routeTable.filter((r) => r.access === 'sponsor')) {
      const res = await call(route.method, concreteUrl(route.url), outside.token);
      expect({ route, status: res.statusCode }).toEqual({ route, status: 403 });
      expect(res.json()).toMatchObject({ code: SPONSOR_WINDOW_CLOSED });
    }
  });

  it('an admin ending the window early closes access at once', async () => {
    const s = await sponsorSession(ctx, {}, admin);
    expect((await call('GET', '/api/sponsor/me', s.token)).statusCode).toBe(200);
    const end = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/sponsors/${s.userId}`,
      headers: bearer(admin.token),
      payload: {
        access_until: new Date(Date.now() - 1000).toISOString(),
        access_from: new Date(Date.now() - HOUR).toISOString(),
      },
    });
    expect(end.statusCode).toBe(200);
    // The shortened window also ended the session: signing in again meets the closed window.
    expect((await call('GET', '/api/sponsor/me', s.token)).statusCode).toBe(401);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/admin/login',
      payload: { email: s.email, password: GOOD_PASSWORD },
    });
    const token = (again.json() as { access_token: string }).access_token;
    const res = await call('GET', '/api/sponsor/me', token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: SPONSOR_WINDOW_CLOSED });
  });
});

describe('creating sponsors', () => {
  it('the Users route refuses a bare sponsor (no company or window), on create and on role change', async () => {
    const create = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: bearer(admin.token),
      payload: { email: `s-${crypto.randomUUID()}@example.com`, password: GOOD_PASSWORD, role: 'sponsor' },
    });
    expect(create.statusCode).toBe(400);
    expect(create.json()).toMatchObject({ code: 'sponsor_needs_company' });
    const me = await call('GET', '/api/auth/me', admin.token);
    const adminId = (me.json() as { user: { id: string } }).user.id;
    const other = await createAdmin(ctx);
    const change = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${adminId}`,
      headers: bearer(other.token),
      payload: { role: 'sponsor' },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json()).toMatchObject({ code: 'sponsor_needs_company' });
  });

  it('refuses a window that ends before it starts, naming the field', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/sponsors',
      headers: bearer(admin.token),
      payload: {
        email: `s-${crypto.randomUUID()}@example.com`,
        password: GOOD_PASSWORD,
        company: 'Acme',
        access_from: new Date().toISOString(),
        access_until: new Date(Date.now() - HOUR).toISOString(),
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('access_until');
  });

  it('records the creation in the audit log and lists the sponsor with its company and window', async () => {
    const res = await call('GET', '/api/admin/sponsors', admin.token);
    expect(res.statusCode).toBe(200);
    const listed = (res.json() as { sponsors: { user_id: string; company: string }[] }).sponsors;
    expect(listed.find((s) => s.user_id === sponsor.userId)).toMatchObject({ company: 'Acme Corp' });
  });
});
