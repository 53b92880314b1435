import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CustomAnswerView, CustomQuestion, CustomQuestionBody } from '@lanyard/shared/questions/custom';
import { asUser } from '../../../test/admin';
import {
  applicantWithResume,
  hackerAnswers,
  mentorAnswers,
  quickUser,
  submit,
  type Applicant,
} from '../../../test/applicant';
import { bearer, createAdmin, createTestContext, type TestContext } from '../../../test/helper';
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

const ask = (overrides: Partial<CustomQuestionBody>) => createQuestion(ctx, adminToken, overrides);

function submitHacker(a: Applicant, custom: Record<string, unknown> | undefined, answers = {}) {
  return submit(ctx.app, a.token, 'hacker', {
    ...hackerAnswers(answers),
    resume_url: a.resume.file_url,
    ...(custom === undefined ? {} : { custom }),
  });
}

async function me(token: string): Promise<CustomAnswerView[]> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/applications/me', headers: bearer(token) });
  return res.json().application.custom;
}

async function detail(id: string): Promise<CustomAnswerView[]> {
  return (await admin('GET', `/api/admin/applications/${id}`)).json().custom;
}

describe('submitting custom answers', () => {
  it('checks every type against its definition, naming the question', async () => {
    const a = await applicantWithResume(ctx, 'hacker');
    const short = await ask({ label: 'Nickname', max_length: 10 });
    const para = await ask({ label: 'Story', type: 'paragraph', word_limit: 3 });
    const single = await ask({ label: 'Which track?', type: 'single_choice', options: twoOptions });
    const multi = await ask({
      label: 'Tools',
      type: 'multiple_choice',
      options: twoOptions,
      allow_other: true,
    });
    const yesNo = await ask({ label: 'Vegan?', type: 'yes_no' });
    const num = await ask({ label: 'Team size', type: 'number', min: 1, max: 4, integer: true });
    const date = await ask({ label: 'Arrival', type: 'date' });
    const url = await ask({ label: 'Demo', type: 'url' });
    const email = await ask({ label: 'Other e-mail', type: 'email' });
    const consent = await ask({ label: 'Photo consent', type: 'consent', required: true });
    const refused: [string, unknown, string][] = [
      [short.id, 'x'.repeat(11), 'Nickname: at most 10 characters'],
      [short.id, 42, 'Nickname: enter text'],
      [para.id, 'one two three four', 'Story: at most 3 words'],
      [single.id, { selected: ['space'], other: null }, 'Which track?: choose one of the options'],
      [single.id, { selected: ['web', 'hw'], other: null }, 'Which track?: choose one'],
      [single.id, { selected: ['web'], other: 'mine' }, 'Which track?: "Other" is not offered'],
      [single.id, 'web', 'Which track?'],
      [multi.id, { selected: ['web'], extra: true }, 'Tools'],
      [yesNo.id, 'yes', 'Vegan?: answer yes or no'],
      [num.id, 5, 'Team size: at most 4'],
      [num.id, 2.5, 'Team size: enter a whole number'],
      [num.id, '3', 'Team size: enter a number'],
      [date.id, '2026-02-30', 'Arrival: not a real date'],
      [date.id, 'tomorrow', 'Arrival: enter a date'],
      [url.id, 'javascript:alert(1)', 'Demo: the link must start with http:// or https://'],
      [email.id, 'not-an-address', 'Other e-mail: enter a valid e-mail address'],
    ];
    for (const [id, value, message] of refused) {
      const res = await submitHacker(a, { [consent.id]: true, [id]: value });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().code).toBe('validation_error');
      expect(res.json().error, JSON.stringify(value)).toContain(message);
    }
    const missing = await submitHacker(a, {});
    expect(missing.json().error).toBe('Photo consent: this question is required');

    const res = await submitHacker(a, {
      [short.id]: ' Ada ',
      [para.id]: 'one two three',
      [single.id]: { selected: ['hw'], other: null },
      [multi.id]: { selected: ['web', 'hw'], other: 'Soldering iron' },
      [yesNo.id]: false,
      [num.id]: 3,
      [date.id]: '2026-03-01',
      [url.id]: 'https://example.org/demo',
      [email.id]: '',
      [consent.id]: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const texts = Object.fromEntries(
      (res.json().application.custom as CustomAnswerView[]).map((v) => [v.label, v.text]),
    );
    expect(texts).toEqual({
      Nickname: 'Ada',
      Story: 'one two three',
      'Which track?': 'Hardware',
      Tools: 'Web, Hardware, Other: Soldering iron',
      'Vegan?': 'No',
      'Team size': '3',
      Arrival: '2026-03-01',
      Demo: 'https://example.org/demo',
      'Photo consent': 'Agreed',
    });
    const { rows } = await ctx.database.pool.query('select custom_answers, answers from applications');
    expect(rows[0].custom_answers[single.id]).toEqual({ v: 1, a: { selected: ['hw'], other: null } });
    expect(rows[0].answers).not.toHaveProperty('custom');
  });

  it('refuses hostile input and keeps HTML as plain text', async () => {
    const a = await applicantWithResume(ctx, 'hacker');
    const q = await ask({ label: '<b>Bold</b> question', type: 'paragraph', word_limit: 2000 });
    const huge = await submitHacker(a, { [q.id]: 'x'.repeat(100_000) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error).toBe('<b>Bold</b> question: too long');
    const unknown = await submitHacker(a, { [crypto.randomUUID()]: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatch(/^Unknown question /);
    const notUuid = await submitHacker(a, { nope: 'x' });
    expect(notUuid.statusCode).toBe(400);
    const notRecord = await submitHacker(a, ['x'] as never);
    expect(notRecord.statusCode).toBe(400);
    const html = '<script>alert(1)</script> & <img src=x onerror=alert(2)>';
    const res = await submitHacker(a, { [q.id]: html });
    expect(res.statusCode, res.body).toBe(201);
    expect(await me(a.token)).toEqual([
      { id: q.id, section: 'additional', label: '<b>Bold</b> question', text: html, reviewer_visible: true },
    ]);
  });

  it('requires a conditional question only while its condition holds', async () => {
    const vegan = await ask({ label: 'Vegan?', type: 'yes_no' });
    const which = await ask({
      label: 'Which kind?',
      required: true,
      condition: { question: vegan.id, equals: true },
    });
    const school = await ask({
      label: 'Your teacher',
      required: true,
      section: 'academic',
      condition: { question: 'isHighSchool', equals: true },
    });
    const a = await applicantWithResume(ctx, 'hacker');
    const asked = await submitHacker(a, { [vegan.id]: true });
    expect(asked.json().error).toBe('Which kind?: this question is required');
    const teen = await submitHacker(
      a,
      { [vegan.id]: false },
      { isHighSchool: true, highSchoolYear: 'senior' },
    );
    expect(teen.json().error).toBe('Your teacher: this question is required');
    // Not shown: not required, and an answer given anyway is dropped, not stored.
    const res = await submitHacker(a, { [vegan.id]: false, [which.id]: 'Strict' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await me(a.token)).map((v) => v.id)).toEqual([vegan.id]);
    expect(school.required).toBe(true);
  });

  it('refuses answers to hidden questions and keeps the answers already given', async () => {
    const q = await ask({ label: 'Snack' });
    const first = await applicantWithResume(ctx, 'hacker');
    const res = await submitHacker(first, { [q.id]: 'Crisps' });
    expect(res.statusCode).toBe(201);
    await admin('PUT', `/api/admin/questions/${q.id}`, bodyOf(q, { hidden: true }));
    const second = await applicantWithResume(ctx, 'hacker');
    const refused = await submitHacker(second, { [q.id]: 'Fruit' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(`Unknown question ${q.id}`);
    expect((await submitHacker(second, undefined)).statusCode).toBe(201);
    expect((await me(first.token)).map((v) => v.text)).toEqual(['Crisps']);
    expect((await detail(res.json().application._id)).map((v) => v.text)).toEqual(['Crisps']);
  });

  it('shows old answers under the wording they were given under', async () => {
    const q = await ask({
      label: 'Which track?',
      type: 'single_choice',
      options: twoOptions,
      reviewer_visible: false,
    });
    const before = await applicantWithResume(ctx, 'hacker');
    const res = await submitHacker(before, { [q.id]: { selected: ['hw'], other: null } });
    const changed = await admin(
      'PUT',
      `/api/admin/questions/${q.id}`,
      bodyOf(q, {
        label: 'Pick a track',
        options: [
          { id: 'web', label: 'Web' },
          { id: 'hw', label: 'Robots' },
        ],
      }),
    );
    expect(changed.json().version).toBe(2);
    const after = await applicantWithResume(ctx, 'hacker');
    const res2 = await submitHacker(after, { [q.id]: { selected: ['hw'], other: null } });
    const old = {
      id: q.id,
      section: 'additional',
      label: 'Which track?',
      text: 'Hardware',
      reviewer_visible: false,
    };
    expect(await me(before.token)).toEqual([old]);
    expect(await detail(res.json().application._id)).toEqual([old]);
    expect(await me(after.token)).toEqual([{ ...old, label: 'Pick a track', text: 'Robots' }]);
    expect(await detail(res2.json().application._id)).toEqual([
      { ...old, label: 'Pick a track', text: 'Robots' },
    ]);
  });

  it('keeps custom answers in the draft as typed, unknown ids included, until submit checks them', async () => {
    const q = await ask({ label: 'Snack' });
    const a = await applicantWithResume(ctx, 'hacker');
    const custom = { [q.id]: 'Cri', [crypto.randomUUID()]: 'from a deleted question' };
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/applications/draft',
      headers: bearer(a.token),
      payload: { role: 'hacker', answers: { firstName: 'Ada', custom } },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().draft.answers.custom).toEqual(custom);
  });

  it('checks mentors against the mentor questions only', async () => {
    const hackerQ = await ask({ label: 'Hacker only' });
    const mentorQ: CustomQuestion = await ask({
      role: 'mentor',
      section: 'skills',
      label: 'Years?',
      type: 'number',
    });
    const m = await quickUser(ctx, 'mentor');
    const post = (custom: Record<string, unknown>) =>
      submit(ctx.app, m.token, 'mentor', { ...mentorAnswers(), custom });
    expect((await post({ [hackerQ.id]: 'x' })).statusCode).toBe(400);
    const res = await post({ [mentorQ.id]: 12 });
    expect(res.statusCode, res.body).toBe(201);
    expect(await me(m.token)).toEqual([
      { id: mentorQ.id, section: 'skills', label: 'Years?', text: '12', reviewer_visible: true },
    ]);
  });
});
