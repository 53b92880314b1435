import crypto from 'node:crypto';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRsvpResponseSchema, rsvpRowSchema, type RsvpRow } from '@lanyard/shared/rsvp';
import {
  asUser,
  auditRows,
  csvObjects,
  parseCsv,
  seedApplication,
  seedApplications,
  type ApplicationInsert,
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
  await setSettings(ctx, { hacker_decisions_released: true, mentor_decisions_released: true });
});
afterAll(() => ctx.close());

type RsvpAnswer = 'accepted' | 'declined' | 'maybe' | null;

/** One seeded application as the admin RSVP view should show it. */
interface Model {
  id: string;
  first: string;
  last: string;
  email: string;
  role: 'hacker' | 'mentor';
  status: 'pending' | 'submitted' | 'accepted' | 'waitlisted' | 'rejected';
  rsvp: RsvpAnswer;
  rsvpAt: Date | null;
  preferredName: string | null;
  schoolName: string | null;
  pronoun: string | null;
  linkedin: string | null;
  github: string | null;
  liability: boolean | null;
  clearance: boolean | null;
  optOut: boolean | null;
}

type Variant = Pick<
  Model,
  | 'rsvp'
  | 'preferredName'
  | 'schoolName'
  | 'pronoun'
  | 'linkedin'
  | 'github'
  | 'liability'
  | 'clearance'
  | 'optOut'
>;

const none: Variant = {
  rsvp: null,
  preferredName: null,
  schoolName: null,
  pronoun: null,
  linkedin: null,
  github: null,
  liability: null,
  clearance: null,
  optOut: null,
};
const details = (i: number) => ({
  preferredName: `Pref${i}`,
  schoolName: `School${i}`,
  pronoun: 'They/Them',
  linkedin: `https://www.linkedin.com/in/p${i}`,
  github: i % 2 ? `https://github.com/p${i}` : null,
});
const VARIANTS: ((i: number) => Variant)[] = [
  () => none,
  (i) => ({ ...details(i), rsvp: 'accepted', liability: true, clearance: true, optOut: false }),
  (i) => ({ ...details(i), rsvp: 'accepted', liability: true, clearance: false, optOut: true }),
  (i) => ({ ...details(i), rsvp: 'accepted', liability: false, clearance: false, optOut: false }),
  () => ({ ...none, rsvp: 'declined' }),
  () => ({ ...none, rsvp: 'maybe' }),
  // Set by an admin without the details: waiver and photo unanswered.
  (i) => ({ ...none, rsvp: 'accepted', preferredName: `Pref${i}` }),
];

const model: Model[] = [];

async function seedModel(): Promise<void> {
  const specs: Omit<Model, 'id' | 'email' | 'rsvpAt'>[] = [];
  let i = 0;
  for (const status of ['accepted', 'waitlisted', 'rejected', 'pending', 'submitted'] as const)
    for (const role of ['hacker', 'mentor'] as const)
      for (const variant of VARIANTS) {
        specs.push({ first: `F${i}`, last: `L${String(i).padStart(3, '0')}`, role, status, ...variant(i) });
        i++;
      }
  // For search: a literal % and _ in the name and address.
  specs.push({ first: 'Zebedee', last: 'Percent%Sign', role: 'hacker', status: 'accepted', ...none });
  // For the CSV: cells a spreadsheet would read as formulas.
  specs.push({
    first: '=cmd|',
    last: "' /C calc'!A0",
    role: 'mentor',
    status: 'accepted',
    rsvp: 'accepted',
    preferredName: '@SUM(1)',
    schoolName: '-2+3',
    pronoun: ';=1+1',
    linkedin: 'https://www.linkedin.com/in/formula',
    github: null,
    liability: true,
    clearance: true,
    optOut: false,
  });
  const emails = specs.map((s) => (s.first === 'Zebedee' ? 'zebedee_special@example.org' : undefined));
  const rsvpAt = new Date('2025-08-01T12:00:00.000Z');
  const seeded = await seedApplications(ctx, specs.length, (k): Partial<ApplicationInsert> => {
    const s = specs[k]!;
    return {
      role: s.role,
      status: s.status,
      firstName: s.first,
      lastName: s.last,
      ...(emails[k] ? { email: emails[k] } : {}),
      rsvpStatus: s.rsvp,
      rsvpAt: s.rsvp ? new Date(rsvpAt.getTime() + k * 1000) : null,
      preferredName: s.preferredName,
      schoolName: s.schoolName,
      pronoun: s.pronoun,
      linkedinUrl: s.linkedin,
      githubUrl: s.github,
      liabilityWaiverAccepted: s.liability,
      photoClearanceAccepted: s.clearance,
      photoSharingOptOut: s.optOut,
    };
  });
  for (const [k, s] of specs.entries()) {
    model.push({
      ...s,
      id: seeded[k]!.id,
      email: emails[k] ?? seeded[k]!.email,
      rsvpAt: s.rsvp ? new Date(rsvpAt.getTime() + k * 1000) : null,
    });
  }
}

