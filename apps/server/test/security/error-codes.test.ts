/** Every error answer carries a code from the shared catalogue, whatever part of Fastify refused it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorCode } from '@lanyard/shared/errors';
import { createTestContext, registerUser, randomIp, type TestContext } from '../helper';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  ({ token } = await registerUser(ctx.app, { remoteAddress: randomIp() }));
});
afterAll(async () => {
  await ctx?.close();
});

describe('error codes', () => {
  it.each([
    ['an empty JSON body', { 'content-type': 'application/json' }, ''],
    ['unreadable JSON', { 'content-type': 'application/json' }, '{"role":'],
    ['a body of an unknown type', { 'content-type': 'text/csv' }, 'a,b'],
    ['a content type with a broken charset', { 'content-type': 'application/json; charset=nope' }, '{}'],
  ])('%s answers a catalogued code', async (_what, headers, payload) => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/applications/draft',
      headers: { ...headers, authorization: `Bearer ${token}` },
      payload,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const body = res.json() as { code: string; error: string };
    expect(body.error).toEqual(expect.any(String));
    expect(isErrorCode(body.code), `${body.code} is in packages/shared/src/errors.ts`).toBe(true);
  });

  it('an unknown API route and a wrong method answer catalogued codes', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['DELETE', '/api/auth/me'],
      // Refused by the router itself: a broken %-escape, a path parameter over 100 characters.
      ['GET', '/api/event%E0%A4%A'],
      ['GET', `/api/admin/applications/${'a'.repeat(200)}`],
    ] as const) {
      const res = await ctx.app.inject({ method, url });
      expect(isErrorCode((res.json() as { code: string }).code), `${method} ${url}: ${res.body}`).toBe(true);
    }
  });
});
