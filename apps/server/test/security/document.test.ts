/**
 * Every operation the OpenAPI document lists for staff, reviewers, sponsors and admins, attacked as
 * an admin: hostile path segments, query strings and bodies. The public, user and applicant
 * routes have their own property files (ROUTE_SPECS); these take their operations from the
 * document, so a new staff or admin route is attacked without anyone adding it here. Invariants:
 * never a 5xx, and a refusal is a JSON error with a message and a code.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/modules/auth/sessions';
import { createTestContext, type TestContext } from '../helper';
import { createWorld, fcParams, PROPERTY_TIMEOUT_MS, type World } from './harness';
import { encodeBody, hostileQuery, hostileSegment, hostileValue, pct } from './hostile';

const COVERED_ELSEWHERE = new Set(['public', 'user', 'applicant']);
// A stream that stays open (server-sent events) cannot be awaited through inject.
const STREAMS = new Set(['GET /api/checkin/events']);

interface Operation {
  method: string;
  path: string;
  access: string;
  params: string[];
}

let ctx: TestContext;
let world: World;
let token: string;
let operations: Operation[];
beforeAll(async () => {
  ctx = await createTestContext();
  world = await createWorld(ctx);
  token = await createSession(ctx.database.db, ctx.config.sessionSecret, world.personas.admin.userId!, {});
  const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { 'x-access'?: string }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      access: op['x-access'] ?? 'unknown',
      params: [...path.matchAll(/\{([A-Za-z_]+)\}/g)].map((m) => m[1]!),
    })),
  );
}, PROPERTY_TIMEOUT_MS);
afterAll(() => ctx?.close());

describe('staff and admin operations from the OpenAPI document', () => {
  it('takes every operation the document lists beyond the applicant routes', () => {
    const attacked = operations.filter((o) => !COVERED_ELSEWHERE.has(o.access));
    expect(attacked.length).toBeGreaterThan(80);
    expect(new Set(attacked.map((o) => o.access))).toEqual(
      new Set(['admin', 'staff', 'reviewer', 'sponsor']),
    );
  });

  it(
    'answers hostile segments, queries and bodies without a 5xx, refusing in JSON',
    async () => {
      const attacked = operations.filter(
        (o) => !COVERED_ELSEWHERE.has(o.access) && !STREAMS.has(`${o.method} ${o.path}`),
      );
      for (const op of attacked) {
        const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
        // Some well-formed ids and empty queries get past validation into the services.
        const segment = fc.oneof(fc.uuid({ version: 4 }), hostileSegment);
        const arbitrary = fc.record({
          segments: fc.tuple(...op.params.map(() => segment)),
          query: fc.oneof({ arbitrary: fc.constant(''), weight: 1 }, { arbitrary: hostileQuery, weight: 2 }),
          body: hasBody ? hostileValue : fc.constant(undefined),
        });
        await fc.assert(
          fc.asyncProperty(arbitrary, async ({ segments, query, body }) => {
            await ctx.database.pool.query('delete from rate_limits');
            let url = op.path;
            op.params.forEach((name, i) => {
              url = url.replace(`{${name}}`, pct(segments[i] ?? 'x'));
            });
            const encoded = hasBody ? encodeBody(body, 'json') : undefined;
            const res = await ctx.app.inject({
              method: op.method as 'GET',
              url: query ? `${url}?${query}` : url,
              headers: { authorization: `Bearer ${token}`, ...(encoded?.headers ?? {}) },
              remoteAddress: '203.0.113.9',
              ...(encoded ? { payload: encoded.payload } : {}),
            });
            const where = `${op.method} ${url.slice(0, 160)} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
            expect(res.statusCode, `5xx: ${where}`).toBeLessThan(500);
            if (res.statusCode >= 400) {
              expect(String(res.headers['content-type']), `not JSON: ${where}`).toMatch(/^application\/json/);
              const json = res.json() as { error?: unknown; code?: unknown };
              expect(typeof json.error, `no error message: ${where}`).toBe('string');
              expect(typeof json.code, `no error code: ${where}`).toBe('string');
            }
          }),
          fcParams(6),
        );
      }
    },
    PROPERTY_TIMEOUT_MS,
  );
});
