import crypto from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import * as client from 'openid-client';
import type { OidcErrorCode } from '@lanyard/shared/oidc';
import type { OidcConfig } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { oidcLogins, userIdentities, users } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { hashToken, randomToken } from '../../lib/tokens';
import { isUniqueViolation } from '../../lib/pg-errors';
import { hashPassword } from '../auth/passwords';
import { createSession } from '../auth/sessions';

/** How long a sign-in at the provider may take, from the button to the callback. */
export const OIDC_LOGIN_TTL_MS = 10 * 60_000;
/** Provider metadata is fetched once and kept this long (signing keys are refreshed by openid-client). */
const DISCOVERY_TTL_MS = 60 * 60_000;
const SCOPE = 'openid email profile';

/** A sign-in that ends on /admin/login with `?sso_error=code`. */
export class OidcRefusal extends Error {
  constructor(
    readonly code: OidcErrorCode,
    /** For the log only: never shown to the person signing in. */
    readonly reason: string,
  ) {
    super(reason);
  }
}

interface RequestMeta {
  ip: string;
  userAgent?: string;
}

/** Claims that decide who someone is; from the ID token, completed from UserInfo when it lacks the e-mail. */
export interface OidcClaims {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
}

export interface OidcService {
  readonly config: OidcConfig;
  /** Makes state, nonce and PKCE verifier, stores them, and answers where to send the browser. */
  begin(db: Db, redirectPath: string): Promise<{ authorizationUrl: string; loginId: string }>;
  /** Checks the provider's answer and signs an admin in; throws OidcRefusal otherwise. */
  complete(
    db: Db,
    loginId: string | undefined,
    callbackQuery: string,
    meta: RequestMeta,
  ): Promise<{ token: string; userId: string; redirectPath: string }>;
}

function isPlainHttp(url: URL): boolean {
  return url.protocol === 'http:';
}

function timingSafeEqualText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** Some providers send `"true"` as a string. */
function isTrue(value: unknown): boolean {
  return value === true || value === 'true';
}

export function createOidcService(config: OidcConfig, secret: string, log: FastifyBaseLogger): OidcService {
  const issuerUrl = new URL(config.issuer);
  let cached: { at: number; promise: Promise<client.Configuration> } | undefined;

  async function discover(): Promise<client.Configuration> {
    // The config check allows plain http only for a provider on this machine (development, tests).
    const insecure = isPlainHttp(issuerUrl);
    const execute = insecure ? [client.allowInsecureRequests] : [];
    const found = await client.discovery(issuerUrl, config.clientId, undefined, undefined, {
      timeout: 10,
      execute,
    });
    const server = found.serverMetadata();
    // client_secret_basic is the default of the standard; use client_secret_post only when it is all that is offered.
    const methods = server.token_endpoint_auth_methods_supported;
    const auth =
      methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')
        ? client.ClientSecretPost(config.clientSecret)
        : client.ClientSecretBasic(config.clientSecret);
    const configuration = new client.Configuration(
      server,
      config.clientId,
      { client_secret: config.clientSecret },
      auth,
    );
    configuration.timeout = 10;
    for (const extension of execute) extension(configuration);
    return configuration;
  }

  function configuration(): Promise<client.Configuration> {
    if (!cached || Date.now() - cached.at > DISCOVERY_TTL_MS) {
      const promise = discover();
      cached = { at: Date.now(), promise };
      // A failed discovery is not kept: the next attempt asks again.
      promise.catch(() => {
        if (cached?.promise === promise) cached = undefined;
      });
    }
    return cached.promise;
  }

  async function configurationOrRefuse(): Promise<client.Configuration> {
    try {
      return await configuration();
    } catch (err) {
      log.warn({ err: (err as Error).message, issuer: config.issuer }, 'OIDC discovery failed');
      throw new OidcRefusal('unavailable', `discovery failed: ${(err as Error).message}`);
    }
  }

  async function readClaims(
    oidc: client.Configuration,
    tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>,
  ): Promise<OidcClaims> {
    const idToken = tokens.claims();
    if (!idToken) throw new OidcRefusal('failed', 'no ID token in the token response');
    let email = typeof idToken.email === 'string' ? idToken.email : undefined;
    let emailVerified = isTrue(idToken.email_verified);
    // Providers that follow the standard strictly put scope claims in UserInfo only.
    if (email === undefined || idToken.email_verified === undefined) {
      try {
        const info = await client.fetchUserInfo(oidc, tokens.access_token, idToken.sub);
        if (typeof info.email === 'string') {
          email = info.email;
          emailVerified = isTrue(info.email_verified);
        }
      } catch (err) {
        log.warn({ err: (err as Error).message }, 'OIDC UserInfo request failed');
      }
    }
    return {
      issuer: idToken.iss,
      subject: idToken.sub,
      email: email?.trim().toLowerCase(),
      emailVerified,
    };
  }

  return {
    config,

    async begin(db, redirectPath) {
      const oidc = await configurationOrRefuse();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      const codeChallenge = await client.calculatePKCECodeChallenge(codeVerifier);
      const loginId = randomToken();
      const now = new Date();
      // Abandoned attempts go as new ones come.
      await db.delete(oidcLogins).where(lt(oidcLogins.expiresAt, now));
      await db.insert(oidcLogins).values({
        idHash: hashToken(secret, loginId),
        state,
        nonce,
        codeVerifier,
        redirectPath,
        expiresAt: new Date(now.getTime() + OIDC_LOGIN_TTL_MS),
      });
      const url = client.buildAuthorizationUrl(oidc, {
        redirect_uri: config.redirectUri,
        response_type: 'code',
        scope: SCOPE,
        state,
        nonce,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      });
      return { authorizationUrl: url.href, loginId };
    },

    async complete(db, loginId, callbackQuery, meta) {
      if (!loginId || loginId.length > 128) {
        throw new OidcRefusal('expired', 'no sign-in attempt cookie');
      }
      // Used at most once: of two concurrent callbacks only one gets the row.
      const [login] = await db
        .delete(oidcLogins)
        .where(eq(oidcLogins.idHash, hashToken(secret, loginId)))
        .returning();
      if (!login) throw new OidcRefusal('expired', 'unknown or already used sign-in attempt');
      if (login.expiresAt.getTime() < Date.now()) throw new OidcRefusal('expired', 'sign-in attempt expired');

      const params = new URLSearchParams(callbackQuery);
      const state = params.get('state');
      if (state === null || !timingSafeEqualText(state, login.state)) {
        throw new OidcRefusal('expired', 'state does not match');
      }
      const providerError = params.get('error');
      if (providerError !== null) {
        throw new OidcRefusal(
          providerError === 'access_denied' ? 'denied' : 'failed',
          `provider answered ${providerError}: ${params.get('error_description') ?? ''}`,
        );
      }

      const oidc = await configurationOrRefuse();
      const currentUrl = new URL(config.redirectUri);
      currentUrl.search = params.toString();
      let claims: OidcClaims;
      try {
        const tokens = await client.authorizationCodeGrant(oidc, currentUrl, {
          pkceCodeVerifier: login.codeVerifier,
          expectedState: login.state,
          expectedNonce: login.nonce,
          idTokenExpected: true,
        });
        claims = await readClaims(oidc, tokens);
      } catch (err) {
        if (err instanceof OidcRefusal) throw err;
        const e = err as Error & { code?: string; error?: string };
        throw new OidcRefusal(
          'failed',
          `code exchange or ID token check failed: ${e.code ?? e.error ?? ''} ${e.message}`,
        );
      }

      // Two first sign-ins of one provider account at once both try to link it: the loser of the
      // unique index runs again and finds the winner's link.
      const signInOnce = () =>
        db.transaction(async (tx) => {
          const account = await findOrLinkAdmin(tx, config, claims, meta);
          const token = await createSession(tx, secret, account.id, meta);
          const now = new Date();
          await tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, account.id));
          await tx
            .update(userIdentities)
            .set({ lastLoginAt: now })
            .where(and(eq(userIdentities.issuer, claims.issuer), eq(userIdentities.subject, claims.subject)));
          await audit(
            tx,
            { id: account.id, email: account.email, ip: meta.ip },
            {
              action: 'auth.sso_sign_in',
              targetType: 'user',
              targetId: account.id,
              after: { issuer: claims.issuer, subject: claims.subject },
            },
          );
          return { id: account.id, token };
        });
      const admin = await signInOnce().catch((err: unknown) => {
        if (isUniqueViolation(err)) return signInOnce();
        throw err;
      });
      return { token: admin.token, userId: admin.id, redirectPath: login.redirectPath };
    },
  };
}

