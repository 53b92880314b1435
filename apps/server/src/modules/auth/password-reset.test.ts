import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { outboxListResponseSchema } from '@lanyard/shared/email';
import {
  bearer,
  createAdmin,
  createTestContext,
  GOOD_PASSWORD,
  outboxFor,
  randomIp,
  registerUser,
  uniqueEmail,
  type TestContext,
} from '../../../test/helper';
import { hackerAnswers, setSettings, submit, uploadResume } from '../../../test/applicant';
import { openMailbox, type Mailbox } from '../../../test/mailbox';
import { hashToken } from '../../lib/tokens';
import { createOutboxWorker } from '../email/worker';
import { mailText, recordingLog } from '../../../test/smtp';
import { createLinkMailer } from './link-mail';

let ctx: TestContext;
let mailbox: Mailbox;
beforeAll(async () => {
  ctx = await createTestContext();
  mailbox = await openMailbox(ctx);
});
afterAll(async () => {
  await mailbox.close();
  await ctx.close();
});
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

/** Asks for a reset and returns the code from the newest mail that reached the SMTP peer. */
async function resetCode(email: string): Promise<string> {
  const res = await requestReset(email);
  expect(res.statusCode).toBe(200);
  return mailbox.token(email, 'password_reset');
}

/** The SQL text of every statement the app sends while `run` runs (values left out). */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const original = pg.Client.prototype.query;
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
    this: pg.Client,
    ...args: unknown[]
  ) {
    const first = args[0] as string | { text?: string };
    seen.push(typeof first === 'string' ? first : (first.text ?? ''));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original);
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return seen;
}

/** Every stored text of the outbox rows to `to`, as one string, for scanning. */
async function storedOutbox(to: string): Promise<string> {
  const { rows } = await ctx.database.pool.query<{ row: string }>(
    `select o::text as row from email_outbox o where to_address = $1`,
    [to],
  );
  return rows.map((r) => r.row).join('\n');
}

async function adminEmailList(adminToken: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/admin/emails?limit=200',
    headers: bearer(adminToken),
  });
  expect(res.statusCode).toBe(200);
  return { body: res.body, list: outboxListResponseSchema.parse(res.json()) };
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

    // Only the known address gets mail, at a real SMTP peer, with a working link.
    const received = (await mailbox.mailsTo(email)).filter((m) => /^Reset your /.test(m.subject ?? ''));
    expect(received).toHaveLength(1);
    expect(mailText(received[0]!)).toContain('http://localhost:3000/reset-password?oob_code=');
    expect(await mailbox.mailsTo(unknown)).toHaveLength(0);
    expect(mailbox.peer.received.filter((m) => m.to.includes(unknown))).toHaveLength(0);
    const code = await mailbox.token(email, 'password_reset');
    expect((await completeReset(code)).statusCode).toBe(200);
  });

  it('does the same database work for a known and an unknown e-mail: the same statements, in order', async () => {
    const { email } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const unknown = uniqueEmail('nobody');
    const known = await statementsOf(() => requestReset(email));
    const missing = await statementsOf(() => requestReset(unknown));
    expect(known.length).toBeGreaterThan(0);
    expect(missing).toEqual(known);
    // Nothing about the account is looked up while the caller waits.
    expect(known.join('\n')).not.toMatch(/from "users"|auth_tokens/);
  });

  it('leaves no readable trace of an unknown address once the request is handled', async () => {
    const unknown = uniqueEmail('ghost');
    expect((await requestReset(unknown)).statusCode).toBe(200);
    await mailbox.mailsTo(unknown);
    expect(await storedOutbox(unknown)).toBe('');
    const { rows } = await ctx.database.pool.query<{ key: string }>(
      `select key from rate_limits where key like '%' || $1 || '%'`,
      [unknown],
    );
    expect(rows).toEqual([]);
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
    const verifyToken = await mailbox.token(email, 'email_verification');
    const wrongKind = await completeReset(verifyToken);
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().code).toBe('invalid_token');
    expect((await login(email, GOOD_PASSWORD)).statusCode).toBe(200);
  });
});

