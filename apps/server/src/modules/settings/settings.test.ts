import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { publicSettingsSchema } from '@lanyard/shared/settings';
import { addAccessCodes, setSettings } from '../../../test/applicant';
import {
  bearer,
  createAdmin,
  createTestContext,
  randomIp,
  registerUser,
  type TestContext,
} from '../../../test/helper';

let ctx: TestContext;
let admin: { token: string; email: string };
let hacker: { token: string };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx);
  hacker = await registerUser(ctx.app, { remoteAddress: randomIp() });
});
afterAll(() => ctx.close());

beforeEach(async () => {
  await setSettings(ctx);
  await ctx.database.pool.query('delete from access_codes');
});

const HOUR = 3600_000;

function publicSettings() {
  return ctx.app.inject({ method: 'GET', url: '/api/settings/public' });
}

function asAdmin(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: bearer(admin.token),
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

interface AuditRow {
  action: string;
  target_type: string;
  target_id: string | null;
  actor_email: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

async function auditRows(): Promise<AuditRow[]> {
  const { rows } = await ctx.database.pool.query<AuditRow>(
    `select action, target_type, target_id, actor_email, before, after from audit_log
      order by created_at, id`,
  );
  return rows;
}

/** The audit rows written while `fn` ran. */
async function auditedBy(fn: () => Promise<unknown>): Promise<AuditRow[]> {
  const before = (await auditRows()).length;
  await fn();
  return (await auditRows()).slice(before);
}

describe('GET /api/settings/public', () => {
  it('answers the public shape, with the server time, to anyone', async () => {
    const res = await publicSettings();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'status',
        'message',
        'require_access_code',
        'application_deadline',
        'allow_late_applications',
        'force_application_open',
        'hacker_decisions_released',
        'mentor_decisions_released',
        'rsvp_deadline',
        'rsvp_open',
        'server_time',
        'custom_questions',
      ].sort(),
    );
    expect(body.custom_questions).toEqual({ hacker: [], mentor: [] });
    expect(publicSettingsSchema.parse(body)).toEqual(body);
    expect(body).toMatchObject({
      status: 'open',
      message: 'Applications are open.',
      application_deadline: null,
      allow_late_applications: false,
      require_access_code: false,
      force_application_open: false,
      rsvp_open: true,
    });
    expect(Math.abs(Date.parse(body.server_time) - Date.now())).toBeLessThan(60_000);
  });

  it.each([
    ['open before the deadline', { application_deadline: new Date(Date.now() + HOUR) }, 'open', /are open\./],
    [
      'closed after the deadline, late off',
      { application_deadline: new Date(Date.now() - HOUR) },
      'closed',
      /not being accepted/,
    ],
    [
      'late after the deadline, late on',
      { application_deadline: new Date(Date.now() - HOUR), allow_late_applications: true },
      'late',
      /still apply with a special access code/,
    ],
    [
      'late when a code is required for all',
      { require_access_code: true },
      'late',
      /require a special access code/,
    ],
    [
      'open when forced, whatever else',
      {
        application_deadline: new Date(Date.now() - HOUR),
        require_access_code: true,
        force_application_open: true,
      },
      'open',
      /admin override/,
    ],
  ] as const)('computes the status: %s', async (_label, patch, status, message) => {
    await setSettings(ctx, patch);
    const body = (await publicSettings()).json();
    expect(body.status).toBe(status);
    expect(body.message).toMatch(message);
    if ('application_deadline' in patch) {
      expect(body.application_deadline).toBe(patch.application_deadline.toISOString());
    }
  });

  it('never shows the access codes', async () => {
    await addAccessCodes(ctx, 'SECRETCODE42');
    await setSettings(ctx, { require_access_code: true });
    const res = await publicSettings();
    expect(res.json()).not.toHaveProperty('special_access_codes');
    expect(res.body).not.toContain('SECRETCODE42');
    // The admin view does show them.
    expect((await asAdmin('GET', '/api/settings')).json().special_access_codes).toEqual(['SECRETCODE42']);
  });
});

