import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApplicationsQuerySchema,
  adminApplicationsResponseSchema,
  APPLICATION_SORTS,
  type AdminApplication,
} from '@lanyard/shared/admin';
import { APPLICATION_STATUSES } from '@lanyard/shared/constants';
import { asUser, seedApplications } from '../../../test/admin';
import { createAdmin, createTestContext, type TestContext } from '../../../test/helper';
import { scoreRulesOf } from '../../db/review-scores';
import { DEFAULT_REVIEW_SETTINGS } from '@lanyard/shared/review';
import { listQuery } from './service';

let ctx: TestContext;
let call: ReturnType<typeof asUser>;
beforeAll(async () => {
  ctx = await createTestContext();
  call = asUser(ctx, (await createAdmin(ctx)).token);
});
afterAll(() => ctx.close());

async function list(query: string): Promise<{ applications: AdminApplication[]; total: number }> {
  const res = await call('GET', `/api/admin/applications?${query}`);
  expect({ query, status: res.statusCode, body: res.statusCode === 200 ? '' : res.body }).toEqual({
    query,
    status: 200,
    body: '',
  });
  return adminApplicationsResponseSchema.parse(res.json());
}

/** Every page of a sorted list, 50 at a time. */
async function allPages(query: string): Promise<AdminApplication[]> {
  const first = await list(`${query}&page=1`);
  const out = [...first.applications];
  for (let page = 2; out.length < first.total; page += 1) {
    const next = await list(`${query}&page=${page}`);
    expect(next.applications.length).toBeGreaterThan(0);
    out.push(...next.applications);
  }
  return out;
}

const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
const STATUS_RANK = new Map<string, number>(APPLICATION_STATUSES.map((s, i) => [s, i]));

/** The order the server promises: the column (case-insensitive for text), then the id, one direction. */
function expectedOrder(rows: AdminApplication[], sort: string, dir: 'asc' | 'desc'): string[] {
  const keys = (a: AdminApplication): (string | number)[] => {
    switch (sort) {
      case 'name':
        return [a.first_name.toLowerCase(), a.last_name.toLowerCase()];
      case 'status':
        return [STATUS_RANK.get(a.status)!];
      case 'school':
        return [a.university.toLowerCase()];
      case 'score':
        // None of these has a review: unscored, so the id alone orders them (score.test.ts has scores).
        return [];
      default:
        return [Date.parse(a.submitted_at)];
    }
  };
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows]
    .sort((a, b) => {
      const ka = keys(a);
      const kb = keys(b);
      for (let i = 0; i < ka.length; i += 1) {
        const c = cmp(ka[i]!, kb[i]!);
        if (c) return sign * c;
      }
      return sign * cmp(a._id, b._id);
    })
    .map((a) => a._id);
}

