import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  createTestContext,
  GOOD_PASSWORD,
  outboxFor,
  randomIp,
  registerUser,
  uniqueEmail,
  type TestContext,
} from '../../../test/helper';
import { openMailbox } from '../../../test/mailbox';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

// The limits are fixed windows (10 and 15 minutes). The clock (Date only; pg keeps its timers)
// stands still 5 minutes into a window, so no test straddles a boundary and Retry-After is exact.
const WINDOW_OFFSET_MS = 300_000;
beforeEach(() => {
  const base = Math.floor(Date.now() / 1_800_000) * 1_800_000 + WINDOW_OFFSET_MS;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(base);
});
afterEach(() => {
  vi.useRealTimers();
});

function post(url: string, payload: Record<string, unknown>, remoteAddress: string) {
  return ctx.app.inject({ method: 'POST', url, payload, remoteAddress });
}

function expectLimited(res: LightMyRequestResponse, windowSeconds: number): void {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ error: expect.any(String), code: 'rate_limited' });
  expect(res.headers['retry-after']).toBe(String(windowSeconds - WINDOW_OFFSET_MS / 1000));
}

describe('login', () => {
  it('answers 429 with Retry-After after 10 attempts for one e-mail from one IP', async () => {
    const { email } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const ip = randomIp();
    for (let i = 0; i < 10; i++) {
      const res = await post('/api/auth/login', { email, password: `Wrong-Guess-${i}` }, ip);
      expect(res.statusCode).toBe(401);
    }
    expectLimited(await post('/api/auth/login', { email, password: 'Wrong-Guess-x' }, ip), 600);
    // Even the right password waits: guessing cannot continue by luck.
    expectLimited(await post('/api/auth/login', { email, password: GOOD_PASSWORD }, ip), 600);
    // Another address (the real owner elsewhere) is not locked out.
    expect((await post('/api/auth/login', { email, password: GOOD_PASSWORD }, randomIp())).statusCode).toBe(
      200,
    );
    // And this address may still sign in to another account.
    const other = await registerUser(ctx.app, { remoteAddress: randomIp() });
    expect(
      (await post('/api/auth/login', { email: other.email, password: GOOD_PASSWORD }, ip)).statusCode,
    ).toBe(200);
  });

  it('never counts successful sign-ins: a busy organiser is not locked out', async () => {
    const { email } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const ip = randomIp();
    for (let i = 0; i < 15; i++) {
      expect((await post('/api/auth/login', { email, password: GOOD_PASSWORD }, ip)).statusCode).toBe(200);
    }
  });

  it('counts unknown e-mails too, and the admin login shares the counter', async () => {
    const email = uniqueEmail('ghost');
    const ip = randomIp();
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/auth/login', { email, password: 'Wrong-Guess-1' }, ip)).statusCode).toBe(401);
      expect((await post('/api/auth/admin/login', { email, password: 'Wrong-Guess-1' }, ip)).statusCode).toBe(
        401,
      );
    }
    expectLimited(await post('/api/auth/admin/login', { email, password: 'Wrong-Guess-1' }, ip), 600);
  });

  it('opens again in the next window', async () => {
    const { email } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const ip = randomIp();
    for (let i = 0; i < 11; i++) await post('/api/auth/login', { email, password: 'Wrong-Guess-1' }, ip);
    expectLimited(await post('/api/auth/login', { email, password: GOOD_PASSWORD }, ip), 600);
    vi.setSystemTime(Date.now() + 600_000);
    expect((await post('/api/auth/login', { email, password: GOOD_PASSWORD }, ip)).statusCode).toBe(200);
  });
});

describe('password reset', () => {
  it('answers 429 after 5 requests for one e-mail, whatever the address, and mails 5 at most', async () => {
    const { email } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/auth/password-reset', { email }, randomIp())).statusCode).toBe(200);
    }
    expectLimited(await post('/api/auth/password-reset', { email }, randomIp()), 900);
    expect(await outboxFor(ctx, email, 'password_reset')).toHaveLength(5);
  });

  it('limits an unknown e-mail the same way (no enumeration through the limit)', async () => {
    const email = uniqueEmail('nobody');
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/auth/password-reset', { email }, randomIp())).statusCode).toBe(200);
    }
    expectLimited(await post('/api/auth/password-reset', { email }, randomIp()), 900);
  });

  it('answers 429 after 30 requests from one address for different e-mails', async () => {
    const ip = randomIp();
    for (let i = 0; i < 30; i++) {
      const res = await post('/api/auth/password-reset', { email: uniqueEmail('spray') }, ip);
      expect(res.statusCode).toBe(200);
    }
    expectLimited(await post('/api/auth/password-reset', { email: uniqueEmail('spray') }, ip), 900);
  });
});

describe('register', () => {
  it('answers 429 after 60 attempts from one address', async () => {
    const ip = randomIp();
    // Refused (common) passwords count too, and cost no hashing: the loop stays fast.
    for (let i = 0; i < 60; i++) {
      const res = await post('/api/auth/register', { email: uniqueEmail(), password: 'password123' }, ip);
      expect(res.statusCode).toBe(400);
    }
    const email = uniqueEmail();
    expectLimited(await post('/api/auth/register', { email, password: GOOD_PASSWORD }, ip), 600);
    const { rows } = await ctx.database.pool.query('select 1 from users where email = $1', [email]);
    expect(rows).toHaveLength(0);
  });
});

describe('verify-email', () => {
  it('never counts a valid link: a whole campus behind one address verifies on deadline night', async () => {
    const campus = randomIp();
    const mailbox = await openMailbox(ctx);
    try {
      const accounts = await Promise.all(
        Array.from({ length: 35 }, () => registerUser(ctx.app, { remoteAddress: randomIp() })),
      );
      for (const { email } of accounts) {
        const token = await mailbox.token(email, 'email_verification');
        expect((await post('/api/auth/verify-email', { token }, campus)).statusCode).toBe(200);
      }
    } finally {
      await mailbox.close();
    }
  });

  it('answers 429 after 30 wrong links from one address, and then even a valid one waits', async () => {
    const ip = randomIp();
    for (let i = 0; i < 30; i++) {
      const res = await post('/api/auth/verify-email', { token: `not-a-real-token-${i}` }, ip);
      expect(res.statusCode).toBe(400);
    }
    expectLimited(await post('/api/auth/verify-email', { token: 'not-a-real-token-x' }, ip), 900);
    const mailbox = await openMailbox(ctx);
    try {
      const { email } = await registerUser(ctx.app, { remoteAddress: randomIp() });
      const token = await mailbox.token(email, 'email_verification');
      expectLimited(await post('/api/auth/verify-email', { token }, ip), 900);
      // Its owner elsewhere is not held up by someone else's guessing.
      expect((await post('/api/auth/verify-email', { token }, randomIp())).statusCode).toBe(200);
    } finally {
      await mailbox.close();
    }
  });
});

describe('password-reset/verify', () => {
  it('answers 429 after 30 wrong codes from one address', async () => {
    const ip = randomIp();
    for (let i = 0; i < 30; i++) {
      const res = await post(
        '/api/auth/password-reset/verify',
        { oob_code: `not-a-real-code-${i}`, new_password: GOOD_PASSWORD },
        ip,
      );
      expect(res.statusCode).toBe(400);
    }
    expectLimited(
      await post(
        '/api/auth/password-reset/verify',
        { oob_code: 'not-a-real-code-x', new_password: GOOD_PASSWORD },
        ip,
      ),
      900,
    );
  });
});
