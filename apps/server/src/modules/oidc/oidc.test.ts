import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, GOOD_PASSWORD, registerUser, type TestContext } from '../../../test/helper';
import { buildApp } from '../../app';
import { ConfigError, loadConfig } from '../../config';
import { upsertAdmin } from '../auth/service';
import { signInAtProvider, startTestProvider, type TestProvider } from '../../../test/oidc-provider';

const PUBLIC_URL = 'http://localhost:3000';
const CALLBACK = `${PUBLIC_URL}/api/auth/oidc/callback`;

// Accounts at the provider, by login name (= subject).
const ACCOUNTS = {
  boss: { email: 'boss@example.org', email_verified: true },
  stranger: { email: 'stranger@example.org', email_verified: true },
  unverified: { email: 'pending-admin@example.org', email_verified: false },
  'password-admin': { email: 'password-admin@example.org', email_verified: true },
  squatted: { email: 'squatted@example.org', email_verified: true },
  nomail: { email: '', email_verified: false },
  twin: { email: 'twin@example.org', email_verified: true },
};
// Mixed case and spaces on purpose: the list is normalised.
const ADMIN_EMAILS =
  ' Boss@Example.org, pending-admin@example.org,password-admin@example.org, squatted@example.org, twin@example.org ';

let provider: TestProvider;
let ctx: TestContext;

beforeAll(async () => {
  provider = await startTestProvider({ redirectUri: CALLBACK, accounts: ACCOUNTS });
  ctx = await createTestContext({
    PUBLIC_URL,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_PROVIDER_NAME: 'Example ID',
    OIDC_ADMIN_EMAILS: ADMIN_EMAILS,
  });
});
afterAll(async () => {
  await ctx?.close();
  await provider?.close();
});

function setCookies(res: LightMyRequestResponse): string[] {
  const raw = res.headers['set-cookie'];
  return raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
}

/** The `name=value` of a cookie the answer sets (empty value when it clears it), or undefined. */
function cookieSet(res: LightMyRequestResponse, name: string): string | undefined {
  const line = setCookies(res).find((c) => c.startsWith(`${name}=`));
  return line?.split(';')[0];
}

async function start(app: FastifyInstance, redirect?: string) {
  const res = await app.inject({
    method: 'GET',
    url: '/api/auth/oidc/start' + (redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''),
  });
  expect(res.statusCode).toBe(302);
  const loginCookie = cookieSet(res, 'lanyard_oidc');
  expect(loginCookie).toBeDefined();
  return { res, location: String(res.headers.location), loginCookie: loginCookie! };
}

function callback(app: FastifyInstance, url: URL, cookie?: string) {
  return app.inject({
    method: 'GET',
    url: url.pathname + url.search,
    headers: cookie ? { cookie } : {},
  });
}

/** The whole flow: start, sign in at the provider as `login`, come back to the callback. */
async function signIn(login: string, opts: { app?: FastifyInstance; redirect?: string } = {}) {
  const app = opts.app ?? ctx.app;
  const { location, loginCookie } = await start(app, opts.redirect);
  const back = await signInAtProvider(location, login, CALLBACK);
  const res = await callback(app, back, loginCookie);
  return { res, back, loginCookie };
}

function expectRefused(res: LightMyRequestResponse, code: string) {
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toBe(`/admin/login?sso_error=${code}`);
  expect(cookieSet(res, 'lanyard_session')).toBeUndefined();
}

async function adminMe(sessionCookie: string) {
  return ctx.app.inject({ method: 'GET', url: '/api/auth/admin/me', headers: { cookie: sessionCookie } });
}

async function identitiesOf(email: string) {
  const { rows } = await ctx.database.pool.query<{ issuer: string; subject: string; role: string }>(
    `select i.issuer, i.subject, u.role from user_identities i join users u on u.id = i.user_id
      where u.email = $1 order by i.created_at`,
    [email],
  );
  return rows;
}

async function auditActions(email: string): Promise<string[]> {
  const { rows } = await ctx.database.pool.query<{ action: string }>(
    'select action from audit_log where actor_email = $1 order by created_at, action',
    [email],
  );
  return rows.map((r) => r.action);
}

describe('GET /api/auth/oidc/config', () => {
  it('names the provider when single sign-on is configured', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/oidc/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ enabled: true, provider_name: 'Example ID' });
  });
});

