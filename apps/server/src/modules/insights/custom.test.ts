import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customInsightsSchema } from '@lanyard/shared/insights';
import { seedApplications } from '../../../test/admin';
import { createTestContext, type TestContext } from '../../../test/helper';
import { getPanel, insightsReader } from '../../../test/insights';
import { createQuestion, sessionOf, twoOptions } from '../../../test/questions';

let ctx: TestContext;
let read: Awaited<ReturnType<typeof insightsReader>>;
beforeAll(async () => {
  ctx = await createTestContext();
  read = await insightsReader(ctx);
});
afterAll(() => ctx.close());

describe('GET /api/admin/insights/custom', () => {
  it('counts yes/no answers, each option chosen and "Other", by question, under the filters', async () => {
    const admin = await sessionOf(ctx, 'admin');
    const first = await createQuestion(ctx, admin, { type: 'yes_no', label: 'First hackathon?' });
    const track = await createQuestion(ctx, admin, {
      type: 'multiple_choice',
      label: 'Tracks?',
      options: twoOptions,
      allow_other: true,
    });
    await createQuestion(ctx, admin, { type: 'short_text', label: 'Not drawn' });
    const answers = [
      { [first.id]: { v: 1, a: true }, [track.id]: { v: 1, a: { selected: ['web', 'hw'], other: null } } },
      { [first.id]: { v: 1, a: true }, [track.id]: { v: 1, a: { selected: ['web'], other: null } } },
      { [first.id]: { v: 1, a: false }, [track.id]: { v: 1, a: { selected: [], other: 'Biotech' } } },
      {},
    ];
    await seedApplications(ctx, answers.length, (i) => ({
      status: i === 0 ? 'accepted' : 'pending',
      customAnswers: answers[i],
    }));

    const all = await read(customInsightsSchema, 'custom');
    expect(all.questions.map((q) => q.label)).toEqual(['First hackathon?', 'Tracks?']);
    const [yn, tracks] = all.questions;
    expect(yn).toMatchObject({ answered: 3 });
    expect(yn!.buckets).toEqual([
      { label: 'Yes', count: 2, key: `${first.id}:true` },
      { label: 'No', count: 1, key: `${first.id}:false` },
    ]);
    expect(tracks).toMatchObject({ answered: 3 });
    expect(tracks!.buckets).toEqual([
      { label: 'Web', count: 2, key: `${track.id}:web` },
      { label: 'Hardware', count: 1, key: `${track.id}:hw` },
      { label: 'Other', count: 1, key: null },
    ]);

    const accepted = await read(customInsightsSchema, 'custom', 'status=accepted');
    expect(accepted.questions[0]!.buckets.map((b) => b.count)).toEqual([1, 0]);
    expect((await read(customInsightsSchema, 'custom', 'role=mentor')).questions).toEqual([]);
  });

  it('is for admins only', async () => {
    for (const role of ['reviewer', 'volunteer', 'hacker'] as const) {
      expect((await getPanel(ctx, await sessionOf(ctx, role), 'custom')).status).toBe(403);
    }
    expect((await getPanel(ctx, undefined, 'custom')).status).toBe(401);
  });
});