describe('PUT /api/settings', () => {
  it('applies any subset and leaves the rest alone', async () => {
    const deadline = '2031-08-18T23:59:59.000Z';
    const first = await asAdmin('PUT', '/api/settings', { application_deadline: deadline });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ application_deadline: deadline, allow_late_applications: false });

    const second = await asAdmin('PUT', '/api/settings', { allow_late_applications: true, rsvp_open: false });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      application_deadline: deadline,
      allow_late_applications: true,
      rsvp_open: false,
      require_access_code: false,
    });

    const empty = await asAdmin('PUT', '/api/settings', {});
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ application_deadline: deadline, allow_late_applications: true });

    const cleared = await asAdmin('PUT', '/api/settings', { application_deadline: null });
    expect(cleared.json().application_deadline).toBeNull();
    expect((await publicSettings()).json()).toMatchObject({
      application_deadline: null,
      allow_late_applications: true,
      rsvp_open: false,
    });
  });

  it('takes an offset date-time and stores the instant', async () => {
    const res = await asAdmin('PUT', '/api/settings', { rsvp_deadline: '2031-08-20T12:00:00-04:00' });
    expect(res.statusCode).toBe(200);
    expect(res.json().rsvp_deadline).toBe('2031-08-20T16:00:00.000Z');
  });

  it('upper-cases the codes and drops empties and duplicates', async () => {
    const res = await asAdmin('PUT', '/api/settings', {
      special_access_codes: [' late1 ', 'LATE1', '', '  ', 'vip', 'Vip'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().special_access_codes).toEqual(['LATE1', 'VIP']);
    const { rows } = await ctx.database.pool.query('select code from access_codes order by code');
    expect(rows.map((r) => r.code)).toEqual(['LATE1', 'VIP']);
    // Replacing the list replaces it.
    const again = await asAdmin('PUT', '/api/settings', { special_access_codes: ['other'] });
    expect(again.json().special_access_codes).toEqual(['OTHER']);
  });

  it('refuses anonymous callers (401) and applicants (403), changing nothing', async () => {
    const anon = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings',
      payload: { force_application_open: true },
    });
    expect(anon.statusCode).toBe(401);
    const applicant = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings',
      payload: { force_application_open: true },
      headers: bearer(hacker.token),
    });
    expect(applicant.statusCode).toBe(403);
    expect(applicant.json().code).toBe('forbidden');
    expect((await publicSettings()).json().force_application_open).toBe(false);
    const get = await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: bearer(hacker.token) });
    expect(get.statusCode).toBe(403);
  });

  it('refuses unknown fields and bad dates with 400, changing nothing', async () => {
    const unknown = await asAdmin('PUT', '/api/settings', {
      hacker_decisions_released: true,
      rsvp_open: false,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      error: 'Unknown field: hacker_decisions_released',
      code: 'validation_error',
    });

    for (const bad of ['tomorrow', '2025-08-18', '2025-13-01T00:00:00Z', 12345]) {
      const res = await asAdmin('PUT', '/api/settings', { application_deadline: bad, rsvp_open: false });
      expect({ bad, status: res.statusCode }).toEqual({ bad, status: 400 });
      expect(res.json().error).toContain('application_deadline');
    }
    const wrongType = await asAdmin('PUT', '/api/settings', { allow_late_applications: 'yes' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error).toContain('allow_late_applications');

    expect((await publicSettings()).json()).toMatchObject({
      rsvp_open: true,
      hacker_decisions_released: false,
      application_deadline: null,
      allow_late_applications: false,
    });
  });

  it('refuses deadlines outside the years 2000 to 2100 with 400 naming the field, changing nothing', async () => {
    const out = [
      '9999-12-31T23:59:59Z',
      '0001-01-01T00:00:00Z',
      '1999-12-31T23:59:59.999Z',
      '2101-01-01T00:00:00Z',
      // The instant counts: this is 2101-01-01T04:00Z.
      '2100-12-31T23:00:00-05:00',
    ];
    const message = 'Use a date between 2000-01-01 and 2100-12-31';
    for (const bad of out) {
      for (const field of ['application_deadline', 'rsvp_deadline']) {
        const res = await asAdmin('PUT', '/api/settings', { [field]: bad, rsvp_open: false });
        expect({ bad, field, status: res.statusCode }).toEqual({ bad, field, status: 400 });
        expect(res.json()).toEqual({ error: `${field}: ${message}`, code: 'validation_error' });
      }
      const narrow = await asAdmin('PUT', '/api/settings/deadline', { deadline: bad });
      expect({ bad, status: narrow.statusCode }).toEqual({ bad, status: 400 });
      expect(narrow.json()).toEqual({ error: `deadline: ${message}`, code: 'validation_error' });
    }
    expect((await publicSettings()).json()).toMatchObject({
      rsvp_open: true,
      application_deadline: null,
      rsvp_deadline: null,
    });
    for (const edge of ['2000-01-01T00:00:00.000Z', '2100-12-31T23:59:59.999Z']) {
      const res = await asAdmin('PUT', '/api/settings', { application_deadline: edge, rsvp_deadline: edge });
      expect({ edge, status: res.statusCode }).toEqual({ edge, status: 200 });
      expect(res.json()).toMatchObject({ application_deadline: edge, rsvp_deadline: edge });
    }
  });

  it('writes an audit row with who and before/after', async () => {
    const rows = await auditedBy(() =>
      asAdmin('PUT', '/api/settings', { allow_late_applications: true, special_access_codes: ['abc'] }),
    );
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      action: 'settings.update',
      target_type: 'settings',
      target_id: '1',
      actor_email: admin.email,
    });
    expect(row.before).toMatchObject({ allow_late_applications: false, special_access_codes: [] });
    expect(row.after).toMatchObject({ allow_late_applications: true, special_access_codes: ['ABC'] });
  });

  it('the narrow settings routes set one field each and are audited', async () => {
    const deadline = '2031-01-01T00:00:00.000Z';
    const rows = await auditedBy(async () => {
      expect((await asAdmin('PUT', '/api/settings/deadline', { deadline })).statusCode).toBe(200);
      expect((await asAdmin('PUT', '/api/settings/force-open', { force_open: true })).statusCode).toBe(200);
      expect((await asAdmin('PUT', '/api/settings/rsvp-open', { rsvp_open: false })).statusCode).toBe(200);
    });
    expect(rows.map((r) => r.action)).toEqual(['settings.update', 'settings.update', 'settings.update']);
    expect(rows[1]!.before).toMatchObject({ force_application_open: false });
    expect(rows[1]!.after).toMatchObject({ force_application_open: true });
    expect((await publicSettings()).json()).toMatchObject({
      application_deadline: deadline,
      force_application_open: true,
      rsvp_open: false,
    });
    const status = await asAdmin('GET', '/api/settings/application-status');
    expect(status.json()).toEqual({ is_open: true, status: 'open' });
  });
});

