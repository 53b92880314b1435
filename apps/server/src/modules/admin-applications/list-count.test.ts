import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPLICATIONS_COUNT_AHEAD,
  APPLICATIONS_TEXT_COUNT_AHEAD,
  adminApplicationsQuerySchema,
  adminApplicationsResponseSchema,
  applicationsCountResponseSchema,
} from '@lanyard/shared/admin';
import { DEFAULT_REVIEW_SETTINGS } from '@lanyard/shared/review';
import { createVolunteer } from '../../../test/checkin';
import { asUser, seedApplications } from '../../../test/admin';
import { createAdmin, createTestContext, type TestContext } from '../../../test/helper';
import { scoreRulesOf } from '../../db/review-scores';
import { listQuery, sortsAmongMatches } from './service';

/**
 * The Applications list past APPLICATIONS_COUNT_AHEAD matches: a bounded total ("10,000+"), and the
 * exact count that "Select all N matching" fetches and the bulk actions check.
 */
let ctx: TestContext;
let call: ReturnType<typeof asUser>;
let adminToken: string;

/** A few pages more than the list counts; the first RARE are the only "Quinlan"s. */
const TOTAL = APPLICATIONS_COUNT_AHEAD + 120;
const RARE = 70;
const CHUNK = 1000;

beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = (await createAdmin(ctx)).token;
  call = asUser(ctx, adminToken);
  for (let start = 0; start < TOTAL; start += CHUNK) {
    await seedApplications(ctx, Math.min(CHUNK, TOTAL - start), (i) => ({
      lastName: start + i < RARE ? 'Quinlan' : 'Smith',
      status: start + i < RARE ? 'accepted' : 'pending',
      school: 'Riverside University',
      major: 'Computer Science',
    }));
  }
  // As autovacuum leaves a table: analysed, and its pages marked all-visible for index-only reads.
  await ctx.database.pool.query('vacuum analyze applications');
}, 120_000);
afterAll(() => ctx.close());

interface PlanNode {
  'Node Type': string;
  'Parent Relationship'?: string;
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  Plans?: PlanNode[];
}

/** A plan node and those under it; without `initPlans`, not the subqueries it runs first. */
function nodes(node: PlanNode, initPlans = true): PlanNode[] {
  const children = (node.Plans ?? []).filter((c) => initPlans || c['Parent Relationship'] !== 'InitPlan');
  return [node, ...children.flatMap((c) => nodes(c, initPlans))];
}

