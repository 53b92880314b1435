/**
 * The address that rate limits, sessions and the audit log see is never one the client chose
 * (X-Forwarded-For is read past the configured proxies only), and an account's sign-in is limited
 * however many addresses a guesser spreads over.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  createTestContext,
  GOOD_PASSWORD,
  randomIp,
  registerUser,
  uniqueEmail,
  type TestContext,
} from '../helper';
import { openMailbox } from '../mailbox';

// Fixed windows: the clock (Date only) stands 5 minutes into a 30-minute slot, so no test straddles
// a window boundary.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Math.floor(Date.now() / 1_800_000) * 1_800_000 + 300_000);
});
afterEach(() => {
  vi.useRealTimers();
});

function signIn(
  ctx: TestContext,
  email: string,
  password: string,
  from: { remoteAddress: string; forwardedFor?: string },
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: from.remoteAddress,
    headers: from.forwardedFor === undefined ? {} : { 'x-forwarded-for': from.forwardedFor },
  });
}

/** Ten wrong passwords from one real client, each with another forged X-Forwarded-For in front. */
async function guessTenTimes(
  ctx: TestContext,
  email: string,
  from: (forged: string) => { remoteAddress: string; forwardedFor?: string },
): Promise<void> {
  for (let i = 0; i < 10; i++) {
    const res = await signIn(ctx, email, `Wrong-Guess-${i}`, from(`10.99.0.${i + 1}`));
    expect(res.statusCode).toBe(401);
  }
}

describe('TRUST_PROXY unset: X-Forwarded-For is ignored', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('a new forged address does not reset the limit of the address that connects', async () => {
    const { email } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const peer = randomIp();
    await guessTenTimes(ctx, email, (forged) => ({ remoteAddress: peer, forwardedFor: forged }));
    const res = await signIn(ctx, email, GOOD_PASSWORD, { remoteAddress: peer, forwardedFor: '10.99.1.1' });
    expect(res.statusCode).toBe(429);
  });
});

describe('TRUST_PROXY=127.0.0.1 (nginx on the same machine appends the real address)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => ctx.close());

  it('reads the address nginx appended, not the one the client wrote', async () => {
    const { email } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const real = randomIp();
    await guessTenTimes(ctx, email, (forged) => ({
      remoteAddress: '127.0.0.1',
      forwardedFor: `${forged}, ${real}`,
    }));
    const res = await signIn(ctx, email, GOOD_PASSWORD, {
      remoteAddress: '127.0.0.1',
      forwardedFor: `10.99.1.1, ${real}`,
    });
    expect(res.statusCode).toBe(429);
    // The owner at another address is not locked out by one guesser.
    const owner = await signIn(ctx, email, GOOD_PASSWORD, {
      remoteAddress: '127.0.0.1',
      forwardedFor: randomIp(),
    });
    expect(owner.statusCode).toBe(200);
  });

  it('records the real address in the session, not the forged one', async () => {
    const { email } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const real = randomIp();
    const res = await signIn(ctx, email, GOOD_PASSWORD, {
      remoteAddress: '127.0.0.1',
      forwardedFor: `6.6.6.6, ${real}`,
    });
    expect(res.statusCode).toBe(200);
    const { rows } = await ctx.database.pool.query<{ ip: string }>(
      `select s.ip from sessions s join users u on u.id = s.user_id where u.email = $1
        order by s.created_at desc limit 1`,
      [email],
    );
    expect(rows[0]?.ip).toBe(real);
  });

  it('ignores X-Forwarded-For from a peer that is not the proxy', async () => {
    const { email } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const direct = randomIp();
    await guessTenTimes(ctx, email, (forged) => ({ remoteAddress: direct, forwardedFor: forged }));
    const res = await signIn(ctx, email, GOOD_PASSWORD, { remoteAddress: direct, forwardedFor: randomIp() });
    expect(res.statusCode).toBe(429);
  });

  it('a 6,000-character X-Forwarded-For is counted, never a 500, and never becomes the address', async () => {
    const { email } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const huge = 'x'.repeat(6000);
    for (let i = 0; i < 10; i++) {
      const res = await signIn(ctx, email, `Wrong-Guess-${i}`, {
        remoteAddress: '127.0.0.1',
        forwardedFor: `${huge}${i}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await signIn(ctx, email, GOOD_PASSWORD, { remoteAddress: '127.0.0.1', forwardedFor: huge });
    expect(res.statusCode).toBe(429);
    const { rows } = await ctx.database.pool.query<{ n: number }>(
      `select count(*)::int as n from rate_limits where length(key) > 128 or key like '%xxxx%'`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});

describe('TRUST_PROXY=10.0.0.0/8,127.0.0.1 (a load balancer in front of nginx)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' });
  });
  afterAll(() => ctx.close());

  it('skips both proxies and reads the client the load balancer saw', async () => {
    const { email } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const real = '198.51.100.23';
    await guessTenTimes(ctx, email, (forged) => ({
      remoteAddress: '127.0.0.1',
      forwardedFor: `${forged}, ${real}, 10.1.2.3`,
    }));
    const res = await signIn(ctx, email, GOOD_PASSWORD, {
      remoteAddress: '127.0.0.1',
      forwardedFor: `203.0.113.77, ${real}, 10.1.2.3`,
    });
    expect(res.statusCode).toBe(429);
  });
});

describe('per-account sign-in limit', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => ctx.close());

  it('stops a brute force spread over 200 addresses; the owner gets in through "Forgot password?"', async () => {
    const { email } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) {
      const res = await signIn(ctx, email, `Wrong-Guess-${i}`, {
        remoteAddress: '127.0.0.1',
        forwardedFor: `172.16.${Math.floor(i / 250)}.${i % 250}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);

    // Even the right password from a fresh address waits, and the answer says what to do.
    const locked = await signIn(ctx, email, GOOD_PASSWORD, { remoteAddress: randomIp() });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe(String(900 - 300));
    expect(locked.json()).toEqual({
      error: expect.stringContaining('Forgot password?'),
      code: 'rate_limited',
    });

    // Other accounts are not affected.
    const other = await registerUser(ctx.app, { remoteAddress: randomIp() });
    expect((await signIn(ctx, other.email, GOOD_PASSWORD, { remoteAddress: randomIp() })).statusCode).toBe(
      200,
    );

    // A completed reset proves the mailbox and ends the lock.
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email },
      remoteAddress: randomIp(),
    });
    expect(asked.statusCode).toBe(200);
    const mailbox = await openMailbox(ctx);
    const code = await mailbox.token(email, 'password_reset').finally(() => mailbox.close());
    const done = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/verify',
      payload: { oob_code: code, new_password: 'Marmalade-Harbour-77' },
      remoteAddress: randomIp(),
    });
    expect(done.statusCode).toBe(200);
    expect((await signIn(ctx, email, 'Marmalade-Harbour-77', { remoteAddress: randomIp() })).statusCode).toBe(
      200,
    );
  });

  it('limits an unknown e-mail the same way (no enumeration)', async () => {
    const email = uniqueEmail('ghost');
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await signIn(ctx, email, 'Wrong-Guess-1', { remoteAddress: randomIp() })).statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
