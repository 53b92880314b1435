import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  GOOD_PASSWORD,
  registerUser,
  uniqueEmail,
  type TestContext,
} from '../../../test/helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('register', () => {
  it('creates an account, returns a session and sets an HttpOnly cookie', async () => {
    const email = uniqueEmail();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: email.toUpperCase(), password: GOOD_PASSWORD, role: 'mentor' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toEqual({
      id: expect.any(String),
      email,
      role: 'mentor',
      applicationStatus: 'not_started',
      emailVerified: false,
    });
    expect(body.access_token).toMatch(/^[\w-]{40,}$/);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(body.access_token),
    });
    expect(me.json().user.email).toBe(email);
  });
});
