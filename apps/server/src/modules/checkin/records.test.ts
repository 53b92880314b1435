import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkinRecordsResponseSchema, checkinStatsSchema } from '@lanyard/shared/checkin';
import { asUser } from '../../../test/admin';
import { createRecord } from '../../../test/checkin';
import { createAdmin, createTestContext, type TestContext } from '../../../test/helper';

/**
 * GET /api/checkin/records and /stats on a database holding only these seven people, so every
 * filter's answer is known exactly.
 */
let ctx: TestContext;
let call: ReturnType<typeof asUser>;

const people = [
  {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@analytical.example',
    school_name: 'Riverside University',
    major: 'Computer Science',
    isHighSchool: false,
    role: 'hacker',
    checkIn: true,
  },
  {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@navy.example',
    school_name: 'Yale University',
    major: 'Mathematics',
    isHighSchool: false,
    role: 'mentor',
    checkIn: false,
  },
  {
    firstName: 'Alan',
    lastName: 'Turing',
    email: 'alan@bletchley.example',
    school_name: "King's College",
    major: 'Mathematics',
    isHighSchool: false,
    role: 'judge',
    checkIn: true,
  },
  {
    firstName: 'Katherine',
    lastName: 'Johnson',
    email: 'kj@nasa.example',
    school_name: 'West Virginia State',
    major: 'Physics',
    isHighSchool: null,
    role: 'mentor + judge',
    checkIn: false,
  },
  {
    firstName: 'Margaret',
    lastName: 'Hamilton',
    email: 'mh@mit.example',
    school_name: 'Earlham High School',
    major: null,
    isHighSchool: true,
    role: 'hacker',
    checkIn: false,
  },
  {
    firstName: 'Barbara',
    lastName: 'Liskov',
    email: 'bl@mit.example',
    school_name: 'Riverside High School',
    major: 'Computer Science',
    isHighSchool: true,
    role: 'sponsor',
    checkIn: true,
  },
  {
    firstName: 'Edsger',
    lastName: 'Dijkstra',
    email: 'ed@riverside.example',
    school_name: 'Leiden University',
    major: 'Physics',
    isHighSchool: false,
    role: 'hacker',
    checkIn: false,
  },
] as const;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createAdmin(ctx);
  call = asUser(ctx, admin.token);
  // Created in a shuffled order, so the sort is the server's doing.
  for (const p of [people[3], people[0], people[6], people[2], people[5], people[1], people[4]]) {
    const { checkIn, ...fields } = p;
    const record = await createRecord(ctx, admin.token, fields);
    if (checkIn) {
      const res = await call('PUT', `/api/checkin/records/${record._id}/checkin`, { checked_in: true });
      expect(res.statusCode).toBe(200);
    }
  }
});
afterAll(() => ctx.close());