async function list(query: string) {
  const res = await call('GET', `/api/admin/applications?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return adminApplicationsResponseSchema.parse(res.json());
}

async function exact(query: string, token = adminToken) {
  return asUser(ctx, token)('GET', `/api/admin/applications/count?${query}`);
}

describe('GET /api/admin/applications over more than it counts', () => {
  it('counts up to APPLICATIONS_COUNT_AHEAD past the page, and says when the total is a lower bound', async () => {
    const first = await list('page=1');
    expect(first).toMatchObject({ total: APPLICATIONS_COUNT_AHEAD, total_capped: true, page: 1 });
    expect(first.pages).toBe(APPLICATIONS_COUNT_AHEAD / 50);
    expect(first.applications).toHaveLength(50);
    // Past the first pages the count reaches the end: exact again, and the last page is there.
    const deep = await list('page=4');
    expect(deep).toMatchObject({ total: TOTAL, total_capped: false, pages: Math.ceil(TOTAL / 50) });
    const last = await list(`page=${Math.ceil(TOTAL / 50)}`);
    expect(last.applications).toHaveLength(TOTAL % 50 || 50);
  });

  it('counts a list narrowed by text to APPLICATIONS_TEXT_COUNT_AHEAD past the page', async () => {
    for (const query of ['search=smith', 'school=riverside&status=pending', 'major=computer']) {
      const first = await list(query);
      expect(first, query).toMatchObject({ total: APPLICATIONS_TEXT_COUNT_AHEAD, total_capped: true });
      expect(first.pages, query).toBe(APPLICATIONS_TEXT_COUNT_AHEAD / 50);
    }
    const deeper = await list('search=smith&page=3');
    expect(deeper).toMatchObject({ total: 100 + APPLICATIONS_TEXT_COUNT_AHEAD, total_capped: true, page: 3 });
    // The same filter without the text counts as far as any list.
    expect(await list('status=pending')).toMatchObject({
      total: APPLICATIONS_COUNT_AHEAD,
      total_capped: true,
    });
  });

  it('finds a page of a search with filters from the index alone, without reading the rows it passes', async () => {
    const f = adminApplicationsQuerySchema.parse({
      search: 'smith',
      status: 'pending,waitlisted',
      role: 'hacker',
      school: 'university',
      major: 'science',
      rsvp_status: 'no_response',
      page: '40',
    });
    const filterCtx = { eventStartDate: '2025-09-19', rules: scoreRulesOf(DEFAULT_REVIEW_SETTINGS) };
    const { sql: text, params } = listQuery(ctx.database.db, f, filterCtx).toSQL();
    const { rows } = await ctx.database.pool.query<{ 'QUERY PLAN': string }>(`explain ${text}`, params);
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/Index Only Scan Backward using applications_submitted_cover_idx/);
  });

  it('finds a page of few matches among the matches, not by walking the sort index for them', async () => {
    const f = adminApplicationsQuerySchema.parse({ search: 'quinlan', page: '2' });
    const filterCtx = { eventStartDate: '2025-09-19', rules: scoreRulesOf(DEFAULT_REVIEW_SETTINGS) };
    const { sql: text, params } = listQuery(ctx.database.db, f, filterCtx, { few: true }).toSQL();
    const { rows } = await ctx.database.pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `explain (format json) ${text}`,
      params,
    );
    // The page (the plan's Limit) orders rows it fetches by id, from the matches found before it.
    const limits = nodes(rows[0]!['QUERY PLAN'][0].Plan).filter((n) => n['Node Type'] === 'Limit');
    expect(limits).toHaveLength(1);
    // An InitPlan's value reads `$0` up to PostgreSQL 16 and `(InitPlan 1).col1` from 17.
    const readByIds = nodes(limits[0]!, false).some((n) =>
      /\bid = ANY \((\$\d+|\(InitPlan \d+\)\.col\d+)\)/.test(
        `${n['Index Cond'] ?? ''} ${n['Recheck Cond'] ?? ''}`,
      ),
    );
    expect(readByIds).toBe(true);
  });

  it('sorts a page out of its matches only when their count is exact, not a lower bound', () => {
    // Page 20 of a broad search over 500,000: counted to 1,951 and capped; it may match them all.
    expect(sortsAmongMatches(1951, false, 500_000, { page: 20, limit: 50 })).toBe(false);
    expect(sortsAmongMatches(1951, true, 500_000, { page: 20, limit: 50 })).toBe(true);
    // Few against the table: sorted; many: walked.
    expect(sortsAmongMatches(100, true, 50_000, { page: 1, limit: 50 })).toBe(true);
    expect(sortsAmongMatches(900, true, 50_000, { page: 1, limit: 50 })).toBe(false);
  });

  it('pages through few matches in the list order, each once', async () => {
    for (const sort of ['sort=submitted', 'sort=name&dir=desc']) {
      const pages = [await list(`search=quinlan&${sort}`), await list(`search=quinlan&${sort}&page=2`)];
      expect(pages.map((p) => p.applications.length)).toEqual([50, RARE - 50]);
      const ids = pages.flatMap((p) => p.applications.map((a) => a._id));
      expect(new Set(ids).size).toBe(RARE);
      // The same rows in the same order as SQL orders them directly.
      const { rows } = await ctx.database.pool.query<{ id: string }>(
        sort === 'sort=submitted'
          ? `select id from applications where last_name = 'Quinlan' order by submitted_at desc, id desc`
          : `select id from applications where last_name = 'Quinlan'
              order by lower(first_name) desc, lower(last_name) desc, id desc`,
      );
      expect(ids).toEqual(rows.map((r) => r.id));
    }
  });

  it('counts a narrower filter exactly', async () => {
    expect(await list('search=quinlan')).toMatchObject({ total: RARE, total_capped: false, pages: 2 });
    expect(await list('status=accepted&role=hacker')).toMatchObject({ total: RARE, total_capped: false });
  });
});

describe('GET /api/admin/applications/count', () => {
  it('answers the exact number a filter matches, however many', async () => {
    const all = await exact('');
    expect(all.statusCode, all.body).toBe(200);
    expect(applicationsCountResponseSchema.parse(all.json())).toEqual({ total: TOTAL });
    expect((await exact('search=smith&status=pending')).json()).toEqual({ total: TOTAL - RARE });
    expect((await exact('search=quinlan')).json()).toEqual({ total: RARE });
    expect((await exact('search=nobody-by-this-name')).json()).toEqual({ total: 0 });
  });

  it('takes the list filters only, validated as the list validates them', async () => {
    for (const query of ['status=nonsense', 'page=2', 'date_start=2026-02-30', 'score_min=abc']) {
      const res = await exact(query);
      expect(res.statusCode, query).toBe(400);
    }
    const huge = await exact(`search=${'a'.repeat(5000)}`);
    expect(huge.statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/admin/applications/count' });
    expect(anonymous.statusCode).toBe(401);
    const volunteer = await createVolunteer(ctx, adminToken);
    expect((await exact('', volunteer.token)).statusCode).toBe(403);
  });

  it('is the number a bulk action by filter must confirm; the capped list total is refused', async () => {
    const filter = { search: 'smith' };
    const { total } = applicationsCountResponseSchema.parse((await exact('search=smith')).json());
    expect((await list('search=smith')).total_capped).toBe(true);
    const capped = await call('PUT', '/api/admin/applications/bulk/status', {
      filter,
      expected_count: APPLICATIONS_TEXT_COUNT_AHEAD,
      status: 'waitlisted',
    });
    expect(capped.statusCode).toBe(409);
    expect(capped.json()).toMatchObject({ code: 'count_changed', count: total });
    const confirmed = await call('PUT', '/api/admin/applications/bulk/status', {
      filter,
      expected_count: total,
      status: 'waitlisted',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ updated: total });
  });
});
