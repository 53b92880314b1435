import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  applicantWithResume,
  hackerAnswers,
  mentorAnswers,
  setSettings,
  submit,
} from '../../../test/applicant';
import { createTestContext, type TestContext } from '../../../test/helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => setSettings(ctx));

describe('a phone number with an extension', () => {
  it.each([
    ['hacker', '+1 215 555 0100 ext. 12'],
    ['mentor', '+1 215 555 0100 x12'],
  ] as const)('is accepted from a %s as written (%s)', async (role, phone) => {
    const a = await applicantWithResume(ctx, role);
    const body =
      role === 'hacker'
        ? { ...hackerAnswers({ phone }), resume_url: a.resume.file_url }
        : mentorAnswers({ phone });
    const res = await submit(ctx.app, a.token, role, body);
    expect(res.statusCode).toBe(201);
    expect(res.json().application.answers.phone).toBe(phone);
    const { rows } = await ctx.database.pool.query<{ phone: string }>(
      'select phone from applications where user_id = $1',
      [a.id],
    );
    expect(rows[0]?.phone).toBe(phone);
  });
});
