import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  createTestContext,
  GOOD_PASSWORD,
  outboxFor,
  randomIp,
  registerUser,
  tokenFromMail,
  uniqueEmail,
  type TestContext,
} from '../../../test/helper';
import { hackerAnswers, setSettings, submit, uploadResume } from '../../../test/applicant';
import { hashToken } from '../../lib/tokens';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
afterEach(() => {
  vi.useRealTimers();
});

const NEW_PASSWORD = 'Marmalade-Harbour-77';

function post(url: string, payload: unknown, extra: { token?: string; ip?: string } = {}) {
  return ctx.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    remoteAddress: extra.ip ?? randomIp(),
    ...(extra.token ? { headers: bearer(extra.token) } : {}),
  });
}

function requestReset(email: string, ip?: string) {
  return post('/api/auth/password-reset', { email }, { ip });
}

function completeReset(oobCode: string, newPassword = NEW_PASSWORD) {
  return post('/api/auth/password-reset/verify', { oob_code: oobCode, new_password: newPassword });
}

function login(email: string, password: string) {
  return post('/api/auth/login', { email, password });
}

function me(token: string) {
  return ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
}

/** Asks for a reset and returns the code from the newest mail. */
async function resetCode(email: string): Promise<string> {
  const res = await requestReset(email);
  expect(res.statusCode).toBe(200);
  const mails = await outboxFor(ctx, email, 'password_reset');
  return tokenFromMail(mails.at(-1)!.text_body, 'oob_code');
}

/** Moves only Date forward (pg keeps its real timers). */
function advanceClock(ms: number): void {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + ms);
}

