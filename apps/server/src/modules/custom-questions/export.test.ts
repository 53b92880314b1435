import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asUser, csvObjects, parseCsv, seedApplication, seedApplications } from '../../../test/admin';
import { createAdmin, createTestContext, type TestContext } from '../../../test/helper';
import { bodyOf, createQuestion, twoOptions } from '../../../test/questions';

let ctx: TestContext;
let adminToken: string;
let admin: ReturnType<typeof asUser>;
beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = (await createAdmin(ctx)).token;
  admin = asUser(ctx, adminToken);
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.database.pool.query('delete from applications');
  await ctx.database.pool.query('delete from custom_questions');
});

async function csv(url: string, body?: unknown) {
  const res = await admin(body === undefined ? 'GET' : 'POST', url, body);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const records = parseCsv(res.rawPayload.toString('utf8').slice(1));
  return { header: records[0]!, rows: csvObjects(records) };
}

describe('the applications CSV', () => {
  it('has a column per custom question of the exported roles, headed by its label, in words', async () => {
    const track = await createQuestion(ctx, adminToken, {
      label: 'Which track?',
      type: 'single_choice',
      options: twoOptions,
      allow_other: true,
    });
    const hidden = await createQuestion(ctx, adminToken, { label: 'Vegan?', type: 'yes_no', hidden: true });
    const formula = await createQuestion(ctx, adminToken, { label: '=HYPERLINK("x")' });
    const years = await createQuestion(ctx, adminToken, {
      role: 'mentor',
      section: 'skills',
      label: 'Years?',
      type: 'number',
    });
    // Reworded after the first answers: old answers keep their option's words, the header is current.
    await admin(
      'PUT',
      `/api/admin/questions/${track.id}`,
      bodyOf(track, { label: 'Pick a track', options: [twoOptions[0]!, { id: 'hw', label: 'Robots' }] }),
    );
    const h1 = await seedApplication(ctx, {
      customAnswers: {
        [track.id]: { v: 1, a: { selected: ['hw'], other: 'Bio' } },
        [hidden.id]: { v: 1, a: true },
        [formula.id]: { v: 1, a: '=1+2' },
      },
    });
    const h2 = await seedApplication(ctx, {
      customAnswers: { [track.id]: { v: 2, a: { selected: ['hw'], other: null } } },
    });
    const m = await seedApplication(ctx, { role: 'mentor', customAnswers: { [years.id]: { v: 1, a: 12 } } });

    const all = await csv('/api/export/applications/csv');
    expect(all.header.slice(-4)).toEqual(['Pick a track', 'Vegan?', '\'=HYPERLINK("x")', 'Years?']);
    const byId = new Map(all.rows.map((r) => [r.id, r]));
    expect(byId.get(h1.id)).toMatchObject({
      'Pick a track': 'Hardware, Other: Bio',
      'Vegan?': 'Yes',
      '\'=HYPERLINK("x")': "'=1+2",
      'Years?': '',
    });
    expect(byId.get(h2.id)).toMatchObject({ 'Pick a track': 'Robots', 'Vegan?': '' });
    expect(byId.get(m.id)).toMatchObject({ 'Pick a track': '', 'Years?': '12' });

    const mentors = await csv('/api/export/applications/csv?role=mentor');
    expect(mentors.header).toContain('Years?');
    expect(mentors.header).not.toContain('Pick a track');
    const picked = await csv('/api/export/applications/csv', { application_ids: [h2.id] });
    expect(picked.header.slice(-4)).toEqual(all.header.slice(-4));
    expect(picked.rows).toHaveLength(1);
  });

  it('streams thousands of rows with thirty questions, reading the wordings once', async () => {
    const questions = [];
    for (let i = 0; i < 30; i++)
      questions.push(
        await createQuestion(ctx, adminToken, { label: `Q${i}`, type: 'single_choice', options: twoOptions }),
      );
    await admin(
      'PUT',
      `/api/admin/questions/${questions[0]!.id}`,
      bodyOf(questions[0]!, { label: 'Q0 now' }),
    );
    const answers = Object.fromEntries(
      questions.map((q) => [q.id, { v: 1, a: { selected: ['web'], other: null } }]),
    );
    await seedApplications(ctx, 3000, () => ({ customAnswers: answers }));
    const { header, rows } = await csv('/api/export/applications/csv');
    expect(rows).toHaveLength(3000);
    expect(header.slice(-30)[0]).toBe('Q0 now');
    expect(rows.every((r) => r['Q0 now'] === 'Web' && r.Q29 === 'Web')).toBe(true);
  });
});
