import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createTestContext, type TestContext } from '../../../test/helper';
import { createQuestion } from '../../../test/questions';
import { hackerScores, reviewerSession, submittedApplications } from '../../../test/review';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("the reviewer's screen", () => {
  it('shows the answers to reviewer-visible custom questions after the built-in ones, and only those', async () => {
    const adminToken = (await createAdmin(ctx)).token;
    const shown = await createQuestion(ctx, adminToken, { label: 'Best project?', type: 'paragraph' });
    const secret = await createQuestion(ctx, adminToken, { label: 'Employer', reviewer_visible: false });
    const [app] = await submittedApplications(ctx, 1, () => ({
      customAnswers: {
        [shown.id]: { v: 1, a: 'A robot that waters plants' },
        [secret.id]: { v: 1, a: 'Initech' },
      },
    }));
    const reviewer = await reviewerSession(ctx);
    const next = await reviewer.next();
    expect(next.application?.id).toBe(app!.id);
    const answers = next.application!.answers;
    expect(answers.at(-1)).toEqual({
      key: `custom:${shown.id}`,
      label: 'Best project?',
      value: 'A robot that waters plants',
      words: 5,
    });
    expect(JSON.stringify(answers)).not.toContain('Initech');
    // The same after the review, through GET /api/review/:id.
    const sent = await reviewer.call('POST', `/api/review/${app!.id}`, hackerScores());
    expect(sent.statusCode, sent.body).toBe(200);
    const again = await reviewer.call('GET', `/api/review/${app!.id}`);
    expect(again.json().application.answers.at(-1).key).toBe(`custom:${shown.id}`);
    expect(again.body).not.toContain('Initech');
  });
});