function photoOf(m: Model): string {
  if (m.clearance === null && m.optOut === null) return 'n/a';
  if (m.optOut) return 'no_public_sharing';
  return m.clearance ? 'allow_sharing' : 'declined';
}

/** The documented filters, applied to the model. */
function expectedRows(q: Record<string, string>): Model[] {
  const list = (key: string) => (q[key] ? q[key].split(',') : undefined);
  const statuses = list('status') ?? ['accepted', 'waitlisted', 'rejected'];
  return model.filter((m) => {
    if (!statuses.includes(m.status)) return false;
    if (q.search && !`${m.first} ${m.last} ${m.email}`.toLowerCase().includes(q.search.toLowerCase()))
      return false;
    if (list('role') && !list('role')!.includes(m.role)) return false;
    if (list('rsvp_status') && !list('rsvp_status')!.includes(m.rsvp ?? 'no_response')) return false;
    const liability = m.liability === null ? 'n/a' : m.liability ? 'accepted' : 'declined';
    if (list('liability') && !list('liability')!.includes(liability)) return false;
    if (list('photo') && !list('photo')!.includes(photoOf(m))) return false;
    return true;
  });
}

function statsOf(rows: { rsvp_status?: RsvpAnswer; rsvp?: RsvpAnswer }[]) {
  const answer = (r: { rsvp_status?: RsvpAnswer; rsvp?: RsvpAnswer }) =>
    r.rsvp_status !== undefined ? r.rsvp_status : (r.rsvp ?? null);
  const n = (v: RsvpAnswer) => rows.filter((r) => answer(r) === v).length;
  return {
    total_rsvp: n('accepted') + n('declined') + n('maybe'),
    accepted: n('accepted'),
    declined: n('declined'),
    maybe: n('maybe'),
    no_response: n(null),
  };
}

function rowOf(m: Model): RsvpRow {
  return {
    _id: m.id,
    name: `${m.first} ${m.last}`,
    email: m.email,
    role: m.role,
    status: m.status,
    rsvp_status: m.rsvp,
    rsvp_at: m.rsvpAt?.toISOString() ?? null,
    preferred_name: m.preferredName,
    school_name: m.schoolName,
    pronoun: m.pronoun,
    linkedin_url: m.linkedin,
    github_url: m.github,
    liability_waiver_accepted: m.liability,
    photo_clearance_accepted: m.clearance,
    photo_sharing_opt_out: m.optOut,
  };
}

async function list(query: string) {
  const res = await call('GET', `/api/admin/rsvp${query ? `?${query}` : ''}`);
  expect({ query, status: res.statusCode, body: res.statusCode === 200 ? null : res.body }).toEqual({
    query,
    status: 200,
    body: null,
  });
  return adminRsvpResponseSchema.parse(res.json());
}