async function list(query = '') {
  const res = await call('GET', `/api/checkin/records${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return checkinRecordsResponseSchema.parse(res.json());
}

/** The last names a query answers, in the order given. */
async function lastNames(query = ''): Promise<string[]> {
  return (await list(query)).records.map((r) => r.lastName);
}

const ALL_SORTED = ['Dijkstra', 'Hamilton', 'Hopper', 'Johnson', 'Liskov', 'Lovelace', 'Turing'];

describe('GET /api/checkin/records', () => {
  it('lists everyone sorted by last name, with total, page and pages', async () => {
    const all = await list();
    expect(all.records.map((r) => r.lastName)).toEqual(ALL_SORTED);
    expect(all).toMatchObject({ total: 7, page: 1, pages: 1 });
    const ada = all.records.find((r) => r.lastName === 'Lovelace')!;
    expect(ada).toMatchObject({
      firstName: 'Ada',
      email: 'ada@analytical.example',
      school_name: 'Riverside University',
      role: 'hacker',
      checked_in: true,
      application_id: null,
    });
  });

  it('searches over first name, last name, e-mail and school (case-insensitive), not major', async () => {
    expect(await lastNames('search=grace')).toEqual(['Hopper']);
    expect(await lastNames('search=HOPPER')).toEqual(['Hopper']);
    expect(await lastNames('search=Grace%20Hopper')).toEqual(['Hopper']);
    // "riverside": two schools and one e-mail address.
    expect(await lastNames('search=riverside')).toEqual(['Dijkstra', 'Liskov', 'Lovelace']);
    expect(await lastNames('search=mit.example')).toEqual(['Hamilton', 'Liskov']);
    expect(await lastNames(`search=${encodeURIComponent("King's")}`)).toEqual(['Turing']);
    expect(await lastNames('search=Physics')).toEqual([]);
    // LIKE wildcards are searched for literally.
    expect(await lastNames('search=%25')).toEqual([]);
    expect(await lastNames('search=_')).toEqual([]);
    expect(await lastNames('search=%20%20')).toEqual(ALL_SORTED);
  });

  it('filters by check-in status: true, false, all', async () => {
    expect(await lastNames('checked_in=true')).toEqual(['Liskov', 'Lovelace', 'Turing']);
    expect(await lastNames('checked_in=false')).toEqual(['Dijkstra', 'Hamilton', 'Hopper', 'Johnson']);
    expect(await lastNames('checked_in=all')).toEqual(ALL_SORTED);
    expect(await lastNames('checked_in=')).toEqual(ALL_SORTED);
  });

  it('filters by school and major (contains, case-insensitive)', async () => {
    expect(await lastNames('school=riverside')).toEqual(['Liskov', 'Lovelace']);
    expect(await lastNames('school=High%20School')).toEqual(['Hamilton', 'Liskov']);
    expect(await lastNames('major=mathematics')).toEqual(['Hopper', 'Turing']);
    expect(await lastNames('major=computer')).toEqual(['Liskov', 'Lovelace']);
    expect(await lastNames('school=')).toEqual(ALL_SORTED);
  });

  it('filters by high school: true, false, all (unknown is neither)', async () => {
    expect(await lastNames('is_high_school=true')).toEqual(['Hamilton', 'Liskov']);
    expect(await lastNames('is_high_school=false')).toEqual(['Dijkstra', 'Hopper', 'Lovelace', 'Turing']);
    expect(await lastNames('is_high_school=all')).toEqual(ALL_SORTED);
  });

  it("filters by role, 'mentor + judge' being its own role", async () => {
    expect(await lastNames('role=hacker')).toEqual(['Dijkstra', 'Hamilton', 'Lovelace']);
    expect(await lastNames('role=mentor')).toEqual(['Hopper']);
    expect(await lastNames('role=judge')).toEqual(['Turing']);
    expect(await lastNames('role=sponsor')).toEqual(['Liskov']);
    expect(await lastNames(`role=${encodeURIComponent('mentor + judge')}`)).toEqual(['Johnson']);
    expect(await lastNames('role=all')).toEqual(ALL_SORTED);
  });

  it('combines filters', async () => {
    expect(await lastNames('checked_in=true&role=hacker')).toEqual(['Lovelace']);
    expect(await lastNames('checked_in=false&is_high_school=true')).toEqual(['Hamilton']);
    // Dijkstra's e-mail says riverside, his school is a university.
    expect(await lastNames('search=riverside&school=university')).toEqual(['Dijkstra', 'Lovelace']);
    expect(await lastNames('search=riverside&school=riverside&is_high_school=false')).toEqual(['Lovelace']);
    expect(await lastNames('major=physics&checked_in=false&role=hacker')).toEqual(['Dijkstra']);
  });

  it('pages: total and pages count every match, each page holds `limit` records in order', async () => {
    const first = await list('limit=3');
    expect(first).toMatchObject({ total: 7, page: 1, pages: 3 });
    expect(first.records.map((r) => r.lastName)).toEqual(ALL_SORTED.slice(0, 3));
    const second = await list('limit=3&page=2');
    expect(second).toMatchObject({ total: 7, page: 2, pages: 3 });
    expect(second.records.map((r) => r.lastName)).toEqual(ALL_SORTED.slice(3, 6));
    const third = await list('limit=3&page=3');
    expect(third.records.map((r) => r.lastName)).toEqual(['Turing']);
    const beyond = await list('limit=3&page=9');
    expect(beyond).toMatchObject({ records: [], total: 7, page: 9, pages: 3 });
    const filtered = await list('checked_in=false&limit=2');
    expect(filtered).toMatchObject({ total: 4, pages: 2 });
    const none = await list('search=nobody-at-all');
    expect(none).toMatchObject({ records: [], total: 0, page: 1, pages: 1 });
  });

  it('refuses unknown parameters and values', async () => {
    for (const q of [
      'foo=1',
      'role=admin',
      'role=mentor%2Bjudge',
      'checked_in=yes',
      'is_high_school=1',
      'page=0',
      'limit=0',
      'limit=201',
      'page=abc',
    ]) {
      const res = await call('GET', `/api/checkin/records?${q}`);
      expect({ q, status: res.statusCode }).toEqual({ q, status: 400 });
      expect(res.json().code).toBe('validation_error');
    }
  });
});

describe('GET /api/checkin/stats', () => {
  it('counts everyone, checked in and not, consistently with the list', async () => {
    const res = await call('GET', '/api/checkin/stats');
    expect(res.statusCode).toBe(200);
    const stats = checkinStatsSchema.parse(res.json());
    expect(stats).toMatchObject({ total: 7, checked_in: 3, not_checked_in: 4 });
    expect(stats.checked_in + stats.not_checked_in).toBe(stats.total);
    expect((await list()).total).toBe(stats.total);
    expect((await list('checked_in=true')).total).toBe(stats.checked_in);
    expect((await list('checked_in=false')).total).toBe(stats.not_checked_in);
  });

  it('counts each role on its own, so "Total Hackers" counts hackers only', async () => {
    const stats = checkinStatsSchema.parse((await call('GET', '/api/checkin/stats')).json());
    expect(stats.by_role).toEqual([
      { role: 'hacker', total: 3, checked_in: 1 },
      { role: 'mentor', total: 1, checked_in: 0 },
      { role: 'judge', total: 1, checked_in: 1 },
      { role: 'sponsor', total: 1, checked_in: 1 },
      { role: 'mentor + judge', total: 1, checked_in: 0 },
      { role: 'organiser', total: 0, checked_in: 0 },
    ]);
    for (const { role, total, checked_in } of stats.by_role) {
      const q = `role=${encodeURIComponent(role)}`;
      expect((await list(q)).total).toBe(total);
      expect((await list(`${q}&checked_in=true`)).total).toBe(checked_in);
    }
    expect(stats.by_role.reduce((n, r) => n + r.total, 0)).toBe(stats.total);
  });

  it('follows a check-in and its undo', async () => {
    const hopper = (await list('search=hopper')).records[0]!;
    expect(
      (await call('PUT', `/api/checkin/records/${hopper._id}/checkin`, { checked_in: true })).statusCode,
    ).toBe(200);
    expect((await call('GET', '/api/checkin/stats')).json()).toMatchObject({
      total: 7,
      checked_in: 4,
      not_checked_in: 3,
    });
    expect(
      (await call('PUT', `/api/checkin/records/${hopper._id}/checkin`, { checked_in: false })).statusCode,
    ).toBe(200);
    expect((await call('GET', '/api/checkin/stats')).json()).toMatchObject({
      total: 7,
      checked_in: 3,
      not_checked_in: 4,
    });
  });
});
