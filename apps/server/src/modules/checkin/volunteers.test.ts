import crypto from 'node:crypto';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuthResponseSchema } from '@lanyard/shared/auth';
import { asUser, countRows } from '../../../test/admin';
import { createRecord, uploadCsv } from '../../../test/checkin';
import {
  GOOD_PASSWORD,
  bearer,
  createAdmin,
  createTestContext,
  randomIp,
  uniqueEmail,
  type TestContext,
} from '../../../test/helper';

const UPLOAD_PASSWORD = 'Volunteer-Desk-Upload-55';

let ctx: TestContext;
let admin: { token: string; email: string };
let volunteer: { token: string; email: string; id: string };
let asVolunteer: ReturnType<typeof asUser>;

beforeAll(async () => {
  ctx = await createTestContext({ CHECKIN_UPLOAD_PASSWORD: UPLOAD_PASSWORD });
  admin = await createAdmin(ctx);
});
afterAll(() => ctx.close());

/** A concrete URL for a route pattern: every `:param` a random UUID, a wildcard a plain segment. */
function concreteUrl(pattern: string): string {
  return pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? crypto.randomUUID() : segment === '*' ? 'x' : segment))
    .join('/');
}

function callAs(token: string, method: string, url: string) {
  const withBody = !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(method);
  return ctx.app.inject({
    method: method as HTTPMethods,
    url,
    headers: bearer(token),
    ...(withBody ? { payload: {} } : {}),
  });
}

