// "Changes apply to applications started afterwards": what the submit checks, and what the draft
// hands the form, for an applicant who started before an organiser's change.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CUSTOM_LIMITS,
  type CustomQuestion,
  type CustomQuestionBody,
} from '@lanyard/shared/questions/custom';
import { asUser } from '../../../test/admin';
import { applicantWithResume, hackerAnswers, submit, type Applicant } from '../../../test/applicant';
import { bearer, createAdmin, createTestContext, type TestContext } from '../../../test/helper';
import { bodyOf, createQuestion } from '../../../test/questions';

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
  await ctx.database.pool.query('delete from application_drafts');
  await ctx.database.pool.query('delete from custom_questions');
});

const ask = (overrides: Partial<CustomQuestionBody>) => createQuestion(ctx, adminToken, overrides);

async function change(q: CustomQuestion, changes: Partial<CustomQuestionBody>) {
  const res = await admin('PUT', `/api/admin/questions/${q.id}`, bodyOf(q, changes));
  expect(res.statusCode, res.body).toBe(200);
}

function saveDraft(a: Applicant, answers: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'PUT',
    url: '/api/applications/draft',
    headers: bearer(a.token),
    payload: { role: 'hacker', answers },
  });
}

async function startedApplicant(custom: Record<string, unknown> = {}) {
  const a = await applicantWithResume(ctx, 'hacker');
  expect((await saveDraft(a, { firstName: 'Ada', custom })).statusCode).toBe(200);
  return a;
}

async function draftQuestions(a: Applicant): Promise<CustomQuestion[] | undefined> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/applications/draft',
    headers: bearer(a.token),
  });
  return res.json().draft.custom_questions;
}

function submitHacker(a: Applicant, custom: Record<string, unknown>) {
  return submit(ctx.app, a.token, 'hacker', { ...hackerAnswers(), resume_url: a.resume.file_url, custom });
}

describe('questions changed after an applicant started', () => {
  it('does not require a question added after their draft began, and requires it of those who start later', async () => {
    const early = await startedApplicant();
    const added = await ask({ label: 'Is this your first hackathon?', type: 'yes_no', required: true });
    const late = await startedApplicant();

    const held = await draftQuestions(early);
    expect(held).toEqual([expect.objectContaining({ id: added.id, required: false, hidden: false })]);
    expect(await draftQuestions(late)).toEqual([expect.objectContaining({ id: added.id, required: true })]);

    const lateRes = await submitHacker(late, {});
    expect(lateRes.statusCode).toBe(400);
    expect(lateRes.json().error).toBe('Is this your first hackathon?: this question is required');
    expect((await submitHacker(early, {})).statusCode).toBe(201);
  });

  it('still takes an answer the early applicant gives to the added question, checked by its rules', async () => {
    const early = await startedApplicant();
    const added = await ask({ label: 'Team size', type: 'number', min: 1, max: 4 });
    expect((await submitHacker(early, { [added.id]: 9 })).json().error).toBe('Team size: at most 4');
    const res = await submitHacker(early, { [added.id]: 3 });
    expect(res.statusCode, res.body).toBe(201);
    const { rows } = await ctx.database.pool.query('select custom_answers from applications');
    expect(rows[0].custom_answers[added.id]).toEqual({ v: 1, a: 3 });
  });

  it('holds them to a question made required since as it was: optional', async () => {
    const q = await ask({ label: 'Snack', required: false });
    const early = await startedApplicant();
    await change(q, { required: true });
    expect(await draftQuestions(early)).toEqual([expect.objectContaining({ id: q.id, required: false })]);
    expect((await submitHacker(early, {})).statusCode).toBe(201);
    const late = await startedApplicant();
    expect((await submitHacker(late, {})).json().error).toBe('Snack: this question is required');
  });

  it('keeps the answer to a question hidden since they started, and refuses it from those who start later', async () => {
    const q = await ask({ label: 'T-shirt fit', required: true });
    const early = await startedApplicant({ [q.id]: 'Relaxed' });
    const earlyToo = await startedApplicant();
    await change(q, { hidden: true });
    const late = await startedApplicant();

    expect(await draftQuestions(early)).toEqual([
      expect.objectContaining({ id: q.id, hidden: false, required: false }),
    ]);
    expect(await draftQuestions(late)).toBeUndefined();

    const kept = await submitHacker(early, { [q.id]: 'Relaxed' });
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json().application.custom).toEqual([
      expect.objectContaining({ label: 'T-shirt fit', text: 'Relaxed' }),
    ]);
    expect((await submitHacker(earlyToo, {})).statusCode).toBe(201);

    const refused = await submitHacker(late, { [q.id]: 'Relaxed' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(`Unknown question ${q.id}`);
    expect((await submitHacker(late, {})).statusCode).toBe(201);
  });

  it('treats a question unhidden since they started as new to them: asked, optional', async () => {
    const q = await ask({ label: 'Sponsor question', required: true, hidden: true });
    const early = await startedApplicant();
    await change(q, { hidden: false });
    expect(await draftQuestions(early)).toEqual([expect.objectContaining({ id: q.id, required: false })]);
    expect((await submitHacker(early, {})).statusCode).toBe(201);
  });
});

describe('draft room for custom answers', () => {
  it('saves ten 2,000-word paragraphs, and refuses custom answers past their own limit', async () => {
    const paragraphs = [];
    for (let i = 0; i < 10; i++)
      paragraphs.push(await ask({ label: `Essay ${i}`, type: 'paragraph', word_limit: 2000 }));
    const a = await applicantWithResume(ctx, 'hacker');
    const essay = 'Lanyard '.repeat(2000).trim();
    const custom = Object.fromEntries(paragraphs.map((q) => [q.id, essay]));
    const saved = await saveDraft(a, { firstName: 'Ada', whyHackathon: 'x'.repeat(90_000), custom });
    expect(saved.statusCode, saved.body).toBe(200);

    const tooMuch = await saveDraft(a, {
      custom: { [paragraphs[0]!.id]: 'x'.repeat(CUSTOM_LIMITS.draftChars) },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error).toContain('Draft is too large');
  });
});
