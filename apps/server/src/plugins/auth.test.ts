import crypto from 'node:crypto';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdmin,
  createTestContext,
  randomIp,
  registerUser,
  type TestContext,
} from '../../test/helper';
import { buildApp } from '../app';

let ctx: TestContext;
let hacker: { token: string; cookie: string };
beforeAll(async () => {
  ctx = await createTestContext();
  hacker = await registerUser(ctx.app, { remoteAddress: randomIp() });
});
afterAll(() => ctx.close());

/** A concrete URL for a route pattern: every `:param` a random UUID, a wildcard a plain segment. */
function concreteUrl(pattern: string): string {
  return pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? crypto.randomUUID() : segment === '*' ? 'x' : segment))
    .join('/');
}

function call(method: string, url: string, headers: Record<string, string> = {}) {
  const withBody = !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(method);
  return ctx.app.inject({
    method: method as HTTPMethods,
    url,
    headers,
    ...(withBody ? { payload: {} } : {}),
  });
}

describe('the route table', () => {
  it('lists every /api route with its access, including the admin dashboard', () => {
    const table = ctx.app.routeTable;
    expect(table.length).toBeGreaterThan(5);
    expect(table).toContainEqual({ method: 'GET', url: '/api/admin/dashboard', access: 'admin' });
    expect(table).toContainEqual({ method: 'GET', url: '/api/auth/me', access: 'user' });
    expect(table).toContainEqual({ method: 'POST', url: '/api/auth/login', access: 'public' });
    for (const route of table) {
      expect(['public', 'user', 'applicant', 'admin', 'staff', 'reviewer', 'sponsor']).toContain(
        route.access,
      );
      expect(route.url.startsWith('/api')).toBe(true);
    }
  });

  it('every admin, staff and reviewer route refuses anonymous callers (401) and hackers (403)', async () => {
    const routes = ctx.app.routeTable.filter(
      (r) => r.access === 'admin' || r.access === 'staff' || r.access === 'reviewer',
    );
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      const url = concreteUrl(route.url);
      const anon = await call(route.method, url);
      expect({ route, status: anon.statusCode }).toEqual({ route, status: 401 });
      const asHacker = await call(route.method, url, bearer(hacker.token) as Record<string, string>);
      expect({ route, status: asHacker.statusCode }).toEqual({ route, status: 403 });
      const withCookie = await call(route.method, url, { cookie: hacker.cookie });
      expect({ route, status: withCookie.statusCode }).toEqual({ route, status: 403 });
      if (route.method === 'GET') {
        // Fastify answers HEAD for every GET route: the same rules must hold there.
        const head = await call('HEAD', url);
        expect({ route, head: head.statusCode }).toEqual({ route, head: 401 });
        const headAsHacker = await call('HEAD', url, bearer(hacker.token) as Record<string, string>);
        expect({ route, head: headAsHacker.statusCode }).toEqual({ route, head: 403 });
      }
    }
  });

  it('every user and applicant route refuses anonymous callers (401); applicant routes refuse admins', async () => {
    const routes = ctx.app.routeTable.filter((r) => r.access === 'user' || r.access === 'applicant');
    expect(routes.length).toBeGreaterThan(0);
    const admin = await createAdmin(ctx);
    for (const route of routes) {
      const url = concreteUrl(route.url);
      const res = await call(route.method, url);
      expect({ route, status: res.statusCode }).toEqual({ route, status: 401 });
      expect(res.json().code).toBe('unauthorized');
      if (route.access === 'applicant') {
        const asAdmin = await call(route.method, url, bearer(admin.token) as Record<string, string>);
        expect({ route, status: asAdmin.statusCode }).toEqual({ route, status: 403 });
      }
    }
  });

  it('an admin gets through the admin routes that take no parameters', async () => {
    const admin = await createAdmin(ctx);
    const routes = ctx.app.routeTable.filter(
      (r) => r.access === 'admin' && r.method === 'GET' && !r.url.includes(':') && !r.url.includes('*'),
    );
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      const res = await call(route.method, route.url, bearer(admin.token) as Record<string, string>);
      // Authorised: neither refused nor broken (a route may still want query parameters).
      expect({ route, refused: [401, 403].includes(res.statusCode), failed: res.statusCode >= 500 }).toEqual({
        route,
        refused: false,
        failed: false,
      });
    }
  });

  it('refuses at start-up an /api route that does not declare its access', async () => {
    const app = await buildApp({ config: ctx.config, db: ctx.database.db, logger: false });
    expect(() => app.get('/api/undeclared', async () => ({ ok: true }))).toThrow(/config\.access/);
    await app.close();
  });
});

describe('CSRF', () => {
  async function freshSession() {
    return registerUser(ctx.app, { remoteAddress: randomIp() });
  }

  function logout(headers: Record<string, string>) {
    return ctx.app.inject({ method: 'POST', url: '/api/auth/logout', payload: {}, headers });
  }

  async function stillSignedIn(token: string): Promise<boolean> {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    return res.statusCode === 200;
  }

  it('refuses a cookie-authenticated POST from a foreign Origin, changing nothing', async () => {
    const { cookie, token } = await freshSession();
    const res = await logout({ cookie, origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: expect.any(String), code: 'csrf' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await stillSignedIn(token)).toBe(true);
  });

  it('refuses a look-alike of our origin', async () => {
    const { cookie, token } = await freshSession();
    for (const origin of ['http://localhost:3000.evil.example', 'https://localhost:3000', 'null']) {
      const res = await logout({ cookie, origin });
      expect({ origin, status: res.statusCode }).toEqual({ origin, status: 403 });
    }
    expect(await stillSignedIn(token)).toBe(true);
  });

  it('refuses a cross-site request without Origin by Sec-Fetch-Site', async () => {
    const { cookie, token } = await freshSession();
    const res = await logout({ cookie, 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('csrf');
    expect(await stillSignedIn(token)).toBe(true);
  });

  it('accepts the same origin (PUBLIC_URL)', async () => {
    const { cookie, token } = await freshSession();
    const res = await logout({ cookie, origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' });
    expect(res.statusCode).toBe(200);
    expect(await stillSignedIn(token)).toBe(false);
  });

  it('accepts a bearer-authenticated call from any origin (no ambient credentials)', async () => {
    const { token } = await freshSession();
    const res = await logout({
      ...(bearer(token) as Record<string, string>),
      origin: 'https://evil.example',
    });
    expect(res.statusCode).toBe(200);
    expect(await stillSignedIn(token)).toBe(false);
  });

  it('refuses a sign-in posted from a foreign site (login CSRF)', async () => {
    const { email } = await freshSession();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'Tangerine-Lantern-42' },
      headers: { origin: 'https://evil.example' },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('csrf');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('lets safe methods through from anywhere (they change nothing)', async () => {
    const { cookie } = await freshSession();
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
  });
});
