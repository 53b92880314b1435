import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdmin,
  createTestContext,
  GOOD_PASSWORD,
  randomIp,
  registerUser,
  uniqueEmail,
  type TestContext,
} from '../../../test/helper';
import { upsertAdmin } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function userCount(email: string): Promise<number> {
  const { rows } = await ctx.database.pool.query<{ n: number }>(
    'select count(*)::int as n from users where lower(email) = lower($1)',
    [email],
  );
  return rows[0]!.n;
}

function register(payload: Record<string, unknown>, remoteAddress = randomIp()) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress });
}

function login(email: string, password: string, remoteAddress = randomIp(), url = '/api/auth/login') {
  return ctx.app.inject({ method: 'POST', url, payload: { email, password }, remoteAddress });
}

function me(token: string, url = '/api/auth/me') {
  return ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
}

describe('register', () => {
  it('creates an account, returns a session and sets an HttpOnly cookie', async () => {
    const email = uniqueEmail();
    const res = await register({ email: email.toUpperCase(), password: GOOD_PASSWORD, role: 'mentor' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['access_token', 'user']);
    expect(body.user).toEqual({
      id: expect.any(String),
      email,
      role: 'mentor',
      applicationStatus: 'not_started',
      emailVerified: false,
    });
    expect(body.access_token).toMatch(/^[\w-]{40,}$/);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^lanyard_session=[\w-]{40,};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    // Plain HTTP (PUBLIC_URL http://localhost:3000): no Secure flag, or the browser would drop it.
    expect(cookie).not.toContain('Secure');
    const meRes = await me(body.access_token);
    expect(meRes.statusCode).toBe(200);
    expect(meRes.json().user).toEqual(body.user);
  });

  it('lower-cases the e-mail and defaults the role to hacker', async () => {
    const email = uniqueEmail('MixedCase');
    const res = await register({ email: `  ${email}  `, password: GOOD_PASSWORD });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.email).toBe(email.toLowerCase());
    expect(res.json().user.role).toBe('hacker');
    const { rows } = await ctx.database.pool.query('select email, role from users where id = $1', [
      res.json().user.id,
    ]);
    expect(rows[0]).toEqual({ email: email.toLowerCase(), role: 'hacker' });
  });

  it('stores an Argon2id hash, never the password', async () => {
    const { id } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const { rows } = await ctx.database.pool.query<{ password_hash: string }>(
      'select password_hash from users where id = $1',
      [id],
    );
    expect(rows[0]!.password_hash.startsWith('$argon2id$')).toBe(true);
    expect(rows[0]!.password_hash).not.toContain(GOOD_PASSWORD);
  });

  it.each([
    ['shorter than 8 characters', () => 'Ab3$xyz', 'validation_error'],
    ['longer than 128 characters', () => 'Aa1!'.repeat(33), 'validation_error'],
    ['a common password', () => 'password123', 'weak_password'],
    ['a common password in another case', () => 'PassWord123', 'weak_password'],
    ['one repeated character', () => 'zzzzzzzzzzzz', 'weak_password'],
  ])('refuses a password %s, and stores nothing', async (_label, password, code) => {
    const email = uniqueEmail();
    const res = await register({ email, password: password() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.any(String), code });
    expect(await userCount(email)).toBe(0);
  });

  it('refuses a password that contains the local part of the e-mail', async () => {
    const local = `katherine${Date.now().toString(36)}`;
    const email = `${local}@example.org`;
    const res = await register({ email, password: `${local.toUpperCase()}-42!` });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('weak_password');
    expect(res.json().error).toMatch(/email/i);
    expect(await userCount(email)).toBe(0);
  });

  it('says which part of the e-mail the password contains when it holds only the part before the @', async () => {
    const local = `katherine${Date.now().toString(36)}`;
    const email = `${local}@example.org`;
    const res = await register({ email, password: `Blue-${local}-Kite-42` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: `Your password must not contain your email address or the part before the @ (${local}).`,
      code: 'weak_password',
    });
  });

  it('accepts exactly 8 and exactly 128 characters', async () => {
    const short = await register({ email: uniqueEmail(), password: 'Qz7#mLp2' });
    expect(short.statusCode).toBe(201);
    const long = await register({ email: uniqueEmail(), password: 'Qz7#mLp2'.repeat(16) });
    expect(long.statusCode).toBe(201);
  });

  it('refuses a second account for the same e-mail, whatever its case', async () => {
    const email = uniqueEmail('dup');
    expect((await register({ email, password: GOOD_PASSWORD })).statusCode).toBe(201);
    for (const variant of [email, email.toUpperCase(), ` ${email.replace(/^d/, 'D')} `]) {
      const res = await register({ email: variant, password: `${GOOD_PASSWORD}-x`, role: 'mentor' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: expect.any(String), code: 'email_taken' });
    }
    expect(await userCount(email)).toBe(1);
    // The first password still works: the failed attempts changed nothing.
    expect((await login(email, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('rejects an unknown body field, naming it', async () => {
    const email = uniqueEmail();
    const res = await register({ email, password: GOOD_PASSWORD, isAdmin: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_error');
    expect(res.json().error).toContain('isAdmin');
    expect(await userCount(email)).toBe(0);
  });

  it.each(['admin', 'volunteer', 'HACKER', ''])('refuses the role %j', async (role) => {
    const email = uniqueEmail();
    const res = await register({ email, password: GOOD_PASSWORD, role });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_error');
    expect(res.json().error).toMatch(/role/);
    expect(await userCount(email)).toBe(0);
  });

  it.each([
    ['a missing e-mail', { password: GOOD_PASSWORD }, /email/i],
    ['an invalid e-mail', { email: 'not-an-email', password: GOOD_PASSWORD }, /email/i],
    ['a missing password', { email: 'someone@example.org' }, /password/i],
    ['a non-string password', { email: 'someone@example.org', password: 12345678 }, /password/i],
  ])('answers 400 naming the field for %s', async (_label, payload, field) => {
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_error');
    expect(res.json().error).toMatch(field);
  });
});

describe('login', () => {
  let email: string;
  beforeAll(async () => {
    ({ email } = await registerUser(ctx.app, { remoteAddress: randomIp() }));
  });

  it('signs in with the right password (any e-mail case) and returns the user', async () => {
    const res = await login(email.toUpperCase(), GOOD_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ email, role: 'hacker', applicationStatus: 'not_started' });
    expect(String(res.headers['set-cookie'])).toContain(`lanyard_session=${body.access_token};`);
    expect((await me(body.access_token)).statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown e-mail with the same answer', async () => {
    const wrong = await login(email, `${GOOD_PASSWORD}x`);
    const unknown = await login(uniqueEmail('nobody'), GOOD_PASSWORD);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: expect.any(String), code: 'invalid_credentials' });
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect(unknown.headers['set-cookie']).toBeUndefined();
  });

  it('makes a new session at each login; earlier ones stay valid', async () => {
    const a = (await login(email, GOOD_PASSWORD)).json().access_token as string;
    const b = (await login(email, GOOD_PASSWORD)).json().access_token as string;
    expect(a).not.toBe(b);
    expect((await me(a)).statusCode).toBe(200);
    expect((await me(b)).statusCode).toBe(200);
  });

  it('rotates the session when a browser signs in again: the old cookie stops working', async () => {
    const first = (await login(email, GOOD_PASSWORD)).json().access_token as string;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: GOOD_PASSWORD },
      cookies: { lanyard_session: first },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(200);
    const second = res.json().access_token as string;
    expect(second).not.toBe(first);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('rejects an unknown body field', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: GOOD_PASSWORD, remember: true },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('remember');
  });
});

describe('admin login', () => {
  it('signs an admin in and returns {access_token, admin}', async () => {
    const email = uniqueEmail('admin');
    await upsertAdmin(ctx.database.db, email, GOOD_PASSWORD);
    const res = await login(email, GOOD_PASSWORD, randomIp(), '/api/auth/admin/login');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['access_token', 'admin']);
    expect(body.admin).toEqual({
      id: expect.any(String),
      email,
      role: 'admin',
      applicationStatus: 'admin',
      emailVerified: true,
    });
    const adminMe = await me(body.access_token, '/api/auth/admin/me');
    expect(adminMe.statusCode).toBe(200);
    expect(adminMe.json().admin).toEqual(body.admin);
  });

  it('refuses an applicant with the right password (403) and a wrong password (401)', async () => {
    const { email } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const right = await login(email, GOOD_PASSWORD, randomIp(), '/api/auth/admin/login');
    expect(right.statusCode).toBe(403);
    expect(right.json().code).toBe('not_admin');
    expect(right.headers['set-cookie']).toBeUndefined();
    const wrong = await login(email, 'Not-The-Password-1', randomIp(), '/api/auth/admin/login');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('invalid_credentials');
  });

  it('refuses an admin with a wrong password (401)', async () => {
    const { email } = await createAdmin(ctx);
    const res = await login(email, 'Not-The-Password-1', randomIp(), '/api/auth/admin/login');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('invalid_credentials');
  });
});

describe('/auth/me and /auth/admin/me', () => {
  it('answer 401 to anonymous callers and to unknown tokens', async () => {
    for (const url of ['/api/auth/me', '/api/auth/admin/me']) {
      const anon = await ctx.app.inject({ method: 'GET', url });
      expect(anon.statusCode).toBe(401);
      expect(anon.json()).toEqual({ error: expect.any(String), code: 'unauthorized' });
      expect((await me('x'.repeat(43), url)).statusCode).toBe(401);
      expect((await me('x'.repeat(500), url)).statusCode).toBe(401);
    }
  });

  it('admin/me answers 403 to a hacker, who can read /auth/me', async () => {
    const { token } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    expect((await me(token)).statusCode).toBe(200);
    const res = await me(token, '/api/auth/admin/me');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it('reads the session from the cookie too', async () => {
    const { cookie, email } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(email);
  });
});

describe('logout', () => {
  it('revokes a bearer session: the token is refused afterwards', async () => {
    const { token } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await me(token)).statusCode).toBe(401);
  });

  it('revokes a cookie session and clears the cookie; replaying the old cookie is refused', async () => {
    const { cookie, token } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^lanyard_session=;/);
    expect(setCookie).toMatch(/Expires=Thu, 01 Jan 1970 00:00:00 GMT|Max-Age=0/);
    const replay = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(replay.statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('only ends the session it is called with', async () => {
    const { email } = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const a = (await login(email, GOOD_PASSWORD)).json().access_token as string;
    const b = (await login(email, GOOD_PASSWORD)).json().access_token as string;
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(a) });
    expect((await me(a)).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(200);
  });

  it('answers 200 without a session (nothing to revoke)', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });
});
