import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApplicationsResponseSchema, type AdminApplication } from '@lanyard/shared/admin';
import { asUser, seedApplications, type ApplicationInsert } from '../../../test/admin';
import { createAdmin, createTestContext, type TestContext } from '../../../test/helper';

let ctx: TestContext;
let call: ReturnType<typeof asUser>;
beforeAll(async () => {
  ctx = await createTestContext();
  call = asUser(ctx, (await createAdmin(ctx)).token);
});
afterAll(() => ctx.close());

async function list(query = ''): Promise<{
  applications: AdminApplication[];
  total: number;
  page: number;
  pages: number;
}> {
  const res = await call('GET', `/api/admin/applications${query ? `?${query}` : ''}`);
  expect({ query, status: res.statusCode, body: res.statusCode === 200 ? '' : res.body }).toEqual({
    query,
    status: 200,
    body: '',
  });
  return adminApplicationsResponseSchema.parse(res.json());
}

describe('pagination', () => {
  const ids: string[] = [];
  beforeAll(async () => {
    // 120 applications over 12 distinct instants, 10 each: ties are broken the same on every page.
    const base = Date.UTC(2025, 5, 1, 12);
    const rows = await seedApplications(ctx, 120, (i) => ({
      firstName: `Page${i}`,
      submittedAt: new Date(base + Math.floor(i / 10) * 60_000),
    }));
    ids.push(...rows.map((r) => r.id));
  });
  afterAll(async () => {
    await ctx.database.pool.query('delete from applications');
    await ctx.database.pool.query("delete from users where role <> 'admin'");
  });

  it('pages 50 at a time by default: 120 rows are 3 pages, the last one holds 20', async () => {
    const first = await list();
    expect(first).toMatchObject({ total: 120, page: 1, pages: 3 });
    expect(first.applications).toHaveLength(50);
    const second = await list('page=2');
    expect(second).toMatchObject({ total: 120, page: 2, pages: 3 });
    expect(second.applications).toHaveLength(50);
    const third = await list('page=3');
    expect(third).toMatchObject({ total: 120, page: 3, pages: 3 });
    expect(third.applications).toHaveLength(20);
    const all = [...first.applications, ...second.applications, ...third.applications];
    const seen = all.map((a) => a._id);
    expect(new Set(seen).size).toBe(120);
    expect([...seen].sort()).toEqual([...ids].sort());
    // Newest first across pages.
    const stamps = all.map((a) => Date.parse(a.submitted_at));
    expect(stamps).toEqual([...stamps].sort((a, b) => b - a));
  });

  it('a page past the end is empty but keeps the totals; limit changes the page count', async () => {
    const beyond = await list('page=4');
    expect(beyond).toMatchObject({ total: 120, page: 4, pages: 3, applications: [] });
    const big = await list('limit=200');
    expect(big).toMatchObject({ total: 120, page: 1, pages: 1 });
    expect(big.applications).toHaveLength(120);
    const small = await list('limit=7&page=18');
    expect(small).toMatchObject({ total: 120, page: 18, pages: 18 });
    expect(small.applications).toHaveLength(1);
  });

  it('refuses out-of-range pages and limits', async () => {
    for (const q of ['page=0', 'limit=0', 'limit=201', 'page=abc', 'limit=-1']) {
      const res = await call('GET', `/api/admin/applications?${q}`);
      expect({ q, status: res.statusCode }).toEqual({ q, status: 400 });
    }
  });
});

