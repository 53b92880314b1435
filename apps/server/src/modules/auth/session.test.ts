import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, registerUser, type TestContext } from '../../../test/helper';

// GET /api/auth/session: "who is signed in?" for the web app, answered 200 even for nobody, so a
// signed-out visitor's landing page shows no failed request. GET /api/auth/me keeps its 401.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

function session(headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers });
}

describe('GET /api/auth/session', () => {
  it('answers 200 with no user when nobody is signed in, and sets no cookie', async () => {
    const res = await session();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers with the same user as /api/auth/me for a session cookie or a bearer token', async () => {
    const { token, cookie } = await registerUser(ctx.app, { role: 'mentor' });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    for (const headers of [{ cookie }, bearer(token) as Record<string, string>]) {
      const res = await session(headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(me.json());
    }
  });

  it('answers no user for a session that has ended or was never issued', async () => {
    const { cookie } = await registerUser(ctx.app);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect((await session({ cookie })).json()).toEqual({ user: null });
    expect(
      (
        await session(bearer('not-a-real-token-at-all-xxxxxxxxxxxxxxxxxxxx') as Record<string, string>)
      ).json(),
    ).toEqual({ user: null });
  });

  it('is no way round /api/auth/me: that still answers 401 to nobody', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
  });
});
