/**
 * Property tests of the admin single sign-on routes (ROUTE_SPECS group "oidc") against a real
 * OpenID provider: hostile redirects, states, codes and cookies never get a 5xx; a refused callback
 * (a redirect to /admin/login?sso_error=) signs nobody in and stores nothing, beyond using up the
 * sign-in attempt it names (single use by design).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { startTestProvider, type TestProvider } from '../oidc-provider';
import { createTestContext, type TestContext } from '../helper';
import {
  createWorld,
  fcParams,
  PROPERTY_TIMEOUT_MS,
  PUBLIC_URL,
  routeProperties,
  snapshot,
  type World,
} from './harness';
import { hostileQuery, hostileString, pct } from './hostile';
import { specsOf } from './routes';

const CALLBACK = `${PUBLIC_URL}/api/auth/oidc/callback`;
let provider: TestProvider | undefined;
let ctx: TestContext | undefined;
let world: World | undefined;

async function setup(): Promise<World> {
  provider = await startTestProvider({
    redirectUri: CALLBACK,
    accounts: { boss: { email: 'boss@example.org', email_verified: true } },
  });
  ctx = await createTestContext({
    PUBLIC_URL,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_ADMIN_EMAILS: 'boss@example.org',
  });
  world = await createWorld(ctx);
  return world;
}

describe('admin single sign-on under hostile input', () => {
  routeProperties(specsOf('oidc'), {
    numRuns: 40,
    setup,
    async teardown() {
      await ctx?.close();
      await provider?.close();
    },
  });

  it(
    'GET /api/auth/oidc/callback with a real attempt cookie and a hostile query: refused, only that attempt used up',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            hostileQuery,
            fc
              .tuple(hostileString, hostileString)
              .map(([code, state]) => `code=${pct(code)}&state=${pct(state)}`),
          ),
          async (query) => {
            const start = await ctx!.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
            expect(start.statusCode).toBe(302);
            const cookie = String(start.headers['set-cookie']).split(';')[0]!;
            const before = await snapshot(ctx!);
            const res = await ctx!.app.inject({
              method: 'GET',
              url: `/api/auth/oidc/callback${query ? `?${query}` : ''}`,
              headers: { cookie },
            });
            const after = await snapshot(ctx!);
            expect(after.files).toEqual(before.files);
            if (res.statusCode === 400) {
              // Refused before the handler (e.g. a NUL in the query): the attempt is still there.
              expect((res.json() as { code: string }).code).toBe('validation_error');
              expect(after.tables).toEqual(before.tables);
              return;
            }
            expect(res.statusCode, res.body.slice(0, 200)).toBe(302);
            expect(String(res.headers.location)).toMatch(/^\/admin\/login\?sso_error=/);
            expect(res.headers['set-cookie'] ?? '').not.toMatch(/lanyard_session=[^;]/);
            // The attempt row is deleted on first use, whatever the outcome; nothing else may change.
            expect({ ...after.tables, oidc_logins: '' }).toEqual({ ...before.tables, oidc_logins: '' });
            expect(Number(after.tables.oidc_logins!.split(':')[0])).toBe(
              Number(before.tables.oidc_logins!.split(':')[0]) - 1,
            );
          },
        ),
        fcParams(30),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