describe('sorting the list', () => {
  const ids: string[] = [];
  beforeAll(async () => {
    // 130 applications with many ties in every column, and names that differ only in case.
    const first = ['ada', 'Ada', 'Bob', 'bob', 'Zoë', 'Émile', 'Chen'];
    const last = ['Young', 'young', 'Abbot'];
    const schools = ['MIT', 'mit', 'Stanford University', 'Berkeley', 'Ohio State'];
    const base = Date.UTC(2025, 5, 1, 12);
    const rows = await seedApplications(ctx, 130, (i) => ({
      firstName: first[i % first.length]!,
      lastName: last[i % last.length]!,
      status: APPLICATION_STATUSES[i % APPLICATION_STATUSES.length]!,
      school: schools[i % schools.length]!,
      // Ten at each instant: most submitted times are shared by several rows.
      submittedAt: new Date(base + Math.floor(i / 10) * 60_000),
    }));
    ids.push(...rows.map((r) => r.id));
  });

  for (const sort of APPLICATION_SORTS) {
    for (const dir of ['asc', 'desc'] as const) {
      it(`${sort} ${dir}: every row once across pages, in the promised order`, async () => {
        const rows = await allPages(`sort=${sort}&dir=${dir}`);
        const seen = rows.map((r) => r._id);
        expect(new Set(seen).size).toBe(130);
        expect([...seen].sort()).toEqual([...ids].sort());
        expect(seen).toEqual(expectedOrder(rows, sort, dir));
      });
    }
  }

  it('without a sort: newest first, as before; a sort without a direction takes the column default', async () => {
    const plain = await allPages('');
    expect(plain.map((r) => r._id)).toEqual(expectedOrder(plain, 'submitted', 'desc'));
    expect((await allPages('sort=submitted')).map((r) => r._id)).toEqual(plain.map((r) => r._id));
    const byName = await allPages('sort=name');
    expect(byName.map((r) => r._id)).toEqual(expectedOrder(byName, 'name', 'asc'));
  });

  it('status sorts in the workflow order: awaiting a decision, then accepted, rejected, waitlisted', async () => {
    const rows = await allPages('sort=status&dir=asc');
    const order = [...new Set(rows.map((r) => r.status))];
    expect(order).toEqual(['pending', 'submitted', 'accepted', 'rejected', 'waitlisted']);
  });

  it('sorts within a filter and keeps the filtered total', async () => {
    const page = await list('status=accepted&sort=name&dir=desc&limit=10');
    expect(page.total).toBe(26);
    expect(page.applications.every((a) => a.status === 'accepted')).toBe(true);
    expect(page.applications.map((a) => a._id)).toEqual(expectedOrder(page.applications, 'name', 'desc'));
  });

  it('refuses a sort or direction it does not know, or one given twice', async () => {
    for (const q of [
      'sort=email',
      'sort=name%3Bdrop%20table%20applications',
      'sort=',
      'sort=name&sort=status',
      'dir=up',
      'dir=ASC',
      'sort=name&dir=asc&dir=desc',
    ]) {
      const res = await call('GET', `/api/admin/applications?${q}`);
      expect({ q, status: res.statusCode }).toEqual({ q, status: 400 });
    }
  });
});

describe('sorting reads an index', () => {
  beforeAll(async () => {
    await ctx.database.pool.query('delete from applications');
    const schools = ['MIT', 'Stanford University', 'Berkeley', 'Ohio State', 'Rice', 'Purdue'];
    await seedApplications(ctx, 4000, (i) => ({
      firstName: `First${(i * 7919) % 4000}`,
      lastName: `Last${i % 97}`,
      status: APPLICATION_STATUSES[i % APPLICATION_STATUSES.length]!,
      school: schools[i % schools.length]!,
      submittedAt: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000),
    }));
    await ctx.database.pool.query('analyze applications');
  });

  // A page of 50 from 4,000 rows: reading the whole table and sorting it is what an index avoids,
  // and at 50,000 applications that difference is the list's response time.
  // Score is computed from every review of the role (its rank needs them all), so it has no index
  // to read in order; review-scores.test.ts holds its plan to one pass over reviews.
  for (const sort of APPLICATION_SORTS.filter((s) => s !== 'score')) {
    for (const dir of ['asc', 'desc'] as const) {
      it(`${sort} ${dir} does not read the whole table`, async () => {
        const f = adminApplicationsQuerySchema.parse({ sort, dir, page: '3' });
        const filterCtx = { eventStartDate: '2025-09-19', rules: scoreRulesOf(DEFAULT_REVIEW_SETTINGS) };
        const { sql: text, params } = listQuery(ctx.database.db, f, filterCtx).toSQL();
        const { rows } = await ctx.database.pool.query<{ 'QUERY PLAN': string }>(`explain ${text}`, params);
        const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
        expect(plan).not.toMatch(/Seq Scan/);
        // Read in order from an index: no sort of all rows (submitted_at ties are few and sorted as
        // they come, an incremental sort). The page's own 50 rows are put back in order at the end.
        const sorted = [...plan.matchAll(/(?:^|->)\s*Sort\s+\(cost=[\d.]+ rows=(\d+)/gm)].map((m) =>
          Number(m[1]),
        );
        expect(sorted.every((rows) => rows <= f.limit)).toBe(true);
        if (sort !== 'submitted') expect(plan).not.toMatch(/Incremental Sort/);
      });
    }
  }
});
