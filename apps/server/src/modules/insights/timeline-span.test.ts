import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timelineSchema } from '@lanyard/shared/insights';
import { createTestContext, type TestContext } from '../../../test/helper';
import { at, day, insightsReader, person } from '../../../test/insights';

let ctx: TestContext;
let read: Awaited<ReturnType<typeof insightsReader>>;
beforeAll(async () => {
  ctx = await createTestContext();
  read = await insightsReader(ctx);
  await ctx.database.db.execute(sql`update settings set application_deadline = null`);
});
afterAll(() => ctx.close());

describe('GET /api/admin/insights/timeline: which days, without a deadline', () => {
  it('a season looked back on months later ends at its last day, not a long flat line to today', async () => {
    await person(ctx, {
      registered: at(ctx, -200, '09:00'),
      application: { status: 'pending', startedAt: at(ctx, -200, '10:00'), submittedAt: at(ctx, -199) },
    });
    await person(ctx, {
      registered: at(ctx, -190, '09:00'),
      application: { status: 'accepted', startedAt: at(ctx, -190, '10:00'), submittedAt: at(ctx, -188) },
    });
    const t = await read(timelineSchema, 'timeline');
    expect(t.days[0]?.date).toBe(day(ctx, -200));
    expect(t.days.at(-1)?.date).toBe(day(ctx, -188));
    expect(t.days).toHaveLength(13);
    expect(t.days.at(-1)).toMatchObject({ registered_total: 2, submitted_total: 2 });
    expect(t.projection).toBeNull();
  });

  it('runs to today again once people come again within a month', async () => {
    await person(ctx, { registered: at(ctx, -20, '09:00') });
    const t = await read(timelineSchema, 'timeline');
    expect(t.days[0]?.date).toBe(day(ctx, -200));
    expect(t.days.at(-1)?.date).toBe(day(ctx, 0));
  });
});
