import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, submittedHacker } from '../../../test/admin';
import { bearer, createAdmin, createTestContext, type TestContext } from '../../../test/helper';
import { startInstance, type Instance } from '../../../test/instances';

/**
 * Issue 13, item 8: before a role's decisions are released, nothing an admin does to an application
 * may show in anything its applicant can read: not the status, and not a time, a header or a byte.
 * Read without the read cache (the test app) and with it (an instance with its own pool).
 */
let ctx: TestContext;
let admin: { token: string };
let cached: Instance;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx);
  cached = await startInstance(ctx);
});
afterAll(async () => {
  await cached?.close();
  await ctx.close();
});

/** What the applicant reads that could carry a decision (and POST /me/celebrated below). */
const APPLICANT_READS = ['/api/applications/me', '/api/auth/me', '/api/applications/me/qr'];

/** Status, headers (all but Date) and body of every applicant read, on both instances. */
async function applicantView(token: string): Promise<string[]> {
  const out: string[] = [];
  for (const app of [ctx.app, cached.app]) {
    for (const url of APPLICANT_READS) {
      // Twice: the second read of /me comes from the read cache where there is one.
      for (let i = 0; i < 2; i++) {
        const res = await app.inject({ method: 'GET', url, headers: bearer(token) });
        out.push(describeResponse(url, res));
      }
    }
    // Asking to celebrate is refused alike whatever the hidden decision (and changes nothing).
    const celebrate = await app.inject({
      method: 'POST',
      url: '/api/applications/me/celebrated',
      headers: bearer(token),
      payload: {},
    });
    out.push(describeResponse('celebrated', celebrate));
  }
  return out;
}

function describeResponse(url: string, res: LightMyRequestResponse): string {
  const { date: _date, ...headers } = res.headers;
  return JSON.stringify({ url, status: res.statusCode, headers, body: res.body });
}

/** Lets the clock move on, so that any time an action stamps differs from the one before. */
const tick = () => new Promise((r) => setTimeout(r, 15));

async function release(role: 'hacker' | 'mentor', released: boolean): Promise<void> {
  const res = await asUser(ctx, admin.token)(
    'POST',
    `/api/admin/decisions/${released ? 'release' : 'unrelease'}`,
    { role },
  );
  expect(res.statusCode).toBe(200);
}

describe("an applicant's view before release", () => {
  it('is byte-identical, headers included, after an admin accepts, rejects, waitlists, bulk-changes or sets the RSVP', async () => {
    const hacker = await submittedHacker(ctx);
    const call = asUser(ctx, admin.token);
    await tick();
    const before = await applicantView(hacker.token);
    expect(JSON.parse(before[0]!).body).toContain('"status":"submitted"');

    const actions: [string, () => Promise<{ statusCode: number }>][] = [
      ['accept', () => call('PUT', `/api/admin/applications/${hacker.appId}/status`, { status: 'accepted' })],
      ['reject', () => call('PUT', `/api/admin/applications/${hacker.appId}/status`, { status: 'rejected' })],
      ['waitlist', () => call('PUT', `/api/applications/${hacker.appId}/status`, { status: 'waitlisted' })],
      [
        'bulk accept',
        () =>
          call('PUT', '/api/admin/applications/bulk/status', {
            application_ids: [hacker.appId],
            status: 'accepted',
          }),
      ],
      [
        'set the RSVP',
        () => call('PUT', `/api/admin/applications/${hacker.appId}/rsvp`, { rsvp_status: 'declined' }),
      ],
      ['release mentors only', () => release('mentor', true).then(() => ({ statusCode: 200 }))],
    ];
    for (const [what, act] of actions) {
      await tick();
      expect((await act()).statusCode, what).toBe(200);
      expect(await applicantView(hacker.token), `after "${what}"`).toEqual(before);
    }

    // Released for hackers: the decision shows, with the time it was made.
    try {
      await release('hacker', true);
      const after = await ctx.app.inject({
        method: 'GET',
        url: '/api/applications/me',
        headers: bearer(hacker.token),
      });
      const shown = (
        after.json() as { application: { status: string; submitted_at: string; updated_at: string } }
      ).application;
      expect(shown.status).toBe('accepted');
      expect(Date.parse(shown.updated_at)).toBeGreaterThan(Date.parse(shown.submitted_at));
      // The other instance hears of the release when its notification arrives (decision 006).
      const deadline = Date.now() + 5000;
      for (;;) {
        const fromCache = await cached.app.inject({
          method: 'GET',
          url: '/api/applications/me',
          headers: bearer(hacker.token),
        });
        if (fromCache.body === after.body) break;
        if (Date.now() > deadline) expect(fromCache.body).toBe(after.body);
        await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      await release('hacker', false);
      await release('mentor', false);
    }
  });
});