describe('password reset request', () => {
  it('answers alike for a known and an unknown e-mail; only the known one gets mail', async () => {
    const { email } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const unknown = uniqueEmail('nobody');
    const known = await requestReset(email.toUpperCase());
    const missing = await requestReset(unknown);
    expect(known.statusCode).toBe(200);
    expect(missing.statusCode).toBe(known.statusCode);
    expect(missing.body).toBe(known.body);
    expect(known.json().message).toMatch(/if an account exists/i);

    const mails = await outboxFor(ctx, email, 'password_reset');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.status).toBe('pending');
    expect(mails[0]!.text_body).toContain('http://localhost:3000/reset-password?oob_code=');
    expect(await outboxFor(ctx, unknown)).toHaveLength(0);
  });

  it('rejects an invalid e-mail and unknown fields with 400', async () => {
    const bad = await post('/api/auth/password-reset', { email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/email/i);
    const extra = await post('/api/auth/password-reset', { email: uniqueEmail(), redirect: 'https://x' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error).toContain('redirect');
  });
});

describe('password reset verify', () => {
  it('changes the password once, revoking every session', async () => {
    const { email, token: registerToken } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const loginToken = (await login(email, GOOD_PASSWORD)).json().access_token as string;
    expect((await me(registerToken)).statusCode).toBe(200);

    const code = await resetCode(email);
    const res = await completeReset(code);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/password has been changed/i);
    // This browser's cookie dies with the sessions.
    expect(String(res.headers['set-cookie'])).toMatch(/^lanyard_session=;/);

    expect((await me(registerToken)).statusCode).toBe(401);
    expect((await me(loginToken)).statusCode).toBe(401);

    const old = await login(email, GOOD_PASSWORD);
    expect(old.statusCode).toBe(401);
    const fresh = await login(email, NEW_PASSWORD);
    expect(fresh.statusCode).toBe(200);
    expect((await me(fresh.json().access_token)).statusCode).toBe(200);

    const reuse = await completeReset(code, 'Another-Secret-Phrase-9');
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ error: expect.any(String), code: 'invalid_token' });
    // The refused reuse changed nothing.
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(email, 'Another-Secret-Phrase-9')).statusCode).toBe(401);
  });

  it('stores reset tokens hashed: the raw code appears nowhere in auth_tokens', async () => {
    const { email, id } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const code = await resetCode(email);
    const { rows } = await ctx.database.pool.query<{ token_hash: string; row: string }>(
      `select token_hash, t::text as row from auth_tokens t where user_id = $1 and kind = 'password_reset'`,
      [id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.row).not.toContain(code);
    expect(rows[0]!.token_hash).not.toBe(code);
    expect(rows[0]!.token_hash).toBe(hashToken(ctx.config.sessionSecret, code));
  });

  it('refuses a code after one hour, and accepts one just before', async () => {
    const { email } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const late = await resetCode(email);
    advanceClock(3600_000 + 60_000);
    const expired = await completeReset(late);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('invalid_token');
    vi.useRealTimers();
    expect((await login(email, GOOD_PASSWORD)).statusCode).toBe(200);

    const inTime = await resetCode(email);
    advanceClock(3600_000 - 60_000);
    expect((await completeReset(inTime)).statusCode).toBe(200);
    vi.useRealTimers();
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('a new password that is too weak is refused and the code stays usable', async () => {
    const { email } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const code = await resetCode(email);
    const common = await completeReset(code, 'password123');
    expect(common.statusCode).toBe(400);
    expect(common.json().code).toBe('weak_password');
    const short = await completeReset(code, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('validation_error');
    expect((await login(email, GOOD_PASSWORD)).statusCode).toBe(200);
    expect((await completeReset(code)).statusCode).toBe(200);
  });

  it('using one code ends the other outstanding codes of the account', async () => {
    const { email } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const first = await resetCode(email);
    const second = await resetCode(email);
    expect(first).not.toBe(second);
    expect((await completeReset(second)).statusCode).toBe(200);
    const stale = await completeReset(first, 'Yet-Another-Phrase-31');
    expect(stale.statusCode).toBe(400);
    expect(stale.json().code).toBe('invalid_token');
  });

  it('refuses a made-up code and an e-mail verification token', async () => {
    const { email } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    expect((await completeReset('made-up-code')).json().code).toBe('invalid_token');
    const verifyToken = tokenFromMail(
      (await outboxFor(ctx, email, 'email_verification'))[0]!.text_body,
      'token',
    );
    const wrongKind = await completeReset(verifyToken);
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().code).toBe('invalid_token');
    expect((await login(email, GOOD_PASSWORD)).statusCode).toBe(200);
  });
});

describe('e-mail verification', () => {
  async function verificationToken(email: string): Promise<string> {
    const mails = await outboxFor(ctx, email, 'email_verification');
    return tokenFromMail(mails.at(-1)!.text_body, 'token');
  }

  it('register queues a verification mail; the token verifies once', async () => {
    const { email, token } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const mails = await outboxFor(ctx, email, 'email_verification');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/verify/i);
    expect(mails[0]!.text_body).toContain('http://localhost:3000/verify-email?token=');
    const verifyToken = await verificationToken(email);

    expect((await me(token)).json().user.emailVerified).toBe(false);
    const res = await post('/api/auth/verify-email', { token: verifyToken });
    expect(res.statusCode).toBe(200);
    expect((await me(token)).json().user.emailVerified).toBe(true);

    const reuse = await post('/api/auth/verify-email', { token: verifyToken });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().code).toBe('invalid_token');
  });

  it('stores the verification token hashed', async () => {
    const { email, id } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const verifyToken = await verificationToken(email);
    const { rows } = await ctx.database.pool.query<{ row: string }>(
      `select t::text as row from auth_tokens t where user_id = $1`,
      [id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.row).not.toContain(verifyToken);
  });

  it('refuses a verification token after 48 hours', async () => {
    const { email, token } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const verifyToken = await verificationToken(email);
    advanceClock(48 * 3600_000 + 60_000);
    const res = await post('/api/auth/verify-email', { token: verifyToken });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_token');
    vi.useRealTimers();
    expect((await me(token)).json().user.emailVerified).toBe(false);
  });

  it('refuses a password reset code as a verification token', async () => {
    const { email, token } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const code = await resetCode(email);
    const res = await post('/api/auth/verify-email', { token: code });
    expect(res.statusCode).toBe(400);
    expect((await me(token)).json().user.emailVerified).toBe(false);
  });

  it('resend needs a signed-in user, sends a new mail, and is refused once verified', async () => {
    const anon = await post('/api/auth/verify-email/resend', {});
    expect(anon.statusCode).toBe(401);

    const { email, token } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const resend = await post('/api/auth/verify-email/resend', {}, { token });
    expect(resend.statusCode).toBe(200);
    const mails = await outboxFor(ctx, email, 'email_verification');
    expect(mails).toHaveLength(2);

    // The newest link works.
    const verified = await post('/api/auth/verify-email', { token: await verificationToken(email) });
    expect(verified.statusCode).toBe(200);

    const again = await post('/api/auth/verify-email/resend', {}, { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('already_verified');
    expect(await outboxFor(ctx, email, 'email_verification')).toHaveLength(2);
  });

  it('resend also works without any body (a script calling it with a bearer token)', async () => {
    const { email, token } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email/resend',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(await outboxFor(ctx, email, 'email_verification')).toHaveLength(2);
  });
});

describe('an address registered by someone else', () => {
  const ATTACKER_PASSWORD = 'Squatter-Password-31';

  it('its owner takes the account over with "Forgot password": the squatter is signed out and locked out, the owner submits', async () => {
    await setSettings(ctx);
    const victim = uniqueEmail('victim');
    // The squatter registers the victim's address, signs in a second time and fills a draft.
    const squatter = await registerUser(ctx.app, {
      email: victim,
      password: ATTACKER_PASSWORD,
      remoteAddress: randomIp(),
    });
    const second = await login(victim, ATTACKER_PASSWORD);
    expect(second.statusCode).toBe(200);
    const secondToken = second.json().access_token as string;
    const lure = 'your account is locked. Verify now at https://evil.example/login';
    const draft = await ctx.app.inject({
      method: 'PUT',
      url: '/api/applications/draft',
      headers: bearer(squatter.token),
      payload: { role: 'hacker', answers: { firstName: lure } },
    });
    expect(draft.statusCode).toBe(200);
    // They cannot make the portal mail the victim with their text: submitting needs the address proved.
    const resume = await uploadResume(ctx.app, squatter.token);
    const refused = await submit(ctx.app, squatter.token, 'hacker', {
      ...hackerAnswers({ firstName: lure }),
      resume_url: resume.file_url,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('email_unverified');
    expect(await outboxFor(ctx, victim, 'application_received')).toEqual([]);

    // The owner asks for a reset, opens the mailed link and chooses a password.
    const done = await completeReset(await resetCode(victim));
    expect(done.statusCode).toBe(200);

    // Every session of the squatter is dead, bearer and cookie alike, and their password fails.
    expect((await me(squatter.token)).statusCode).toBe(401);
    expect((await me(secondToken)).statusCode).toBe(401);
    const cookieMe = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: squatter.cookie },
    });
    expect(cookieMe.statusCode).toBe(401);
    expect((await login(victim, ATTACKER_PASSWORD)).statusCode).toBe(401);

    // The owner signs in: the reset proved the address, so they can submit.
    const owner = await login(victim, NEW_PASSWORD);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user).toMatchObject({ email: victim, emailVerified: true });
    const token = owner.json().access_token as string;
    const ownResume = await uploadResume(ctx.app, token);
    const submitted = await submit(ctx.app, token, 'hacker', {
      ...hackerAnswers({ firstName: 'Vera' }),
      resume_url: ownResume.file_url,
    });
    expect(submitted.statusCode).toBe(201);
    const received = await outboxFor(ctx, victim, 'application_received');
    expect(received).toHaveLength(1);
    expect(received[0]!.text_body).toMatch(/^Hi Vera,/);
  });
});
