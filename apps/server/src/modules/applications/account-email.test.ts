import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  applicantWithResume,
  applicationRows,
  hackerAnswers,
  mentorAnswers,
  setSettings,
  submit,
  type Applicant,
} from '../../../test/applicant';
import { createTestContext, type TestContext } from '../../../test/helper';

// The forms show the account's e-mail among the answers, read-only. A body may carry it back; it must
// be the account's own, and the stored address always comes from the account, never from the body.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => setSettings(ctx));

const bodyOf = (a: Applicant, role: 'hacker' | 'mentor', email: string) =>
  role === 'hacker'
    ? { ...hackerAnswers(), resume_url: a.resume.file_url, email }
    : { ...mentorAnswers(), email };

async function storedEmail(userId: string): Promise<string | undefined> {
  const { rows } = await ctx.database.pool.query<{ email: string; answers: Record<string, unknown> }>(
    'select email, answers from applications where user_id = $1',
    [userId],
  );
  expect(rows[0]?.answers).not.toHaveProperty('email');
  return rows[0]?.email;
}

describe.each(['hacker', 'mentor'] as const)('a %s body carrying the e-mail', (role) => {
  it("is accepted when it is the account's own, whatever its case; the account's address is stored", async () => {
    const a = await applicantWithResume(ctx, role);
    const shouted = `  ${a.email.toUpperCase()} `;
    const res = await submit(ctx.app, a.token, role, bodyOf(a, role, shouted));
    expect(res.statusCode).toBe(201);
    expect(res.json().application.email).toBe(a.email);
    expect(res.json().application.answers).not.toHaveProperty('email');
    expect(await storedEmail(a.id)).toBe(a.email);
  });

  it('is refused when it differs, naming the field, and nothing is stored', async () => {
    const a = await applicantWithResume(ctx, role);
    const res = await submit(ctx.app, a.token, role, bodyOf(a, role, 'someone.else@example.org'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'email: Email must be the address of your account; it cannot be changed here.',
      code: 'validation_error',
    });
    expect(await applicationRows(ctx, a.id)).toEqual([]);
  });

  it('is refused when it is not a string or absurdly long', async () => {
    const a = await applicantWithResume(ctx, role);
    for (const email of [42, `${'a'.repeat(300)}@example.org`]) {
      const res = await submit(ctx.app, a.token, role, { ...bodyOf(a, role, ''), email });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/^email: /);
    }
    expect(await applicationRows(ctx, a.id)).toEqual([]);
  });
});
