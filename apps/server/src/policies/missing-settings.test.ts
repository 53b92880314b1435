import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedApplication } from '../../test/admin';
import { bearer, createTestContext, type TestContext } from '../../test/helper';

/**
 * A settings row removed by hand (the first migration inserts it) reads as the defaults: nothing
 * released. Every reader of "what status does the applicant see" gives the same answer then; the
 * session's status once fell back to "not started" because its join found no settings row.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('without a settings row', () => {
  it('an accepted, attending applicant sees "submitted" everywhere and has no QR code', async () => {
    const a = await seedApplication(
      ctx,
      { role: 'hacker', status: 'accepted', rsvpStatus: 'accepted' },
      { sessions: true },
    );
    await ctx.database.pool.query('update settings set hacker_decisions_released = true');
    const me = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(a.token!) })).json();
    expect((await me()).user.applicationStatus).toBe('accepted');

    await ctx.database.pool.query('delete from settings');
    expect((await me()).user.applicationStatus).toBe('submitted');
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/applications/me',
      headers: bearer(a.token!),
    });
    expect(mine.json().application.status).toBe('submitted');
    const qr = await ctx.app.inject({
      method: 'GET',
      url: '/api/applications/me/qr',
      headers: bearer(a.token!),
    });
    expect(qr.statusCode).toBe(404);
  });
});
