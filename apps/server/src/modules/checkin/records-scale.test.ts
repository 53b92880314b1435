import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BADGE_SELECTION_MAX } from '@lanyard/shared/badges';
import { CHECKIN_COUNT_AHEAD, checkinRecordsResponseSchema } from '@lanyard/shared/checkin';
import { asUser } from '../../../test/admin';
import { createAdmin, createTestContext, type TestContext } from '../../../test/helper';
import { SORT_MATCHES_UP_TO } from './service';

/**
 * The desk's list past CHECKIN_COUNT_AHEAD records: a bounded total, and the same pages whichever
 * way the server finds them (a few matches sorted, or the name order walked).
 */
let ctx: TestContext;
let call: ReturnType<typeof asUser>;

/** More than the list counts and more than a search sorts: both ways of finding a page are used. */
const TOTAL = Math.max(CHECKIN_COUNT_AHEAD, SORT_MATCHES_UP_TO) + 500;
/** Last names cycle through these; "Turner" rows are the rare ones at the end of the alphabet. */
const LAST = ['Adams', 'Baker', 'Nguyen', 'Okafor', 'Patel', 'Smith'];
const TURNERS = 120;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createAdmin(ctx);
  call = asUser(ctx, admin.token);
  await ctx.database.db.execute(sql`
    insert into checkin_records (first_name, last_name, email, phone, school_name, role)
    select 'Person' || lpad(i::text, 5, '0'),
      case when i <= ${TURNERS} then 'Turner'
        else (array[${sql.join(
          LAST.map((l) => sql`${l}`),
          sql`, `,
        )}])[1 + i % ${LAST.length}] end,
      'p' || i || '@scale.example', '555-0100', 'Riverside University', 'hacker'
    from generate_series(1, ${TOTAL}) as i`);
  await ctx.database.db.execute(sql`analyze checkin_records`);
});
afterAll(() => ctx.close());

async function list(query: string) {
  const res = await call('GET', `/api/checkin/records?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return checkinRecordsResponseSchema.parse(res.json());
}

describe('GET /api/checkin/records over many records', () => {
  it('counts up to CHECKIN_COUNT_AHEAD past the page, and says when the total is a lower bound', async () => {
    const first = await list('page=1');
    expect(first).toMatchObject({ total: CHECKIN_COUNT_AHEAD, total_capped: true, page: 1 });
    expect(first.pages).toBe(CHECKIN_COUNT_AHEAD / 50);
    expect(first.records).toHaveLength(50);
    // Deeper, the count reaches the end: exact again.
    const deep = await list('page=100');
    expect(deep).toMatchObject({ total: TOTAL, total_capped: false, pages: Math.ceil(TOTAL / 50) });
    const last = await list(`page=${Math.ceil(TOTAL / 50)}`);
    expect(last.records).toHaveLength(TOTAL % 50 || 50);
    expect(last.total_capped).toBe(false);
  });

  it('bounds its count above the badge selection, so a bounded total is too many to print', () => {
    expect(CHECKIN_COUNT_AHEAD).toBeGreaterThan(BADGE_SELECTION_MAX);
  });

  it('answers an exact total when fewer match', async () => {
    expect(await list('search=turner')).toMatchObject({ total: TURNERS, total_capped: false, pages: 3 });
  });

  it('pages a rare search by name, whichever way it is found, without repeats or gaps', async () => {
    // 120 Turners, all at the end of the name order: found in the trigram index and sorted.
    const pages = await Promise.all([1, 2, 3].map((p) => list(`search=turner&page=${p}`)));
    const names = pages.flatMap((p) => p.records.map((r) => `${r.lastName} ${r.firstName}`));
    expect(names).toHaveLength(TURNERS);
    expect(new Set(names).size).toBe(TURNERS);
    expect(names).toEqual([...names].sort());
    expect(names[0]).toBe('Turner Person00001');
  });

  it('pages a broad search by name (the name order walked) the same way', async () => {
    // Every record matches "person": far more than are sorted, so the name order is walked.
    const a = await list('search=person&page=1');
    const b = await list('search=person&page=2');
    expect(a.total_capped).toBe(true);
    const names = [...a.records, ...b.records].map((r) => `${r.lastName} ${r.firstName}`);
    expect(names).toEqual([...names].sort());
    // The first Adams after the Turners: i = 126, the first multiple of 6 past 120.
    expect(names[0]).toBe('Adams Person00126');
    expect(new Set(names).size).toBe(100);
  });

  it('answers an empty page past the end', async () => {
    const past = await list('search=turner&page=9');
    expect(past).toMatchObject({ records: [], total: TURNERS, total_capped: false });
  });
});
