import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApplicationsResponseSchema } from '@lanyard/shared/admin';
import { asUser, seedApplications } from '../../../test/admin';
import { createAdmin, createTestContext, type TestContext } from '../../../test/helper';

let ctx: TestContext;
let call: ReturnType<typeof asUser>;
beforeAll(async () => {
  ctx = await createTestContext();
  call = asUser(ctx, (await createAdmin(ctx)).token);
});
afterAll(() => ctx.close());

const FIRST = '11111111-1111-4111-8111-111111111111';
const TRACK = '22222222-2222-4222-8222-222222222222';

async function names(query: string): Promise<string[]> {
  const res = await call('GET', `/api/admin/applications?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return adminApplicationsResponseSchema
    .parse(res.json())
    .applications.map((a) => a.first_name)
    .sort();
}

describe('filtering the Applications list on custom answers', () => {
  beforeAll(async () => {
    const answers = [
      { [FIRST]: { v: 1, a: true }, [TRACK]: { v: 2, a: { selected: ['ai'], other: null } } },
      { [FIRST]: { v: 1, a: false }, [TRACK]: { v: 2, a: { selected: ['web'], other: null } } },
      { [FIRST]: { v: 1, a: true }, [TRACK]: { v: 1, a: { selected: [], other: 'Hardware' } } },
      {},
    ];
    await seedApplications(ctx, answers.length, (i) => ({
      firstName: `Custom${i}`,
      customAnswers: answers[i],
    }));
  });

  it('matches a yes/no answer, and an option among those chosen', async () => {
    expect(await names(`custom=${FIRST}:true`)).toEqual(['Custom0', 'Custom2']);
    expect(await names(`custom=${FIRST}:false`)).toEqual(['Custom1']);
    expect(await names(`custom=${TRACK}:web`)).toEqual(['Custom1']);
  });

  it('ORs the values of one question and ANDs different questions', async () => {
    expect(await names(`custom=${TRACK}:ai&custom=${TRACK}:web`)).toEqual(['Custom0', 'Custom1']);
    expect(await names(`custom=${FIRST}:true&custom=${TRACK}:ai`)).toEqual(['Custom0']);
  });

  it('follows answers as they change, whoever writes them (the database keeps the keys)', async () => {
    const pool = ctx.database.pool;
    const set = (answers: unknown) =>
      pool.query(`update applications set custom_answers = $1 where first_name = 'Custom3'`, [answers]);
    await set({ [FIRST]: { v: 1, a: true }, [TRACK]: { v: 2, a: { selected: ['true'], other: null } } });
    expect(await names(`custom=${FIRST}:true`)).toEqual(['Custom0', 'Custom2', 'Custom3']);
    // An option may be called "true": it is that question's option, not a yes.
    expect(await names(`custom=${TRACK}:true`)).toEqual(['Custom3']);
    // The keys cannot be set apart from the answers.
    await pool.query(`update applications set custom_choice_keys = '{}' where first_name = 'Custom3'`);
    expect(await names(`custom=${TRACK}:true`)).toEqual(['Custom3']);
    await set({});
    expect(await names(`custom=${FIRST}:true`)).toEqual(['Custom0', 'Custom2']);
  });

  it('refuses a value that is not <question id>:<answer>, with a 400', async () => {
    for (const bad of ['nope', `${FIRST}:`, `${FIRST}:Robert');drop`, `x:${'a'.repeat(40)}`]) {
      const res = await call('GET', `/api/admin/applications?custom=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
    }
  });
});
