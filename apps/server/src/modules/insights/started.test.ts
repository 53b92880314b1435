import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantWithResume, hackerAnswers, setSettings, submit } from '../../../test/applicant';
import { bearer, createTestContext, type TestContext } from '../../../test/helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await setSettings(ctx);
});
afterAll(() => ctx.close());

const startedOf = async (userId: string) =>
  (
    await ctx.database.pool.query<{ started_at: Date; submitted_at: Date }>(
      'select started_at, submitted_at from applications where user_id = $1',
      [userId],
    )
  ).rows[0]!;

describe('when an application was started', () => {
  it("is the draft's first save, kept through later saves and copied at submit", async () => {
    const a = await applicantWithResume(ctx, 'hacker');
    const save = (answers: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/applications/draft',
        headers: bearer(a.token),
        payload: { role: 'hacker', answers },
      });
    expect((await save({ firstName: 'Ada' })).statusCode).toBe(200);
    const firstSave = new Date(Date.now() - 3 * 24 * 3600_000);
    await ctx.database.pool.query('update application_drafts set created_at = $1 where user_id = $2', [
      firstSave,
      a.id,
    ]);
    expect((await save({ firstName: 'Ada', lastName: 'Lovelace' })).statusCode).toBe(200);
    const draft = await ctx.database.pool.query<{ created_at: Date }>(
      'select created_at from application_drafts where user_id = $1',
      [a.id],
    );
    expect(draft.rows[0]!.created_at.toISOString()).toBe(firstSave.toISOString());

    const res = await submit(ctx.app, a.token, 'hacker', {
      ...hackerAnswers(),
      resume_url: a.resume.file_url,
    });
    expect(res.statusCode).toBe(201);
    const row = await startedOf(a.id);
    expect(row.started_at.toISOString()).toBe(firstSave.toISOString());
    expect(row.submitted_at.getTime()).toBeGreaterThan(row.started_at.getTime());
  });

  it('is the submission itself when the form was sent without a draft', async () => {
    const a = await applicantWithResume(ctx, 'hacker');
    const res = await submit(ctx.app, a.token, 'hacker', {
      ...hackerAnswers(),
      resume_url: a.resume.file_url,
    });
    expect(res.statusCode).toBe(201);
    const row = await startedOf(a.id);
    expect(row.started_at.toISOString()).toBe(row.submitted_at.toISOString());
  });
});