describe('e-mail verification', () => {
  function verificationToken(email: string): Promise<string> {
    return mailbox.token(email, 'email_verification');
  }

  it('register queues a verification mail; the token verifies once', async () => {
    const { email, token } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const mails = await outboxFor(ctx, email, 'email_verification');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/verify/i);
    const verifyToken = await verificationToken(email);
    expect(mailText((await mailbox.mailsTo(email)).at(-1)!)).toContain(
      'http://localhost:3000/verify-email?token=',
    );

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

describe('mailed links are made when the message is sent (issue 13, item 9)', () => {
  const LINK = /verify-email\?token=|reset-password\?oob_code=/;

  it('the outbox never holds a usable link, before or after sending, and the admin view shows none', async () => {
    const { email } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    expect((await requestReset(email)).statusCode).toBe(200);
    const queued = await storedOutbox(email);
    expect(queued).not.toMatch(LINK);
    expect(queued).toContain('[link withheld: it is made when the message is sent]');

    const verifyToken = await mailbox.token(email, 'email_verification');
    const code = await mailbox.token(email, 'password_reset');
    const sent = await storedOutbox(email);
    expect(sent).not.toMatch(LINK);
    expect(sent).not.toContain(verifyToken);
    expect(sent).not.toContain(code);
    expect((await outboxFor(ctx, email)).map((m) => m.status)).toEqual(['sent', 'sent']);

    const admin = await createAdmin(ctx);
    const { body } = await adminEmailList(admin.token);
    expect(body).toContain(email);
    expect(body).not.toContain(verifyToken);
    expect(body).not.toContain(code);

    // The links that arrived work.
    expect((await post('/api/auth/verify-email', { token: verifyToken })).statusCode).toBe(200);
    expect((await completeReset(code)).statusCode).toBe(200);
  });

  it('without SMTP, no link is made: unknown-address requests are dropped, the others wait unsent', async () => {
    const { email, id } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const unknown = uniqueEmail('ghost');
    expect((await requestReset(email)).statusCode).toBe(200);
    expect((await requestReset(unknown)).statusCode).toBe(200);

    const { log, calls } = recordingLog();
    const offline = createOutboxWorker({
      db: ctx.database.db,
      smtpUrl: undefined,
      from: 'no-reply@example.org',
      log,
      links: createLinkMailer(ctx.config),
    });
    await offline.drain();
    await offline.stop();

    expect(await storedOutbox(unknown)).toBe('');
    expect(JSON.stringify(calls)).not.toContain(unknown);
    expect((await outboxFor(ctx, email)).map((m) => [m.kind, m.status])).toEqual([
      ['email_verification', 'pending'],
      ['password_reset', 'pending'],
    ]);
    expect(await storedOutbox(email)).not.toMatch(LINK);
    // No token exists that nobody could receive.
    const { rows } = await ctx.database.pool.query(`select id from auth_tokens where user_id = $1`, [id]);
    expect(rows).toEqual([]);

    const admin = await createAdmin(ctx);
    expect((await adminEmailList(admin.token)).list.smtp_configured).toBe(false);
  });

  it('two workers sending at once deliver a reset once, with a link that works', async () => {
    const { email } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    await mailbox.mailsTo(email);
    expect((await requestReset(email)).statusCode).toBe(200);
    const second = createOutboxWorker({
      db: ctx.database.db,
      smtpUrl: mailbox.peer.url,
      from: 'no-reply@example.org',
      log: recordingLog().log,
      links: createLinkMailer(ctx.config),
    });
    await Promise.all([second.drain(), mailbox.worker.drain()]);
    await second.stop();
    const resets = (await mailbox.mailsTo(email)).filter((m) => /^Reset your /.test(m.subject ?? ''));
    expect(resets).toHaveLength(1);
    expect((await completeReset(await mailbox.token(email, 'password_reset'))).statusCode).toBe(200);
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