describe('access codes (admin)', () => {
  it('adds (upper-cased, once), lists, and removes whatever the case, each audited', async () => {
    const rows = await auditedBy(async () => {
      const added = await asAdmin('POST', '/api/settings/access-codes', { code: 'summer-late' });
      expect(added.statusCode).toBe(200);
      expect(added.json()).toEqual({ codes: ['SUMMER-LATE'] });

      const again = await asAdmin('POST', '/api/settings/access-codes', { code: 'SUMMER-late' });
      expect(again.json()).toEqual({ codes: ['SUMMER-LATE'] });

      const put = await asAdmin('PUT', '/api/settings/access-code', { access_code: ' vip_1 ' });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toEqual({ codes: ['SUMMER-LATE', 'VIP_1'] });

      expect((await asAdmin('GET', '/api/settings/access-codes')).json()).toEqual({
        codes: ['SUMMER-LATE', 'VIP_1'],
      });

      const removed = await asAdmin('DELETE', '/api/settings/access-codes/summer-late');
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ codes: ['VIP_1'] });
      // Removing what is not there changes nothing and writes nothing.
      expect((await asAdmin('DELETE', '/api/settings/access-codes/NOPE')).json()).toEqual({
        codes: ['VIP_1'],
      });
    });
    expect(rows.map((r) => [r.action, r.target_id])).toEqual([
      ['access_code.add', 'SUMMER-LATE'],
      ['access_code.add', 'VIP_1'],
      ['access_code.remove', 'SUMMER-LATE'],
    ]);
    for (const row of rows) expect(row.actor_email).toBe(admin.email);
    expect(rows[0]!.before).toEqual({ special_access_codes: [] });
    expect(rows[0]!.after).toEqual({ special_access_codes: ['SUMMER-LATE'] });
    expect(rows[2]!.before).toEqual({ special_access_codes: ['SUMMER-LATE', 'VIP_1'] });
    expect(rows[2]!.after).toEqual({ special_access_codes: ['VIP_1'] });
  });

  it('refuses empty or odd codes', async () => {
    for (const code of ['', '   ', 'has space', 'x'.repeat(65), "'; drop table access_codes; --"]) {
      const res = await asAdmin('POST', '/api/settings/access-codes', { code });
      expect({ code, status: res.statusCode }).toEqual({ code, status: 400 });
    }
    expect((await asAdmin('GET', '/api/settings/access-codes')).json()).toEqual({ codes: [] });
  });

  it('generates a readable ten-character code and keeps it', async () => {
    const rows = await auditedBy(async () => {
      const res = await asAdmin('POST', '/api/settings/generate-access-code');
      expect(res.statusCode).toBe(200);
      const { code, codes } = res.json();
      expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{10}$/);
      expect(codes).toEqual([code]);
      const valid = await ctx.app.inject({
        method: 'POST',
        url: '/api/settings/validate-access-code',
        payload: { code: code.toLowerCase() },
        remoteAddress: randomIp(),
      });
      expect(valid.json()).toEqual({ valid: true });
    });
    expect(rows.map((r) => r.action)).toEqual(['access_code.add']);
  });

  it('reset puts every setting back to its default and clears the codes, audited', async () => {
    await setSettings(ctx, {
      application_deadline: new Date(Date.now() - HOUR),
      allow_late_applications: true,
      require_access_code: true,
      force_application_open: true,
    });
    await addAccessCodes(ctx, 'KEEPME');
    const rows = await auditedBy(async () => {
      const res = await asAdmin('POST', '/api/settings/reset');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'open',
        application_deadline: null,
        allow_late_applications: false,
        require_access_code: false,
        force_application_open: false,
        rsvp_deadline: null,
        rsvp_open: true,
        special_access_codes: [],
      });
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.before).toMatchObject({ force_application_open: true, special_access_codes: ['KEEPME'] });
    expect(rows[0]!.after).toMatchObject({ force_application_open: false, special_access_codes: [] });
  });

  it('the access-code routes refuse anonymous callers and applicants', async () => {
    const calls: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown][] = [
      ['GET', '/api/settings/access-codes'],
      ['POST', '/api/settings/access-codes', { code: 'X1' }],
      ['PUT', '/api/settings/access-code', { access_code: 'X1' }],
      ['DELETE', '/api/settings/access-codes/X1'],
      ['POST', '/api/settings/generate-access-code', {}],
      ['POST', '/api/settings/reset', {}],
    ];
    for (const [method, url, payload] of calls) {
      const body = payload === undefined ? {} : { payload: payload as Record<string, unknown> };
      const anon = await ctx.app.inject({ method, url, ...body });
      expect({ url, status: anon.statusCode }).toEqual({ url, status: 401 });
      const applicant = await ctx.app.inject({ method, url, headers: bearer(hacker.token), ...body });
      expect({ url, status: applicant.statusCode }).toEqual({ url, status: 403 });
    }
    expect((await asAdmin('GET', '/api/settings/access-codes')).json()).toEqual({ codes: [] });
  });
});

