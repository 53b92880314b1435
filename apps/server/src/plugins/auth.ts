import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRole } from '@lanyard/shared/constants';
import { errors } from '../errors';
import type { AuditActor } from '../lib/audit';
import { clientIp } from '../lib/client-ip';
import type { ReadCache } from '../lib/read-cache';
import type { SessionUser } from '../lib/session-user';
import { findSession, SESSION_ABSOLUTE_MS } from '../modules/auth/sessions';
import { sponsorMayCall } from '../policies/sponsors';

/**
 * Who may call a route. Every /api route must declare one: a route without it fails at start-up,
 * so nothing is ever public by accident.
 */
export type Access = 'public' | 'user' | 'applicant' | 'admin' | 'staff' | 'reviewer' | 'sponsor';

const ROLES_FOR: Record<Exclude<Access, 'public' | 'user'>, readonly UserRole[]> = {
  applicant: ['hacker', 'mentor'],
  admin: ['admin'],
  // Door staff: admins and check-in volunteers.
  staff: ['admin', 'volunteer'],
  // Application review: reviewers, and admins, who may review too.
  reviewer: ['admin', 'reviewer'],
  // The resume book: sponsors only (admins oversee it from the admin routes, not as a sponsor).
  sponsor: ['sponsor'],
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** A GET that changes stored data (the OIDC callback): waits for the read cache like a POST. */
    writes?: boolean;
    /**
     * A change to nothing the read cache holds (users, sessions, applicants' own applications as
     * they see them, their uploads, the release flags), such as a review: its answer does not wait
     * for the read-your-writes barrier. Only where every write of the route is of that kind.
     */
    cacheUntouched?: boolean;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    /** How the caller authenticated: a browser cookie (CSRF applies) or a bearer token. */
    authVia: 'cookie' | 'bearer' | null;
    /** Who the audit log names for what this request changes (nobody, when signed out). */
    readonly actor: AuditActor;
  }
  interface FastifyInstance {
    readCache: ReadCache | undefined;
    routeTable: { method: string; url: string; access: Access }[];
    setSessionCookie(reply: FastifyReply, token: string): void;
    clearSessionCookie(reply: FastifyReply): void;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function originAllowed(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) {
    // Browsers send Origin on every cross-site POST; without it, fall back to Fetch Metadata.
    const site = request.headers['sec-fetch-site'];
    return site === undefined || site === 'same-origin' || site === 'none';
  }
  if (origin === new URL(publicUrl).origin) return true;
  const host = request.headers.host;
  return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
}

export default fp(
  async function authPlugin(
    app: FastifyInstance,
    opts: { secret: string; secureCookies: boolean; publicUrl: string; readCache?: ReadCache },
  ) {
    const cookieName = opts.secureCookies ? '__Host-lanyard_session' : 'lanyard_session';
    await app.register(cookie);

    app.decorateRequest('user', null);
    app.decorateRequest('authVia', null);
    // A getter: it reads `user` as onRequest left it, so no hook has to remember to fill it in.
    app.decorateRequest('actor', {
      getter(this: FastifyRequest): AuditActor {
        return { id: this.user?.id ?? null, email: this.user?.email ?? null, ip: clientIp(this) };
      },
    });
    app.decorate('routeTable', [] as FastifyInstance['routeTable']);

    app.decorate('setSessionCookie', (reply: FastifyReply, token: string) => {
      reply.setCookie(cookieName, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: opts.secureCookies,
        maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
      });
    });
    app.decorate('clearSessionCookie', (reply: FastifyReply) => {
      reply.clearCookie(cookieName, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: opts.secureCookies,
      });
    });

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api')) return;
      const access = route.config?.access;
      if (!access)
        throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.access`);
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method !== 'HEAD') app.routeTable.push({ method, url: route.url, access });
      }
    });

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config?.access;
      if (!access) return;

      const header = request.headers.authorization;
      let token: string | undefined;
      if (header?.startsWith('Bearer ')) {
        token = header.slice(7).trim();
        request.authVia = 'bearer';
      } else if (request.cookies[cookieName]) {
        token = request.cookies[cookieName];
        request.authVia = 'cookie';
      }
      if (token && token.length <= 128) {
        request.user = (await findSession(app.db, opts.secret, token, opts.readCache)) ?? null;
      }
      if (!request.user) request.authVia = null;

      // CSRF: a cookie-authenticated change must come from our own origin.
      if (
        UNSAFE.has(request.method) &&
        request.authVia !== 'bearer' &&
        !originAllowed(request, opts.publicUrl)
      ) {
        throw errors.forbidden('Cross-site request refused.', 'csrf');
      }

      if (access === 'public') return;
      if (!request.user) throw errors.unauthorized();
      // A sponsor reaches the book and nothing else, not even the routes open to any signed-in user.
      if (
        request.user.role === 'sponsor' &&
        !sponsorMayCall(access, request.method, request.routeOptions.url)
      )
        throw errors.forbidden();
      if (access === 'user') return;
      if (!ROLES_FOR[access].includes(request.user.role)) throw errors.forbidden();
    });

    // Read-your-writes: whatever a change did is out of this instance's read cache before its answer
    // leaves, so the next dashboard poll shows it (lib/read-cache.ts).
    const readCache = opts.readCache;
    if (readCache) {
      app.addHook('onSend', async (request) => {
        const config = request.routeOptions.config;
        if (config?.cacheUntouched) return;
        if (UNSAFE.has(request.method) || config?.writes) await readCache.sync();
      });
    }
  },
  { name: 'auth', dependencies: ['db'] },
);