const QUERIES: Record<string, string>[] = [
  {},
  { status: 'accepted' },
  { status: 'accepted,waitlisted' },
  { status: 'rejected' },
  { role: 'mentor' },
  { role: 'hacker', status: 'waitlisted' },
  { rsvp_status: 'no_response' },
  { rsvp_status: 'accepted,no_response' },
  { rsvp_status: 'maybe' },
  { rsvp_status: 'declined' },
  { rsvp_status: 'accepted,declined,maybe' },
  { liability: 'accepted' },
  { liability: 'declined' },
  { liability: 'n/a' },
  { liability: 'accepted,n/a' },
  { photo: 'allow_sharing' },
  { photo: 'no_public_sharing' },
  { photo: 'declined' },
  { photo: 'n/a' },
  { photo: 'allow_sharing,no_public_sharing' },
  { search: 'zebedee' },
  { search: 'ZEBEDEE percent%' },
  { search: '%' },
  { search: '_' },
  { search: 'special@EXAMPLE' },
  { search: 'F1' },
  {
    status: 'accepted',
    role: 'hacker',
    rsvp_status: 'accepted',
    liability: 'accepted',
    photo: 'no_public_sharing',
  },
  { rsvp_status: 'accepted', photo: 'n/a', liability: 'n/a' },
  { status: 'rejected', rsvp_status: 'declined', role: 'mentor' },
];

describe('GET /api/admin/rsvp', () => {
  beforeAll(seedModel);

  it('with no filter: accepted, waitlisted and rejected applications, every column as stored', async () => {
    const body = await list('limit=200');
    const want = expectedRows({});
    expect(want.length).toBe(3 * 2 * VARIANTS.length + 2);
    expect(body.total).toBe(want.length);
    expect(body.pages).toBe(1);
    expect(body.page).toBe(1);
    const byId = new Map(body.applications.map((r) => [r._id, r]));
    expect([...byId.keys()].sort()).toEqual(want.map((m) => m.id).sort());
    for (const m of want) expect(byId.get(m.id)).toEqual(rowOf(m));
    expect(body.rsvp_stats).toEqual(statsOf(want));
  });

  it('each filter (and combinations) selects what the documentation says; stats follow the filter', async () => {
    for (const q of QUERIES) {
      const body = await list(new URLSearchParams({ ...q, limit: '200' }).toString());
      const want = expectedRows(q);
      expect({ q, ids: body.applications.map((r) => r._id).sort() }).toEqual({
        q,
        ids: want.map((m) => m.id).sort(),
      });
      expect({ q, total: body.total, stats: body.rsvp_stats }).toEqual({
        q,
        total: want.length,
        stats: statsOf(want),
      });
      // The stats agree with the rows answered, whatever the filter.
      const s = body.rsvp_stats;
      expect(s.total_rsvp).toBe(s.accepted + s.declined + s.maybe);
      expect(s.total_rsvp + s.no_response).toBe(body.total);
      expect(s).toEqual(statsOf(body.applications));
    }
    // Sanity: the interesting filters are not trivially empty or full.
    expect(expectedRows({ photo: 'declined' }).length).toBeGreaterThan(0);
    expect(expectedRows({ search: '%' })).toHaveLength(1);
    expect(expectedRows({ search: '_' })).toHaveLength(1);
  });

  it('takes list filters as repeated or bracketed parameters too', async () => {
    const want = expectedRows({ status: 'accepted,rejected', rsvp_status: 'maybe,no_response' })
      .map((m) => m.id)
      .sort();
    for (const query of [
      'status=accepted&status=rejected&rsvp_status=maybe&rsvp_status=no_response&limit=200',
      'status[]=accepted&status[]=rejected&rsvp_status[]=maybe&rsvp_status[]=no_response&limit=200',
    ]) {
      const body = await list(query);
      expect(body.applications.map((r) => r._id).sort()).toEqual(want);
    }
  });

  it('pages through the same order without gaps or repeats; stats stay those of the whole filter', async () => {
    const all = await list('limit=200');
    const limit = 7;
    const pages = Math.ceil(all.total / limit);
    const seen: string[] = [];
    for (let page = 1; page <= pages; page++) {
      const body = await list(`limit=${limit}&page=${page}`);
      expect(body).toMatchObject({ page, pages, total: all.total, rsvp_stats: all.rsvp_stats });
      expect(body.applications.length).toBe(page < pages ? limit : all.total - limit * (pages - 1));
      seen.push(...body.applications.map((r) => r._id));
    }
    expect(seen).toEqual(all.applications.map((r) => r._id));
    const beyond = await list(`limit=${limit}&page=${pages + 1}`);
    expect(beyond).toMatchObject({ applications: [], total: all.total, rsvp_stats: all.rsvp_stats });

    // Sorted by last name: the numbered ones come in their order.
    const numbered = all.applications.map((r) => r.name).filter((n) => /^F\d+ L\d{3}$/.test(n));
    expect(numbered).toEqual([...numbered].sort((a, b) => a.split(' ')[1]!.localeCompare(b.split(' ')[1]!)));

    // The default page size is 50.
    const first = await list('');
    expect(first.applications).toHaveLength(Math.min(50, all.total));
    expect(first.pages).toBe(Math.ceil(all.total / 50));
  });

  it('refuses values outside the documented ones', async () => {
    for (const query of [
      'status=pending',
      'status=submitted',
      'rsvp_status=none',
      'role=admin',
      'liability=yes',
      'photo=all',
      'limit=0',
      'limit=201',
      'page=0',
      'sort=name',
    ]) {
      const res = await call('GET', `/api/admin/rsvp?${query}`);
      expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
    }
  });
});