describe('a volunteer account', () => {
  it('is created by an admin and signs in at the admin login as role volunteer', async () => {
    const email = uniqueEmail('volunteer');
    const made = await asUser(ctx, admin.token)('POST', '/api/admin/users', {
      email,
      password: GOOD_PASSWORD,
      role: 'volunteer',
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ email, role: 'volunteer' });

    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/admin/login',
      payload: { email, password: GOOD_PASSWORD },
      remoteAddress: randomIp(),
    });
    expect(login.statusCode, login.body).toBe(200);
    const body = adminAuthResponseSchema.parse(login.json());
    expect(body.admin).toMatchObject({ email, role: 'volunteer' });
    volunteer = { token: body.access_token, email, id: (made.json() as { _id: string })._id };
    asVolunteer = asUser(ctx, volunteer.token);

    const me = await asVolunteer('GET', '/api/auth/admin/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().admin).toMatchObject({ email, role: 'volunteer' });
  });

  it('gets 403 on admin routes such as the dashboard, users, settings and exports', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/dashboard'],
      ['GET', '/api/admin/users'],
      ['POST', '/api/admin/users'],
      ['GET', '/api/settings'],
      ['PUT', '/api/settings'],
      ['GET', '/api/export/applications/csv'],
      ['GET', '/api/export/users/csv'],
      ['GET', '/api/admin/applications'],
      ['POST', '/api/admin/decisions/release'],
      ['GET', '/api/admin/audit'],
      ['POST', '/api/checkin/import-rsvps'],
    ] as const) {
      const res = await callAs(volunteer.token, method, url);
      expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 403 });
      expect(res.json().code).toBe('forbidden');
    }
    // The volunteer could not make themselves an admin.
    const promote = await asVolunteer('PUT', `/api/admin/users/${volunteer.id}`, { role: 'admin' });
    expect(promote.statusCode).toBe(403);
    expect(
      await countRows(ctx, "select 1 from users where id = $1 and role = 'volunteer'", [volunteer.id]),
    ).toBe(1);
  });

  it('every route of the route table with access admin refuses the volunteer (403)', async () => {
    const routes = ctx.app.routeTable.filter((r) => r.access === 'admin');
    expect(routes.length).toBeGreaterThan(30);
    expect(routes).toContainEqual({ method: 'POST', url: '/api/checkin/import-rsvps', access: 'admin' });
    for (const route of routes) {
      const res = await callAs(volunteer.token, route.method, concreteUrl(route.url));
      expect({ route, status: res.statusCode }).toEqual({ route, status: 403 });
    }
  });

  it('every staff route of the route table lets the volunteer through', async () => {
    const routes = ctx.app.routeTable.filter((r) => r.access === 'staff');
    const checkinUrls = routes
      .filter((r) => r.url.startsWith('/api/checkin'))
      .map((r) => `${r.method} ${r.url}`);
    expect(checkinUrls.sort()).toEqual(
      [
        'GET /api/checkin/stats',
        'GET /api/checkin/records',
        'POST /api/checkin/records',
        'PUT /api/checkin/records/:id',
        'PUT /api/checkin/records/:id/checkin',
        'POST /api/checkin/upload-csv',
        'POST /api/checkin/upload-csv/verify-password',
        'POST /api/checkin/scan',
        'GET /api/checkin/events',
        // Stations (event day): volunteers scan; only admins define stations or export them.
        'GET /api/checkin/stations',
        'GET /api/checkin/stations/counts',
        'POST /api/checkin/stations/:id/scan',
        'POST /api/checkin/stations/:id/scan-record',
        'GET /api/checkin/stations/:id/snapshot',
        'POST /api/checkin/scans/:id/undo',
        'POST /api/checkin/scans/replay',
        'GET /api/checkin/records/:id/scans',
      ].sort(),
    );
    for (const route of routes) {
      // The event stream never ends; it is read over a real connection in live.test.ts.
      if (route.url === '/api/checkin/events') continue;
      const res = await callAs(volunteer.token, route.method, concreteUrl(route.url));
      expect({ route, refused: [401, 403].includes(res.statusCode), failed: res.statusCode >= 500 }).toEqual({
        route,
        refused: false,
        failed: false,
      });
    }
  });

  it('works the desk: creates, lists, edits, checks in (as themself) and undoes', async () => {
    const res = await asVolunteer('POST', '/api/checkin/records', {
      firstName: 'Walk',
      lastName: 'In',
      email: 'walk.in@example.org',
      phone: '555-0199',
      school_name: 'Door University',
      role: 'hacker',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json()._id as string;
    expect((await asVolunteer('GET', '/api/checkin/records?search=walk.in')).json().total).toBe(1);
    expect((await asVolunteer('GET', '/api/checkin/stats')).statusCode).toBe(200);
    const edit = await asVolunteer('PUT', `/api/checkin/records/${id}`, { shirtSize: 'l' });
    expect(edit.statusCode).toBe(200);
    const checkin = await asVolunteer('PUT', `/api/checkin/records/${id}/checkin`, { checked_in: true });
    expect(checkin.statusCode).toBe(200);
    expect(checkin.json()).toMatchObject({ checked_in: true, checked_in_by_email: volunteer.email });
    // An admin at another desk is told the volunteer did it.
    const twice = await asUser(ctx, admin.token)('PUT', `/api/checkin/records/${id}/checkin`, {
      checked_in: true,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toContain(volunteer.email);
    const undo = await asVolunteer('PUT', `/api/checkin/records/${id}/checkin`, { checked_in: false });
    expect(undo.statusCode).toBe(200);
    const other = await createRecord(ctx, admin.token);
    expect(
      (await asVolunteer('PUT', `/api/checkin/records/${other._id}/checkin`, { checked_in: true }))
        .statusCode,
    ).toBe(200);
  });

  it('may unlock and use the CSV upload with the upload password', async () => {
    const verify = await asVolunteer('POST', '/api/checkin/upload-csv/verify-password', {
      password: UPLOAD_PASSWORD,
    });
    expect(verify.statusCode).toBe(200);
    const res = await uploadCsv(ctx, volunteer.token, {
      csv: 'firstName,lastName,email\nVol,Upload,vol.upload@example.org\n',
      password: UPLOAD_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ processed_count: 1, replaced: false });
  });

  it('loses access when an admin turns the account back into a hacker', async () => {
    const email = uniqueEmail('volunteer');
    const made = await asUser(ctx, admin.token)('POST', '/api/admin/users', {
      email,
      password: GOOD_PASSWORD,
      role: 'volunteer',
    });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/admin/login',
      payload: { email, password: GOOD_PASSWORD },
      remoteAddress: randomIp(),
    });
    const token = login.json().access_token as string;
    expect((await callAs(token, 'GET', '/api/checkin/stats')).statusCode).toBe(200);
    const demote = await asUser(ctx, admin.token)('PUT', `/api/admin/users/${made.json()._id}`, {
      role: 'hacker',
    });
    expect(demote.statusCode).toBe(200);
    expect([401, 403]).toContain((await callAs(token, 'GET', '/api/checkin/stats')).statusCode);
  });
});