/**
 * The admin a provider account stands for: the one it is linked to, else (first sign-in) the admin
 * with its verified, listed e-mail, made if none exists, and linked from then on.
 */
async function findOrLinkAdmin(
  tx: DbOrTx,
  config: OidcConfig,
  claims: OidcClaims,
  meta: RequestMeta,
): Promise<{ id: string; email: string }> {
  const linked = await tx
    .select({ id: users.id, email: users.email, role: users.role })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.issuer, claims.issuer), eq(userIdentities.subject, claims.subject)))
    .limit(1);
  if (linked[0]) {
    if (linked[0].role !== 'admin') {
      throw new OidcRefusal('denied', `linked account ${linked[0].id} is no longer an admin`);
    }
    return linked[0];
  }

  const { email } = claims;
  if (!email) throw new OidcRefusal('denied', 'not linked, and the provider gave no e-mail');
  if (!claims.emailVerified) throw new OidcRefusal('denied', `not linked, and ${email} is not verified`);
  if (!config.adminEmails.includes(email)) {
    throw new OidcRefusal('denied', `not linked, and ${email} is not on OIDC_ADMIN_EMAILS`);
  }

  const existing = await tx
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  let account = existing[0];
  if (account && account.role !== 'admin') {
    // Someone may have registered the address without owning it: never promote on e-mail alone.
    throw new OidcRefusal(
      'denied',
      `${email} belongs to a ${account.role} account; make it an admin with the admin CLI first`,
    );
  }
  const created = !account;
  if (!account) {
    // The account signs in through the provider; its password is random and never shown.
    const passwordHash = await hashPassword(randomToken());
    const [row] = await tx
      .insert(users)
      .values({ email, passwordHash, role: 'admin', emailVerifiedAt: new Date() })
      .returning({ id: users.id, email: users.email, role: users.role });
    account = row!;
  }
  await tx.insert(userIdentities).values({
    userId: account.id,
    issuer: claims.issuer,
    subject: claims.subject,
    email,
  });
  await audit(
    tx,
    { id: account.id, email: account.email, ip: meta.ip },
    {
      action: created ? 'auth.sso_link_new_admin' : 'auth.sso_link',
      targetType: 'user',
      targetId: account.id,
      after: { issuer: claims.issuer, subject: claims.subject, email, created_account: created },
    },
  );
  return account;
}