describe('GET /api/admin/rsvp/csv', () => {
  const HEADER = [
    'id',
    'name',
    'email',
    'role',
    'status',
    'rsvp_status',
    'rsvp_at',
    'preferred_name',
    'school_name',
    'pronoun',
    'linkedin_url',
    'github_url',
    'liability_waiver_accepted',
    'photo_clearance_accepted',
    'photo_sharing_opt_out',
  ];
  const cell = (v: string | boolean | null) => (v === null ? '' : String(v));
  const neutral = (v: string) => (/^[=+\-@;\t\r]/.test(v) ? `'${v}` : v);

  async function csv(query = '') {
    const before = new Date().toISOString().slice(0, 10);
    const res = await call('GET', `/api/admin/rsvp/csv${query ? `?${query}` : ''}`);
    const after = new Date().toISOString().slice(0, 10);
    expect(res.statusCode).toBe(200);
    const raw = res.rawPayload;
    expect(raw.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const records = parseCsv(raw.toString('utf8').slice(1));
    return { res, records, rows: csvObjects(records), days: [before, after] };
  }

  it('is a UTF-8 CSV with a BOM, the header and one row per application, named rsvp_export_<date>.csv', async () => {
    const { res, records, rows, days } = await csv();
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="rsvp_export_\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(days.map((d) => `attachment; filename="rsvp_export_${d}.csv"`)).toContain(disposition);
    expect(records[0]).toEqual(HEADER);

    const want = expectedRows({});
    expect(rows.map((r) => r.id).sort()).toEqual(want.map((m) => m.id).sort());
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const m of want.filter((x) => x.first.startsWith('F'))) {
      const r = rowOf(m);
      expect(byId.get(m.id)).toEqual({
        id: m.id,
        name: r.name,
        email: r.email,
        role: r.role,
        status: r.status,
        rsvp_status: r.rsvp_status ?? 'no_response',
        rsvp_at: cell(r.rsvp_at),
        preferred_name: cell(r.preferred_name),
        school_name: cell(r.school_name),
        pronoun: cell(r.pronoun),
        linkedin_url: cell(r.linkedin_url),
        github_url: cell(r.github_url),
        liability_waiver_accepted: cell(r.liability_waiver_accepted),
        photo_clearance_accepted: cell(r.photo_clearance_accepted),
        photo_sharing_opt_out: cell(r.photo_sharing_opt_out),
      });
    }
    // The export is audited with its filters.
    const audits = await auditRows(ctx, 'export');
    expect(audits.at(-1)).toMatchObject({ actor_email: admin.email, action: 'export.rsvp' });
  });

  it('neutralises cells a spreadsheet would read as a formula', async () => {
    const { rows } = await csv('role=mentor&status=accepted&rsvp_status=accepted');
    const m = model.find((x) => x.first === '=cmd|')!;
    const row = rows.find((r) => r.id === m.id)!;
    expect(row).toMatchObject({
      name: neutral(`${m.first} ${m.last}`),
      preferred_name: "'@SUM(1)",
      school_name: "'-2+3",
      pronoun: "';=1+1",
    });
    expect(row.name.startsWith("'=")).toBe(true);
  });

  it('applies the same filters as the list', async () => {
    const queries: Record<string, string>[] = [
      { status: 'accepted', photo: 'no_public_sharing' },
      { rsvp_status: 'no_response', role: 'hacker' },
      { liability: 'declined' },
      { search: 'zebedee' },
    ];
    for (const q of queries) {
      const { rows } = await csv(new URLSearchParams(q).toString());
      expect({ q, ids: rows.map((r) => r.id).sort() }).toEqual({
        q,
        ids: expectedRows(q)
          .map((m) => m.id)
          .sort(),
      });
    }
    const paged = await call('GET', '/api/admin/rsvp/csv?page=2');
    expect(paged.statusCode).toBe(400);
    const bad = await call('GET', '/api/admin/rsvp/csv?photo=everything');
    expect(bad.statusCode).toBe(400);
  });
});

