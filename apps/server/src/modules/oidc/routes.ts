import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OIDC_DEFAULT_REDIRECT,
  oidcConfigResponseSchema,
  oidcStartQuerySchema,
  type OidcErrorCode,
} from '@lanyard/shared/oidc';
import { errors } from '../../errors';
import { revokeSession } from '../auth/sessions';
import { createOidcService, OIDC_LOGIN_TTL_MS, OidcRefusal } from './service';
import { clientIp } from '../../lib/client-ip';
import { perIp } from '../../plugins/rate-limits';

const ADMIN_LOGIN_PATH = '/admin/login';

/**
 * Admin single sign-on with OpenID Connect (authorization code flow with PKCE, state and nonce),
 * by full-page redirects. Only answers when OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set.
 */
export const oidcRoutes: FastifyPluginAsyncZod = async (app) => {
  const oidcConfig = app.config.oidc;
  const service = oidcConfig ? createOidcService(oidcConfig, app.config.sessionSecret, app.log) : undefined;
  const secure = app.config.secureCookies;
  // Lax: the provider sends the browser back with a top-level GET, which carries Lax cookies.
  const cookieName = secure ? '__Host-lanyard_oidc' : 'lanyard_oidc';
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure };

  const backToLogin = (reply: FastifyReply, code: OidcErrorCode) =>
    reply.redirect(`${ADMIN_LOGIN_PATH}?sso_error=${code}`, 302);

  app.get(
    '/config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Accounts and sign-in'],
        summary: 'Find out whether admin single sign-on is enabled',
        response: { 200: oidcConfigResponseSchema },
      },
    },
    async () => (oidcConfig ? { enabled: true, provider_name: oidcConfig.providerName } : { enabled: false }),
  );

  app.get(
    '/start',
    // Each start stores a row: bound what one address can make.
    {
      config: { access: 'public', rateLimit: { limits: [perIp('oidc-start', 60, 600)] } },
      schema: {
        tags: ['Accounts and sign-in'],
        summary: 'Start admin single sign-on (redirects to the identity provider)',
        querystring: oidcStartQuerySchema,
      },
    },
    async (request, reply) => {
      if (!service) throw errors.notFound('Single sign-on is not configured.', 'oidc_disabled');
      try {
        const { authorizationUrl, loginId } = await service.begin(
          app.db,
          request.query.redirect ?? OIDC_DEFAULT_REDIRECT,
        );
        reply.setCookie(cookieName, loginId, { ...cookieOptions, maxAge: OIDC_LOGIN_TTL_MS / 1000 });
        return reply.redirect(authorizationUrl, 302);
      } catch (err) {
        if (err instanceof OidcRefusal) return backToLogin(reply, err.code);
        throw err;
      }
    },
  );

  app.get(
    '/callback',
    {
      schema: {
        tags: ['Accounts and sign-in'],
        summary: 'Finish admin single sign-on (the identity provider redirects here)',
      },
      config: { access: 'public', writes: true },
    },
    async (request, reply) => {
      if (!service) throw errors.notFound('Single sign-on is not configured.', 'oidc_disabled');
      const loginId = request.cookies[cookieName];
      reply.clearCookie(cookieName, cookieOptions);
      const rawUrl = request.raw.url ?? '';
      const query = rawUrl.includes('?') ? rawUrl.slice(rawUrl.indexOf('?') + 1) : '';
      try {
        const userAgent = request.headers['user-agent'];
        const { token, userId, redirectPath } = await service.complete(app.db, loginId, query, {
          ip: clientIp(request),
          userAgent: typeof userAgent === 'string' ? userAgent : undefined,
        });
        // A new session at every sign-in: a cookie planted before it is never promoted.
        if (request.user) await revokeSession(app.db, request.user.sessionId);
        app.setSessionCookie(reply, token);
        request.log.info({ userId }, 'admin signed in with single sign-on');
        return reply.redirect(redirectPath, 302);
      } catch (err) {
        if (!(err instanceof OidcRefusal)) throw err;
        request.log.info({ code: err.code, reason: err.reason }, 'single sign-on refused');
        return backToLogin(reply, err.code);
      }
    },
  );
};
