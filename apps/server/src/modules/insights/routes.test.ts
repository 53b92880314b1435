import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSIGHT_PANELS, timelineSchema } from '@lanyard/shared/insights';
import { createTestContext, type TestContext } from '../../../test/helper';
import { getPanel, insightsReader, sessionOf } from '../../../test/insights';
import { SharedReads } from './shared-reads';

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

describe('SharedReads', () => {
  it('gives reads of one key that arrive while it counts the same count, and counts again after', async () => {
    const reads = new SharedReads();
    let counts = 0;
    let finish!: (n: number) => void;
    const count = () => {
      counts += 1;
      return new Promise<number>((resolve) => (finish = resolve));
    };
    const first = reads.read('funnel {}', count);
    const second = reads.read('funnel {}', count);
    const other = reads.read('funnel {"role":["mentor"]}', () => Promise.resolve(-1));
    expect(counts).toBe(1);
    finish(7);
    expect(await Promise.all([first, second, other])).toEqual([7, 7, -1]);
    const third = reads.read('funnel {}', count);
    expect(counts).toBe(2);
    finish(8);
    expect(await third).toBe(8);
  });

  it('shares a failure with the reads waiting on it, and does not keep it', async () => {
    const reads = new SharedReads();
    const failing = reads.read('review {}', () => Promise.reject(new Error('database away')));
    const joined = reads.read('review {}', () => Promise.resolve('never'));
    await expect(failing).rejects.toThrow('database away');
    await expect(joined).rejects.toThrow('database away');
    expect(await reads.read('review {}', () => Promise.resolve('fresh'))).toBe('fresh');
  });
});