describe('PUT /api/admin/applications/:id/rsvp', () => {
  const put = (id: string, body: unknown) => call('PUT', `/api/admin/applications/${id}/rsvp`, body);
  async function row(id: string): Promise<RsvpRow> {
    const body = await list('limit=200');
    const found = body.applications.find((r) => r._id === id);
    if (found) return found;
    throw new Error(`row ${id} not listed`);
  }

  it('sets the status and details, with an audit row holding before and after', async () => {
    const a = await seedApplication(ctx, { status: 'accepted', firstName: 'Put', lastName: 'Target' });
    const res = await put(a.id, {
      rsvp_status: 'accepted',
      preferred_name: ' Putty ',
      school_name: 'Riverside University',
      pronoun: 'She/Her',
      linkedin_url: 'https://www.linkedin.com/in/putty',
      github_url: 'https://github.com/putty',
      liability_waiver_accepted: true,
      photo_clearance_accepted: false,
      photo_sharing_opt_out: true,
    });
    expect(res.statusCode).toBe(200);
    const after = rsvpRowSchema.parse(res.json());
    expect(after).toMatchObject({
      _id: a.id,
      name: 'Put Target',
      status: 'accepted',
      rsvp_status: 'accepted',
      preferred_name: 'Putty',
      school_name: 'Riverside University',
      pronoun: 'She/Her',
      linkedin_url: 'https://www.linkedin.com/in/putty',
      github_url: 'https://github.com/putty',
      liability_waiver_accepted: true,
      photo_clearance_accepted: false,
      photo_sharing_opt_out: true,
    });
    expect(after.rsvp_at).not.toBeNull();
    expect(await row(a.id)).toEqual(after);
    const audits = await auditRows(ctx, 'application', a.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actor_email: admin.email,
      action: 'rsvp.update',
      before: { _id: a.id, rsvp_status: null, preferred_name: null, liability_waiver_accepted: null },
      after,
    });
  });

  it('a partial update keeps the details it does not mention (links included)', async () => {
    const a = await seedApplication(ctx, {
      status: 'accepted',
      rsvpStatus: 'accepted',
      rsvpAt: new Date('2025-08-02T10:00:00Z'),
      preferredName: 'Keep',
      schoolName: 'Old School',
      pronoun: 'He/Him',
      linkedinUrl: 'https://www.linkedin.com/in/keep',
      githubUrl: 'https://github.com/keep',
      liabilityWaiverAccepted: true,
      photoClearanceAccepted: true,
      photoSharingOptOut: false,
    });
    const res = await put(a.id, { rsvp_status: 'accepted', school_name: 'New School' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      rsvp_status: 'accepted',
      rsvp_at: '2025-08-02T10:00:00.000Z',
      preferred_name: 'Keep',
      school_name: 'New School',
      pronoun: 'He/Him',
      linkedin_url: 'https://www.linkedin.com/in/keep',
      github_url: 'https://github.com/keep',
      liability_waiver_accepted: true,
      photo_clearance_accepted: true,
      photo_sharing_opt_out: false,
    });
    // An empty link or null clears just that link.
    const cleared = await put(a.id, { rsvp_status: 'accepted', linkedin_url: '', github_url: null });
    expect(cleared.json()).toMatchObject({ linkedin_url: null, github_url: null, preferred_name: 'Keep' });
  });

  it('declined or maybe clears the attendance details; null clears the answer', async () => {
    const a = await seedApplication(
      ctx,
      {
        status: 'waitlisted',
        rsvpStatus: 'accepted',
        rsvpAt: new Date('2025-08-03T10:00:00Z'),
        preferredName: 'Gone',
        schoolName: 'Gone School',
        pronoun: 'He/Him',
        linkedinUrl: 'https://www.linkedin.com/in/gone',
        liabilityWaiverAccepted: true,
        photoClearanceAccepted: true,
        photoSharingOptOut: false,
      },
      { sessions: true },
    );
    const cleared = {
      preferred_name: null,
      school_name: null,
      pronoun: null,
      linkedin_url: null,
      github_url: null,
      liability_waiver_accepted: null,
      photo_clearance_accepted: null,
      photo_sharing_opt_out: null,
    };
    const maybe = await put(a.id, {
      rsvp_status: 'maybe',
      preferred_name: 'Ignored',
      liability_waiver_accepted: true,
    });
    expect(maybe.statusCode).toBe(200);
    expect(maybe.json()).toMatchObject({
      rsvp_status: 'maybe',
      rsvp_at: '2025-08-03T10:00:00.000Z',
      ...cleared,
    });

    const declined = await put(a.id, { rsvp_status: 'declined' });
    expect(declined.json()).toMatchObject({ rsvp_status: 'declined', ...cleared });

    const reset = await put(a.id, { rsvp_status: null });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ rsvp_status: null, rsvp_at: null, ...cleared });
    const noResponse = await list('rsvp_status=no_response&limit=200');
    expect(noResponse.applications.map((r) => r._id)).toContain(a.id);

    // Once cleared, the applicant may answer again.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/applications/rsvp',
      headers: bearer(a.token!),
      payload: { response: 'accepted' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().application.rsvp_status).toBe('accepted');

    const audits = await auditRows(ctx, 'application', a.id);
    expect(audits.map((x) => [(x.before as RsvpRow).rsvp_status, (x.after as RsvpRow).rsvp_status])).toEqual([
      ['accepted', 'maybe'],
      ['maybe', 'declined'],
      ['declined', null],
    ]);
  });

  it('refuses bad bodies and unknown ids without writing anything', async () => {
    const a = await seedApplication(ctx, { status: 'accepted' });
    for (const body of [
      {},
      { rsvp_status: 'yes' },
      { rsvp_status: 'accepted', linkedin_url: 'javascript:alert(1)' },
      { rsvp_status: 'accepted', github_url: 'ftp://example.org' },
      { rsvp_status: 'accepted', note: 'x' },
      { rsvp_status: 'accepted', liability_waiver_accepted: 'yes' },
    ]) {
      const res = await put(a.id, body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
    }
    expect((await put(crypto.randomUUID(), { rsvp_status: 'accepted' })).statusCode).toBe(404);
    expect((await put('not-a-uuid', { rsvp_status: 'accepted' })).statusCode).toBe(400);
    expect(await auditRows(ctx, 'application', a.id)).toEqual([]);
    expect((await row(a.id)).rsvp_status).toBeNull();
  });
});

describe('access', () => {
  it('anonymous callers get 401 and applicants 403', async () => {
    const target = await seedApplication(ctx, { status: 'accepted' }, { sessions: true });
    const routes: [HTTPMethods, string, unknown][] = [
      ['GET', '/api/admin/rsvp', undefined],
      ['GET', '/api/admin/rsvp/csv', undefined],
      ['PUT', `/api/admin/applications/${target.id}/rsvp`, { rsvp_status: 'accepted' }],
    ];
    for (const [method, url, payload] of routes) {
      const opts = payload === undefined ? {} : { payload: payload as Record<string, unknown> };
      const anon = await ctx.app.inject({ method, url, ...opts });
      expect({ url, status: anon.statusCode }).toEqual({ url, status: 401 });
      const asApplicant = await ctx.app.inject({ method, url, headers: bearer(target.token!), ...opts });
      expect({ url, status: asApplicant.statusCode }).toEqual({ url, status: 403 });
    }
    const { rows } = await ctx.database.pool.query('select rsvp_status from applications where id = $1', [
      target.id,
    ]);
    expect(rows[0].rsvp_status).toBeNull();
  });
});