describe('GET /api/auth/oidc/start', () => {
  it('redirects to the provider with code flow, PKCE S256, state and nonce, and sets a short-lived login cookie', async () => {
    const { res, location } = await start(ctx.app);
    const url = new URL(location);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe(provider.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    // Nothing secret travels in the URL.
    expect(location).not.toContain('code_verifier');
    const cookie = setCookies(res).find((c) => c.startsWith('lanyard_oidc='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=600/i);
    expect(cookie).toMatch(/Path=\//);
  });

  it.each(['//evil.example/admin', 'https://evil.example/', '/\\evil.example', 'admin', '/\t/evil.example'])(
    'refuses the redirect %j (only paths on this site)',
    async (redirect) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/auth/oidc/start?redirect=${encodeURIComponent(redirect)}`,
      });
      expect(res.statusCode).toBe(400);
      expect(cookieSet(res, 'lanyard_oidc')).toBeUndefined();
    },
  );
});

describe('single sign-on at a real OpenID provider', () => {
  it('signs in a listed admin with a verified e-mail, links the account, and later knows it by subject alone', async () => {
    const { res } = await signIn('boss', { redirect: '/admin?tab=settings' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/admin?tab=settings');
    const session = cookieSet(res, 'lanyard_session');
    expect(session).toMatch(/^lanyard_session=.{20,}/);
    // The login cookie is cleared.
    expect(cookieSet(res, 'lanyard_oidc')).toBe('lanyard_oidc=');
    const setLine = setCookies(res).find((c) => c.startsWith('lanyard_session='))!;
    expect(setLine).toMatch(/HttpOnly/i);

    const me = await adminMe(session!);
    expect(me.statusCode).toBe(200);
    expect(me.json().admin).toMatchObject({ email: 'boss@example.org', role: 'admin' });
    expect(await identitiesOf('boss@example.org')).toEqual([
      { issuer: provider.issuer, subject: 'boss', role: 'admin' },
    ]);
    expect(await auditActions('boss@example.org')).toEqual(['auth.sso_link_new_admin', 'auth.sso_sign_in']);

    // The account made for the provider has no password anyone knows.
    const pw = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/admin/login',
      payload: { email: 'boss@example.org', password: GOOD_PASSWORD },
    });
    expect(pw.statusCode).toBe(401);

    // Taken off OIDC_ADMIN_EMAILS, the linked account still signs in: by issuer and subject.
    const unlisted = await buildApp({
      config: { ...ctx.config, oidc: { ...ctx.config.oidc!, adminEmails: [] } },
      db: ctx.database.db,
      logger: false,
    });
    try {
      const again = await signIn('boss', { app: unlisted });
      expect(again.res.headers.location).toBe('/admin');
      const second = cookieSet(again.res, 'lanyard_session');
      expect(second).toBeDefined();
      expect(second).not.toBe(session);
      expect((await adminMe(second!)).statusCode).toBe(200);
      // ...and nobody new gets in that way.
      const newcomer = await signIn('password-admin', { app: unlisted });
      expectRefused(newcomer.res, 'denied');
    } finally {
      await unlisted.close();
    }
    expect(await identitiesOf('boss@example.org')).toHaveLength(1);
    expect(await auditActions('boss@example.org')).toEqual([
      'auth.sso_link_new_admin',
      'auth.sso_sign_in',
      'auth.sso_sign_in',
    ]);
  });

  it('two first sign-ins of one provider account at once make one admin, and both get in', async () => {
    // Both attempts pass the provider before either callback runs, like two tabs or a double click.
    const attempts = [];
    for (let i = 0; i < 2; i++) {
      const { location, loginCookie } = await start(ctx.app);
      attempts.push({ back: await signInAtProvider(location, 'twin', CALLBACK), loginCookie });
    }
    const results = await Promise.all(attempts.map((a) => callback(ctx.app, a.back, a.loginCookie)));
    for (const res of results) {
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/admin');
      expect((await adminMe(cookieSet(res, 'lanyard_session')!)).statusCode).toBe(200);
    }
    const { rows } = await ctx.database.pool.query(`select id from users where email = 'twin@example.org'`);
    expect(rows).toHaveLength(1);
    expect(await identitiesOf('twin@example.org')).toHaveLength(1);
  });

  it('links a listed e-mail to the admin account that already has it', async () => {
    await upsertAdmin(ctx.database.db, 'password-admin@example.org', GOOD_PASSWORD);
    const { rows: before } = await ctx.database.pool.query<{ id: string }>(
      `select id from users where email = 'password-admin@example.org'`,
    );
    const { res } = await signIn('password-admin');
    expect(res.headers.location).toBe('/admin');
    const me = await adminMe(cookieSet(res, 'lanyard_session')!);
    expect(me.json().admin.id).toBe(before[0]!.id);
    expect(await identitiesOf('password-admin@example.org')).toHaveLength(1);
    expect(await auditActions('password-admin@example.org')).toEqual(['auth.sso_link', 'auth.sso_sign_in']);
  });

  it('refuses a provider account whose e-mail is not on OIDC_ADMIN_EMAILS', async () => {
    const { res } = await signIn('stranger');
    expectRefused(res, 'denied');
    const { rows } = await ctx.database.pool.query(
      `select 1 from users where email = 'stranger@example.org'`,
    );
    expect(rows).toHaveLength(0);
  });

  it('refuses a listed e-mail that the provider has not verified', async () => {
    const { res } = await signIn('unverified');
    expectRefused(res, 'denied');
    expect(await identitiesOf('pending-admin@example.org')).toHaveLength(0);
  });

  it('refuses a provider account without an e-mail', async () => {
    const { res } = await signIn('nomail');
    expectRefused(res, 'denied');
  });

  it('never promotes an applicant account that has a listed e-mail', async () => {
    await registerUser(ctx.app, { email: 'squatted@example.org' });
    const { res } = await signIn('squatted');
    expectRefused(res, 'denied');
    const { rows } = await ctx.database.pool.query<{ role: string }>(
      `select role from users where email = 'squatted@example.org'`,
    );
    expect(rows[0]!.role).toBe('hacker');
    expect(await identitiesOf('squatted@example.org')).toHaveLength(0);
  });

  it('refuses a callback whose state does not match, and without the login cookie', async () => {
    const { location, loginCookie } = await start(ctx.app);
    const back = await signInAtProvider(location, 'boss', CALLBACK);
    const forged = new URL(back);
    forged.searchParams.set('state', 'not-the-state');
    expectRefused(await callback(ctx.app, forged, loginCookie), 'expired');
    // The attempt is spent: the genuine answer no longer works either.
    expectRefused(await callback(ctx.app, back, loginCookie), 'expired');

    const other = await start(ctx.app);
    const back2 = await signInAtProvider(other.location, 'boss', CALLBACK);
    expectRefused(await callback(ctx.app, back2), 'expired');
    const noState = new URL(back2);
    noState.searchParams.delete('state');
    expectRefused(await callback(ctx.app, noState, other.loginCookie), 'expired');
  });

  it('refuses an ID token whose nonce is not the one stored for the attempt', async () => {
    const { location, loginCookie } = await start(ctx.app);
    const back = await signInAtProvider(location, 'boss', CALLBACK);
    await ctx.database.pool.query(`update oidc_logins set nonce = 'tampered-nonce-value'`);
    expectRefused(await callback(ctx.app, back, loginCookie), 'failed');
  });

  it('refuses a code exchanged with another PKCE verifier', async () => {
    const { location, loginCookie } = await start(ctx.app);
    const back = await signInAtProvider(location, 'boss', CALLBACK);
    await ctx.database.pool.query(`update oidc_logins set code_verifier = repeat('a', 43)`);
    expectRefused(await callback(ctx.app, back, loginCookie), 'failed');
  });

  it('a callback is used once: replaying it signs nobody in', async () => {
    const { res, back, loginCookie } = await signIn('boss');
    expect(cookieSet(res, 'lanyard_session')).toBeDefined();
    expectRefused(await callback(ctx.app, back, loginCookie), 'expired');
  });

  it('refuses an expired attempt', async () => {
    const { location, loginCookie } = await start(ctx.app);
    const back = await signInAtProvider(location, 'boss', CALLBACK);
    await ctx.database.pool.query(`update oidc_logins set expires_at = now() - interval '1 second'`);
    expectRefused(await callback(ctx.app, back, loginCookie), 'expired');
  });

  it('shows "denied" when the person cancels at the provider', async () => {
    const { location, loginCookie } = await start(ctx.app);
    const state = new URL(location).searchParams.get('state')!;
    const url = new URL(CALLBACK);
    url.search = new URLSearchParams({ error: 'access_denied', state }).toString();
    expectRefused(await callback(ctx.app, url, loginCookie), 'denied');
  });

  it('replaces a session the browser already had', async () => {
    const hacker = await registerUser(ctx.app);
    const { location, loginCookie } = await start(ctx.app);
    const back = await signInAtProvider(location, 'boss', CALLBACK);
    const res = await callback(ctx.app, back, `${loginCookie}; ${hacker.cookie}`);
    expect(cookieSet(res, 'lanyard_session')).toBeDefined();
    const old = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: hacker.cookie },
    });
    expect(old.statusCode).toBe(401);
  });

  it('answers "unavailable" when the provider cannot be reached', async () => {
    const offline = await buildApp({
      config: { ...ctx.config, oidc: { ...ctx.config.oidc!, issuer: 'http://127.0.0.1:9' } },
      db: ctx.database.db,
      logger: false,
    });
    try {
      const res = await offline.inject({ method: 'GET', url: '/api/auth/oidc/start' });
      expectRefused(res, 'unavailable');
    } finally {
      await offline.close();
    }
  });
});

describe('a provider that puts the e-mail in the ID token', () => {
  it('signs in from the ID token claims too', async () => {
    const direct = await startTestProvider({
      redirectUri: CALLBACK,
      accounts: { chief: { email: 'chief@example.org', email_verified: true } },
      conformIdTokenClaims: false,
    });
    const app = await buildApp({
      config: {
        ...ctx.config,
        oidc: {
          ...ctx.config.oidc!,
          issuer: direct.issuer,
          clientId: direct.clientId,
          clientSecret: direct.clientSecret,
          adminEmails: ['chief@example.org'],
        },
      },
      db: ctx.database.db,
      logger: false,
    });
    try {
      const { res } = await signIn('chief', { app });
      expect(res.headers.location).toBe('/admin');
      expect((await adminMe(cookieSet(res, 'lanyard_session')!)).statusCode).toBe(200);
      expect(await identitiesOf('chief@example.org')).toEqual([
        { issuer: direct.issuer, subject: 'chief', role: 'admin' },
      ]);
    } finally {
      await app.close();
      await direct.close();
    }
  });
});

describe('without OIDC_* variables', () => {
  let plain: TestContext;
  beforeAll(async () => {
    plain = await createTestContext();
  });
  afterAll(() => plain?.close());

  it('says single sign-on is off, and its routes answer 404', async () => {
    const config = await plain.app.inject({ method: 'GET', url: '/api/auth/oidc/config' });
    expect(config.json()).toEqual({ enabled: false });
    const startRes = await plain.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
    expect(startRes.statusCode).toBe(404);
    expect(cookieSet(startRes, 'lanyard_oidc')).toBeUndefined();
    const cb = await plain.app.inject({ method: 'GET', url: '/api/auth/oidc/callback?code=x&state=y' });
    expect(cb.statusCode).toBe(404);
  });
});

describe('OIDC configuration', () => {
  const base = {
    DATA_DIR: '/tmp/lanyard-oidc-config-test',
    SESSION_SECRET: 'q8V3x1LrT9mZ2pK7wY4nB6cD0fG5hJ8s',
  };

  function configError(env: Record<string, string>): string {
    try {
      loadConfig({ ...base, ...env });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error('accepted');
  }

  it('is off without the variables', () => {
    expect(loadConfig(base).oidc).toBeUndefined();
  });

  it('needs issuer, client id and secret together, and says which are missing', () => {
    const message = configError({ OIDC_ISSUER: 'https://id.example.org' });
    expect(message).toContain('OIDC_CLIENT_ID');
    expect(message).toContain('OIDC_CLIENT_SECRET');
    expect(message).not.toMatch(/missing:.*OIDC_ISSUER/);
    expect(configError({ OIDC_CLIENT_ID: 'x', OIDC_CLIENT_SECRET: 'y' })).toMatch(/missing: OIDC_ISSUER\.$/);
    expect(configError({ OIDC_ADMIN_EMAILS: 'a@example.org' })).toContain('OIDC_ISSUER');
  });

  it('refuses a plain-http issuer that is not on this machine, and a malformed admin e-mail', () => {
    const trio = { OIDC_CLIENT_ID: 'x', OIDC_CLIENT_SECRET: 'y' };
    expect(configError({ ...trio, OIDC_ISSUER: 'http://id.example.org' })).toContain('https://');
    expect(
      configError({
        ...trio,
        OIDC_ISSUER: 'https://id.example.org',
        OIDC_ADMIN_EMAILS: 'a@example.org, nope',
      }),
    ).toContain('"nope"');
  });

  it('reads the provider name, the lower-cased admin list and the redirect URI', () => {
    const config = loadConfig({
      ...base,
      PUBLIC_URL: 'https://apply.example.org/',
      OIDC_ISSUER: 'https://id.example.org',
      OIDC_CLIENT_ID: 'lanyard',
      OIDC_CLIENT_SECRET: 's3cret',
      OIDC_ADMIN_EMAILS: 'A@Example.org, b@example.org,,a@example.org',
    });
    expect(config.oidc).toEqual({
      issuer: 'https://id.example.org',
      clientId: 'lanyard',
      clientSecret: 's3cret',
      providerName: 'Single Sign-On',
      adminEmails: ['a@example.org', 'b@example.org'],
      redirectUri: 'https://apply.example.org/api/auth/oidc/callback',
    });
  });
});