describe('POST /api/settings/validate-access-code', () => {
  function check(code: unknown, remoteAddress: string) {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/settings/validate-access-code',
      payload: { code },
      remoteAddress,
    });
  }

  it('is case-insensitive and needs no sign-in', async () => {
    await addAccessCodes(ctx, 'LATE-2025');
    const ip = randomIp();
    for (const code of ['LATE-2025', 'late-2025', ' Late-2025 ']) {
      const res = await check(code, ip);
      expect({ code, status: res.statusCode, body: res.json() }).toEqual({
        code,
        status: 200,
        body: { valid: true },
      });
    }
    for (const code of ['LATE-2024', '', 'LATE', '%']) {
      expect({ code, body: (await check(code, ip)).json() }).toEqual({ code, body: { valid: false } });
    }
  });

  it('refuses a malformed body with 400', async () => {
    const ip = randomIp();
    expect((await check(42, ip)).statusCode).toBe(400);
    expect((await check('x'.repeat(65), ip)).statusCode).toBe(400);
    const extra = await ctx.app.inject({
      method: 'POST',
      url: '/api/settings/validate-access-code',
      payload: { code: 'A', extra: 1 },
      remoteAddress: ip,
    });
    expect(extra.statusCode).toBe(400);
  });

  it('answers 429 with Retry-After after 20 checks from one address; others are unaffected', async () => {
    await addAccessCodes(ctx, 'RIGHT');
    const ip = randomIp();
    for (let i = 0; i < 20; i++) {
      const res = await check(`GUESS${i}`, ip);
      expect({ i, status: res.statusCode }).toEqual({ i, status: 200 });
    }
    const limited = await check('RIGHT', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(600);
    // Another address still gets an answer.
    expect((await check('right', randomIp())).json()).toEqual({ valid: true });
  });
});
