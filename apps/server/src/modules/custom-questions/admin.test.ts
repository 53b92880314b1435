import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CUSTOM_LIMITS, type CustomQuestion } from '@lanyard/shared/questions/custom';
import { asUser, auditRows, seedApplication } from '../../../test/admin';
import { createAdmin, createTestContext, type TestContext } from '../../../test/helper';
import { bodyOf, createQuestion, questionBody, sessionOf, twoOptions } from '../../../test/questions';

let ctx: TestContext;
let admin: ReturnType<typeof asUser>;
let adminToken: string;
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

const list = async () =>
  (await admin('GET', '/api/admin/questions')).json().questions as (CustomQuestion & { answered: number })[];

describe('access', () => {
  it('refuses anyone but admins', async () => {
    const q = await createQuestion(ctx, adminToken);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/questions'],
      ['POST', '/api/admin/questions', questionBody()],
      ['PUT', `/api/admin/questions/${q.id}`, bodyOf(q)],
      ['PUT', '/api/admin/questions/order', { role: 'hacker', ids: [q.id] }],
      ['DELETE', `/api/admin/questions/${q.id}`],
    ];
    for (const role of ['hacker', 'mentor', 'reviewer', 'volunteer'] as const) {
      const as = asUser(ctx, await sessionOf(ctx, role));
      for (const [method, url, body] of calls) {
        expect((await as(method as 'GET', url, body)).statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
    for (const [method, url, body] of calls) {
      const res = await ctx.app.inject({ method: method as 'GET', url, ...(body ? { payload: body } : {}) });
      expect(res.statusCode, `anonymous ${method} ${url}`).toBe(401);
    }
    expect(await list()).toHaveLength(1);
  });
});

describe('create, list, update', () => {
  it('creates questions at the end of their role, lists both roles in order with answer counts', async () => {
    const a = await createQuestion(ctx, adminToken, { label: 'First' });
    const m = await createQuestion(ctx, adminToken, {
      role: 'mentor',
      section: 'skills',
      label: 'Mentor one',
    });
    const b = await createQuestion(ctx, adminToken, {
      label: 'Second',
      type: 'single_choice',
      options: twoOptions,
      hidden: true,
    });
    expect(a).toMatchObject({ role: 'hacker', version: 1, required: false, help: '', options: [] });
    expect(b.position).toBeGreaterThan(a.position);
    await seedApplication(ctx, { customAnswers: { [a.id]: { v: 1, a: 'x' } } });
    await seedApplication(ctx, { customAnswers: { [a.id]: { v: 1, a: 'y' }, [b.id]: { v: 1, a: {} } } });
    const all = await list();
    expect(all.map((q) => [q.id, q.answered])).toEqual([
      [a.id, 2],
      [b.id, 1],
      [m.id, 0],
    ]);
  });

  it('keeps HTML in labels as plain text, and refuses unknown fields and bad definitions', async () => {
    const q = await createQuestion(ctx, adminToken, { label: '<img src=x onerror=alert(1)>Snack?' });
    expect(q.label).toBe('<img src=x onerror=alert(1)>Snack?');
    const bad = [
      { ...questionBody(), extra: 1 },
      questionBody({ type: 'single_choice', options: [twoOptions[0]!] }),
      questionBody({ section: 'professional' }),
      questionBody({ label: 'x'.repeat(CUSTOM_LIMITS.label + 1) }),
      questionBody({ label: 'a\u0007b' }),
    ];
    for (const body of bad) {
      const res = await admin('POST', '/api/admin/questions', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().code).toBe('validation_error');
    }
  });

  it('updates the definition with a new version, keeps the role, and audits before and after', async () => {
    const q = await createQuestion(ctx, adminToken, { label: 'Old words' });
    const res = await admin('PUT', `/api/admin/questions/${q.id}`, bodyOf(q, { label: 'New words' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: q.id, label: 'New words', version: 2, position: q.position });
    const same = await admin('PUT', `/api/admin/questions/${q.id}`, bodyOf(res.json()));
    expect(same.json().version).toBe(2);
    const moved = await admin(
      'PUT',
      `/api/admin/questions/${q.id}`,
      bodyOf(q, { role: 'mentor', section: 'skills' }),
    );
    expect(moved.statusCode).toBe(400);
    const missing = await admin('PUT', `/api/admin/questions/${crypto.randomUUID()}`, bodyOf(q));
    expect(missing.statusCode).toBe(404);
    const { rows } = await ctx.database.pool.query(
      `select version, definition->>'label' as label, changed_by is not null as by
         from custom_question_versions where question_id = $1 order by version`,
      [q.id],
    );
    expect(rows).toEqual([
      { version: 1, label: 'Old words', by: true },
      { version: 2, label: 'New words', by: true },
    ]);
    const audit = await auditRows(ctx, 'custom_question', q.id);
    expect(audit.map((r) => r.action)).toEqual(['question.create', 'question.update']);
    expect(audit[1]).toMatchObject({
      before: { label: 'Old words' },
      after: { label: 'New words', version: 2 },
    });
    expect(audit[0]!.actor_email).toMatch(/^admin/);
  });

  it(`refuses question ${CUSTOM_LIMITS.questions + 1} of a role (hidden ones count)`, async () => {
    await ctx.database.pool.query(
      `insert into custom_questions (role, position, definition)
       select 'hacker', g, $1::jsonb from generate_series(1, $2::int) g`,
      [
        JSON.stringify(bodyOf({ ...(await createQuestion(ctx, adminToken)), hidden: true })),
        CUSTOM_LIMITS.questions - 1,
      ],
    );
    const res = await admin('POST', '/api/admin/questions', questionBody());
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('too_many_questions');
    expect(
      (await admin('POST', '/api/admin/questions', questionBody({ role: 'mentor', section: 'skills' })))
        .statusCode,
    ).toBe(201);
  });
});

describe('conditions', () => {
  it('must name an earlier question of the role and a value it can have', async () => {
    const track = await createQuestion(ctx, adminToken, {
      type: 'single_choice',
      options: twoOptions,
      label: 'Track',
    });
    const text = await createQuestion(ctx, adminToken, { label: 'Plain' });
    const ok = [
      { question: track.id, equals: 'hw' },
      { question: 'isHighSchool', equals: true },
      { question: 'gender', equals: 'female' },
    ];
    for (const condition of ok) {
      const res = await admin('POST', '/api/admin/questions', questionBody({ condition }));
      expect(res.statusCode, JSON.stringify(condition)).toBe(201);
    }
    const bad: [unknown, RegExp][] = [
      [{ question: track.id, equals: 'nope' }, /no option "nope"/],
      [{ question: track.id, equals: true }, /no option/],
      [{ question: text.id, equals: 'x' }, /only depend on a yes\/no/],
      [{ question: 'isHighSchool', equals: 'yes' }, /yes or no/],
      [{ question: 'gender', equals: 'martian' }, /no option "martian"/],
      [{ question: 'whyAttendQuestion', equals: 'x' }, /only depend on a yes\/no or choice/],
      [{ question: 'title', equals: 'x' }, /not a question of the hacker form/],
      [{ question: crypto.randomUUID(), equals: true }, /not a question of the hacker form/],
    ];
    for (const [condition, message] of bad) {
      const res = await admin(
        'POST',
        '/api/admin/questions',
        questionBody({ condition: condition as never }),
      );
      expect(res.statusCode, JSON.stringify(condition)).toBe(400);
      expect(res.json().error).toMatch(message);
    }
    // A question in a later section comes after; a mentor question is not on the hacker form.
    const later = await createQuestion(ctx, adminToken, {
      section: 'community',
      type: 'yes_no',
      label: 'Later',
    });
    const early = await admin(
      'POST',
      '/api/admin/questions',
      questionBody({ section: 'personal', condition: { question: later.id, equals: true } }),
    );
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toMatch(/comes after it/);
    const mentorQ = await createQuestion(ctx, adminToken, {
      role: 'mentor',
      section: 'skills',
      type: 'yes_no',
    });
    const other = await admin(
      'POST',
      '/api/admin/questions',
      questionBody({ condition: { question: mentorQ.id, equals: true } }),
    );
    expect(other.statusCode).toBe(400);
  });

  it('refuses a change, a reorder or a delete that would break a condition (and so any cycle)', async () => {
    const a = await createQuestion(ctx, adminToken, { type: 'yes_no', label: 'A' });
    const b = await createQuestion(ctx, adminToken, {
      type: 'yes_no',
      label: 'B',
      condition: { question: a.id, equals: true },
    });
    // A depending on B would be a cycle: B comes after A.
    const cycle = await admin(
      'PUT',
      `/api/admin/questions/${a.id}`,
      bodyOf(a, { condition: { question: b.id, equals: true } }),
    );
    expect(cycle.statusCode).toBe(400);
    const self = await admin(
      'PUT',
      `/api/admin/questions/${a.id}`,
      bodyOf(a, { condition: { question: a.id, equals: true } }),
    );
    expect(self.json().error).toMatch(/its own answer/);
    const retype = await admin('PUT', `/api/admin/questions/${a.id}`, bodyOf(a, { type: 'short_text' }));
    expect(retype.statusCode).toBe(400);
    expect(retype.json().error).toMatch(/“B”/);
    const swap = await admin('PUT', '/api/admin/questions/order', { role: 'hacker', ids: [b.id, a.id] });
    expect(swap.statusCode).toBe(400);
    const del = await admin('DELETE', `/api/admin/questions/${a.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe('question_in_use');
  });
});

describe('reorder', () => {
  it('rewrites the positions of every question of the role, listed exactly once, and audits it', async () => {
    const [a, b, c] = [
      await createQuestion(ctx, adminToken, { label: 'A' }),
      await createQuestion(ctx, adminToken, { label: 'B' }),
      await createQuestion(ctx, adminToken, { label: 'C' }),
    ];
    for (const ids of [
      [a.id, b.id],
      [a.id, b.id, b.id],
      [a.id, b.id, c.id, crypto.randomUUID()],
      [c.id, b.id, crypto.randomUUID()],
    ]) {
      const res = await admin('PUT', '/api/admin/questions/order', { role: 'hacker', ids });
      expect(res.statusCode, ids.length.toString()).toBe(400);
    }
    const res = await admin('PUT', '/api/admin/questions/order', { role: 'hacker', ids: [c.id, a.id, b.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().questions.map((q: CustomQuestion) => q.label)).toEqual(['C', 'A', 'B']);
    expect((await list()).map((q) => q.label)).toEqual(['C', 'A', 'B']);
    const [row] = await auditRows(ctx, 'custom_question', 'hacker');
    expect(row).toMatchObject({
      action: 'question.reorder',
      before: { ids: [a.id, b.id, c.id] },
      after: { ids: [c.id, a.id, b.id] },
    });
  });
});

describe('hide and delete', () => {
  it('deletes an unanswered question with its versions; refuses once anyone answered it', async () => {
    const q = await createQuestion(ctx, adminToken);
    const answered = await createQuestion(ctx, adminToken, { label: 'Answered' });
    await seedApplication(ctx, { customAnswers: { [answered.id]: { v: 1, a: 'yes' } } });
    const refused = await admin('DELETE', `/api/admin/questions/${answered.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'question_answered',
      error: 'People have answered this question: hide it instead.',
    });
    const res = await admin('DELETE', `/api/admin/questions/${q.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await admin('DELETE', `/api/admin/questions/${q.id}`)).statusCode).toBe(404);
    const { rows } = await ctx.database.pool.query(
      'select count(*)::int as n from custom_question_versions where question_id = $1',
      [q.id],
    );
    expect(rows[0].n).toBe(0);
    expect((await auditRows(ctx, 'custom_question', q.id)).map((r) => r.action)).toEqual([
      'question.create',
      'question.delete',
    ]);
    expect((await list()).map((r) => r.id)).toEqual([answered.id]);
  });

  it('leaves hidden questions out of the public settings, which list each form in order', async () => {
    const shown = await createQuestion(ctx, adminToken, { label: 'Shown' });
    const hidden = await createQuestion(ctx, adminToken, { label: 'Hidden' });
    const mentor = await createQuestion(ctx, adminToken, { role: 'mentor', section: 'skills', label: 'M' });
    await admin('PUT', `/api/admin/questions/${hidden.id}`, bodyOf(hidden, { hidden: true }));
    const res = await ctx.app.inject({ method: 'GET', url: '/api/settings/public' });
    const { custom_questions: cq } = res.json();
    expect(cq.hacker.map((q: CustomQuestion) => q.id)).toEqual([shown.id]);
    expect(cq.mentor.map((q: CustomQuestion) => q.id)).toEqual([mentor.id]);
    expect((await list()).map((q) => q.id)).toContain(hidden.id);
  });
});
