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

  it("keeps application_answer_keys exactly the rows' answers, through inserts, updates and deletes", async () => {
    const pool = ctx.database.pool;
    // What the table must hold: every answer key of every row, computed afresh from the answers.
    const drift = async () =>
      (
        await pool.query(`
          (select k, a.id from applications a, unnest(lanyard_custom_answer_keys(a.custom_answers)) k
           except select key, application_id from application_answer_keys)
          union all
          (select key, application_id from application_answer_keys
           except select k, a.id from applications a, unnest(lanyard_custom_answer_keys(a.custom_answers)) k)`)
      ).rowCount;
    const keysOf = async (name: string) =>
      Number(
        (
          await pool.query(
            `select count(*) from application_answer_keys k join applications a on a.id = k.application_id
              where a.first_name = $1`,
            [name],
          )
        ).rows[0].count,
      );
    expect(await keysOf('Custom0')).toBe(2);
    expect(await drift()).toBe(0);
    // A multiple choice with "Other", then fewer options: the dropped ones go, the kept ones stay.
    await pool.query(`update applications set custom_answers = $1 where first_name = 'Custom1'`, [
      { [TRACK]: { v: 2, a: { selected: ['ai', 'web', 'iot'], other: 'Robots' } } },
    ]);
    expect(await keysOf('Custom1')).toBe(4);
    await pool.query(`update applications set custom_answers = $1 where first_name = 'Custom1'`, [
      { [TRACK]: { v: 2, a: { selected: ['web'], other: null } } },
    ]);
    expect(await keysOf('Custom1')).toBe(1);
    expect(await names(`custom=${TRACK}:ai`)).toEqual(['Custom0']);
    // Writes that leave the answers alone leave the keys alone.
    await pool.query(`update applications set status = 'accepted' where first_name like 'Custom%'`);
    expect(await drift()).toBe(0);
    // A deleted application takes its keys with it: none is left to a later filter or count.
    const [gone] = (await pool.query(`select id from applications where first_name = 'Custom2'`)).rows as {
      id: string;
    }[];
    await pool.query(`delete from applications where id = $1`, [gone!.id]);
    const left = await pool.query(`select 1 from application_answer_keys where application_id = $1`, [
      gone!.id,
    ]);
    expect(left.rowCount).toBe(0);
    expect(await names(`custom=${FIRST}:true`)).toEqual(['Custom0']);
    expect(await drift()).toBe(0);
  });

  it('refuses a value that is not <question id>:<answer>, with a 400', async () => {
    for (const bad of ['nope', `${FIRST}:`, `${FIRST}:Robert');drop`, `x:${'a'.repeat(40)}`]) {
      const res = await call('GET', `/api/admin/applications?custom=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
    }
  });
});