describe('filters', () => {
  // Event start 2025-09-19: born 2007-09-19 is 18 that day, born 2007-09-20 is 17.
  const seed: Record<string, Partial<ApplicationInsert>> = {
    A: {
      firstName: 'Alice',
      lastName: 'Archer',
      email: 'alice.wonder@seed.test',
      status: 'pending',
      school: 'MIT',
      major: 'Computer Science',
      isHighSchool: false,
      birthYear: 2000,
      birthMonth: 1,
      birthDay: 1,
      submittedAt: new Date('2025-03-01T10:00:00Z'),
    },
    B: {
      firstName: 'Bob',
      lastName: 'Baker',
      email: 'bob.baker@seed.test',
      status: 'submitted',
      school: 'Lincoln High School',
      major: 'Undeclared',
      isHighSchool: true,
      birthYear: 2007,
      birthMonth: 9,
      birthDay: 20,
      submittedAt: new Date('2025-03-02T23:59:59.999Z'),
    },
    C: {
      firstName: 'Cara',
      lastName: 'Cole',
      email: 'cara.cole@seed.test',
      status: 'accepted',
      school: 'Stanford University',
      major: 'Mathematics',
      isHighSchool: false,
      birthYear: 2007,
      birthMonth: 9,
      birthDay: 19,
      submittedAt: new Date('2025-03-03T00:00:00Z'),
      rsvpStatus: 'accepted',
    },
    D: {
      role: 'mentor',
      firstName: 'Dan',
      lastName: 'Drake',
      email: 'dan.drake@seed.test',
      status: 'accepted',
      school: 'Example Corp',
      major: 'Staff Engineer',
      submittedAt: new Date('2025-03-03T23:59:59.999Z'),
      rsvpStatus: 'declined',
    },
    E: {
      firstName: 'Eve',
      lastName: 'Evans',
      email: 'eve.evans@seed.test',
      status: 'rejected',
      school: '100% Tech',
      major: 'Data_Science',
      isHighSchool: false,
      birthYear: 2008,
      birthMonth: 3,
      // No day: the age is unknown.
      submittedAt: new Date('2025-03-04T00:00:00Z'),
    },
    F: {
      firstName: 'Finn',
      lastName: 'Fox',
      email: 'finn.fox@seed.test',
      status: 'waitlisted',
      school: 'Lincoln High School',
      major: 'Robotics',
      isHighSchool: true,
      birthYear: 2009,
      birthMonth: 5,
      birthDay: 5,
      submittedAt: new Date('2025-03-05T09:00:00Z'),
      rsvpStatus: 'maybe',
    },
    G: {
      role: 'mentor',
      firstName: 'Gwen',
      lastName: 'Grey',
      email: 'gwen.grey@seed.test',
      status: 'rejected',
      school: 'Stanford University',
      major: 'Computer Science',
      birthYear: 1990,
      birthMonth: 2,
      birthDay: 2,
      submittedAt: new Date('2025-03-06T09:00:00Z'),
    },
    H: {
      firstName: 'Hugo',
      lastName: 'Hill',
      email: 'hugo.hill@seed.test',
      status: 'pending',
      // Would match "100%" and "Data_Science" if % and _ were wildcards.
      school: '1000 Techs',
      major: 'DataXScience',
      isHighSchool: false,
      birthYear: 2007,
      birthMonth: 9,
      birthDay: 18,
      submittedAt: new Date('2025-03-07T09:00:00Z'),
    },
  };
  const labels = Object.keys(seed);
  const byId = new Map<string, string>();

  beforeAll(async () => {
    const rows = await seedApplications(ctx, labels.length, (i) => seed[labels[i]!]!);
    rows.forEach((r, i) => byId.set(r.id, labels[i]!));
  });

  /** The labels a query returns, in the order the server gave them. */
  async function matches(query: string): Promise<string[]> {
    const body = await list(query);
    expect(body.total).toBe(body.applications.length);
    return body.applications.map((a) => byId.get(a._id) ?? `unknown:${a._id}`);
  }
  const sorted = async (query: string) => (await matches(query)).sort().join('');

  it('lists everything newest first when no filter is given', async () => {
    expect((await matches('')).join('')).toBe('HGFEDCBA');
  });

  it('answers the admin shape of each application', async () => {
    const body = await list('search=cara');
    expect(body.applications).toHaveLength(1);
    const [c] = body.applications;
    expect(c).toMatchObject({
      first_name: 'Cara',
      last_name: 'Cole',
      email: 'cara.cole@seed.test',
      role: 'hacker',
      status: 'accepted',
      university: 'Stanford University',
      major: 'Mathematics',
      is_high_school: false,
      resume_url: null,
      portfolio_url: null,
      submitted_at: '2025-03-03T00:00:00.000Z',
      rsvp_status: 'accepted',
    });
  });

  it('search covers first and last name, e-mail, school and major, case-insensitively', async () => {
    expect(await sorted('search=ALICE')).toBe('A');
    expect(await sorted('search=drake')).toBe('D');
    expect(await sorted('search=cara%20cole')).toBe('C');
    expect(await sorted('search=WONDER')).toBe('A');
    expect(await sorted('search=%40seed.test')).toBe(labels.join(''));
    expect(await sorted('search=sTaNfOrD')).toBe('CG');
    expect(await sorted('search=mathem')).toBe('C');
    expect(await sorted('search=computer%20science')).toBe('AG');
    expect(await sorted('search=nobody-matches-this')).toBe('');
    // Surrounding spaces are trimmed.
    expect(await sorted('search=%20%20robotics%20')).toBe('F');
  });

  it('takes % and _ in the search literally', async () => {
    expect(await sorted('search=100%25')).toBe('E');
    expect(await sorted('search=Data_Science')).toBe('E');
    expect(await sorted('search=%25')).toBe('E');
    expect(await sorted('search=_')).toBe('E');
    expect(await sorted('search=%5C')).toBe('');
  });

  it('school and major filters match a part of the field, case-insensitively and literally', async () => {
    expect(await sorted('school=lincoln')).toBe('BF');
    expect(await sorted('school=Stanford%20University')).toBe('CG');
    expect(await sorted('school=100%25')).toBe('E');
    expect(await sorted('major=computer%20science')).toBe('AG');
    expect(await sorted('major=data_science')).toBe('E');
    // The school filter does not look at other fields.
    expect(await sorted('school=alice')).toBe('');
  });

  it('status takes several values as repeated keys, k[] keys or a comma list', async () => {
    expect(await sorted('status=accepted')).toBe('CD');
    expect(await sorted('status=accepted&status=rejected')).toBe('CDEG');
    expect(await sorted('status[]=pending&status[]=submitted')).toBe('ABH');
    expect(await sorted('status=accepted,waitlisted')).toBe('CDF');
  });

  it('"submitted" and "pending" both find the applications awaiting a decision, however they were stored', async () => {
    // Submitting stores "pending"; a "submitted" chip that matched only the stored word found nothing.
    expect(await sorted('status=submitted')).toBe('ABH');
    expect(await sorted('status=pending')).toBe('ABH');
    expect(await sorted('status=submitted&status=accepted')).toBe('ABCDH');
  });

  it('role filter', async () => {
    expect(await sorted('role=mentor')).toBe('DG');
    expect(await sorted('role=hacker')).toBe('ABCEFH');
    expect(await sorted('role=hacker&role=mentor')).toBe(labels.join(''));
  });

  it('rsvp_status, with no_response meaning none given', async () => {
    expect(await sorted('rsvp_status=accepted')).toBe('C');
    expect(await sorted('rsvp_status=declined')).toBe('D');
    expect(await sorted('rsvp_status=maybe')).toBe('F');
    expect(await sorted('rsvp_status=no_response')).toBe('ABEGH');
    expect(await sorted('rsvp_status=accepted&rsvp_status=no_response')).toBe('ABCEGH');
    expect(await sorted('rsvp_status[]=declined&rsvp_status[]=maybe')).toBe('DF');
  });

  it('the submission date range is inclusive on both ends, by whole UTC days', async () => {
    expect(await sorted('date_start=2025-03-03&date_end=2025-03-03')).toBe('CD');
    expect(await sorted('date_start=2025-03-02&date_end=2025-03-03')).toBe('BCD');
    expect(await sorted('date_start=2025-03-05')).toBe('FGH');
    expect(await sorted('date_end=2025-03-02')).toBe('AB');
    expect(await sorted('date_start=2025-03-08')).toBe('');
    expect(await sorted('date_start=2025-03-04&date_end=2025-03-03')).toBe('');
  });

  it('school type: is_high_school true or false', async () => {
    expect(await sorted('is_high_school=true')).toBe('BF');
    expect(await sorted('is_high_school=false')).toBe('ACDEGH');
  });

  it('age group on the first event day: 2007-09-19 is 18, 2007-09-20 under 18, unknown ages in neither', async () => {
    expect(await sorted('age_under_18=true')).toBe('BF');
    // C (exactly 18 that day), H (18 and a day), A and G; E (no birth day) and D (none) are unknown.
    expect(await sorted('age_under_18=false')).toBe('ACGH');
  });

  it('combines filters with AND', async () => {
    expect(await sorted('role=hacker&status=accepted&status=waitlisted')).toBe('CF');
    expect(await sorted('is_high_school=true&age_under_18=true&rsvp_status=maybe')).toBe('F');
    expect(await sorted('search=stanford&role=mentor')).toBe('G');
    expect(await sorted('school=lincoln&date_end=2025-03-04')).toBe('B');
    expect(await sorted('major=computer&age_under_18=false&status=pending')).toBe('A');
    expect(await sorted('rsvp_status=no_response&is_high_school=false&date_start=2025-03-04')).toBe('EGH');
    expect(await sorted('search=seed&role=mentor&status=accepted&rsvp_status=declined')).toBe('D');
    expect(await sorted('role=mentor&age_under_18=true')).toBe('');
    // Combined filters keep the newest-first order.
    expect((await matches('status=pending&status=rejected')).join('')).toBe('HGEBA');
  });

  it('ignores empty values, as the client omits them', async () => {
    const query =
      'search=&school=&major=&status=&role=&rsvp_status=&date_start=&date_end=&is_high_school=&age_under_18=';
    expect((await matches(query)).join('')).toBe('HGFEDCBA');
    expect(await sorted('search=%20%20&status=accepted')).toBe('CD');
    expect(await sorted('status=,accepted,')).toBe('CD');
  });

  it('refuses an unknown field or a bad value with 400 naming it', async () => {
    const cases: [string, RegExp][] = [
      ['foo=bar', /foo/],
      ['status=approved', /status/],
      ['role=admin', /role/],
      ['rsvp_status=yes', /rsvp_status/],
      ['date_start=03/01/2025', /date_start/],
      ['date_end=2025-3-1', /date_end/],
      ['is_high_school=yes', /is_high_school/],
      ['age_under_18=1', /age_under_18/],
    ];
    for (const [q, field] of cases) {
      const res = await call('GET', `/api/admin/applications?${q}`);
      expect({ q, status: res.statusCode }).toEqual({ q, status: 400 });
      expect(res.json().code).toBe('validation_error');
      expect(res.json().error).toMatch(field);
    }
  });

  it('refuses a date that does not exist with 400, never 500', async () => {
    const cases = [
      'date_start=2025-13-01',
      'date_end=2025-13-01',
      'date_end=2025-00-10',
      'date_start=2025-02-30',
    ];
    for (const q of cases) {
      const res = await call('GET', `/api/admin/applications?${q}`);
      expect({ q, status: res.statusCode }).toEqual({ q, status: 400 });
      expect(res.json()).toEqual({ error: `${q.split('=')[0]}: Not a real date`, code: 'validation_error' });
    }
    // A leap day is real.
    expect(await sorted('date_start=2024-02-29&date_end=2025-03-01')).toBe('A');
  });

  it('refuses dates outside 2000-01-01..2100-12-31 with 400 naming the field, never 500', async () => {
    const cases = [
      'date_end=9999-12-31',
      'date_start=9999-12-31',
      'date_start=0001-01-01',
      'date_end=1999-12-31',
      'date_start=2101-01-01',
    ];
    for (const q of cases) {
      const res = await call('GET', `/api/admin/applications?${q}`);
      expect({ q, status: res.statusCode }).toEqual({ q, status: 400 });
      expect(res.json()).toEqual({
        error: `${q.split('=')[0]}: Use a date between 2000-01-01 and 2100-12-31`,
        code: 'validation_error',
      });
    }
    // The bounds themselves are in range.
    expect(await sorted('date_start=2000-01-01&date_end=2100-12-31')).toBe('ABCDEFGH');
  });

  it('answers the same under /api/applications', async () => {
    const res = await call('GET', '/api/applications?role=mentor');
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .applications.map((a: AdminApplication) => byId.get(a._id))
        .sort(),
    ).toEqual(['D', 'G']);
  });
});
