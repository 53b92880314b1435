import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, uniqueEmail, type TestContext } from '../../../test/helper';
import { upsertAdmin } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

// Every instance of a scaled-out deployment starts with the same ADMIN_EMAIL, often at once.
it('creates the admin once when several instances start together', async () => {
  const email = uniqueEmail('bootstrap');
  const outcomes = await Promise.all(
    Array.from({ length: 4 }, () => upsertAdmin(ctx.database.db, email, 'Quartz-Meadow-Lantern-8')),
  );
  expect(outcomes.filter((o) => o === 'created')).toHaveLength(1);
  expect(outcomes.filter((o) => o === 'updated')).toHaveLength(3);
  const { rows } = await ctx.database.pool.query<{ role: string }>(
    'select role from users where email = $1',
    [email],
  );
  expect(rows).toEqual([{ role: 'admin' }]);
});
