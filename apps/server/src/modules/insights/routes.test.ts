import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSIGHT_PANELS, timelineSchema } from '@lanyard/shared/insights';
import { createTestContext, type TestContext } from '../../../test/helper';
import { getPanel, insightsReader, sessionOf } from '../../../test/insights';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /api/admin/insights/*', () => {
  it('answers admins, and every panel on an empty database', async () => {
    const { token } = await sessionOf(ctx, 'admin');
    for (const panel of INSIGHT_PANELS) {
      const res = await getPanel(ctx, token, panel);
      expect({ panel, status: res.status }).toEqual({ panel, status: 200 });
    }
    const read = await insightsReader(ctx);
    expect(await read(timelineSchema, 'timeline')).toEqual({ days: [], deadline: null, projection: null });
  });

  it('refuses reviewers, volunteers and applicants (403), and anonymous callers (401)', async () => {
    const tokens = await Promise.all(
      (['reviewer', 'volunteer', 'hacker', 'mentor'] as const).map(async (role) => ({
        role,
        token: (await sessionOf(ctx, role)).token,
      })),
    );
    for (const panel of INSIGHT_PANELS) {
      for (const { role, token } of tokens) {
        const res = await getPanel(ctx, token, panel);
        expect({ panel, role, status: res.status }).toEqual({ panel, role, status: 403 });
      }
      const anonymous = await getPanel(ctx, undefined, panel);
      expect({ panel, status: anonymous.status }).toEqual({ panel, status: 401 });
    }
  });

  it('takes the filters as a list or repeated, and refuses unknown values and parameters (400)', async () => {
    const { token } = await sessionOf(ctx, 'admin');
    for (const query of ['role=hacker,mentor', 'role=hacker&role=mentor', 'role[]=hacker&status[]=pending']) {
      expect((await getPanel(ctx, token, 'demographics', query)).status).toBe(200);
    }
    for (const query of ['role=judge', 'status=maybe', 'limit=5']) {
      expect({ query, status: (await getPanel(ctx, token, 'funnel', query)).status }).toEqual({
        query,
        status: 400,
      });
    }
  });
});
