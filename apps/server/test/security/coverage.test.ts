/**
 * Walks the registered route table: every route open to the public, to any signed-in user or to
 * applicants must have an entry in ROUTE_SPECS (and so property tests in the file of its group).
 * A new route without one fails here, so it cannot be forgotten; so does an operation the OpenAPI
 * document (GET /api/openapi.json) opens to them (its `x-access`). Admin and staff routes are covered
 * by the route-table walk of src/plugins/auth.test.ts (401 anonymous, 403 applicants).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helper';
import { key } from './harness';
import { ROUTE_SPECS } from './routes';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const COVERED_ACCESS = new Set(['public', 'user', 'applicant']);

describe('property coverage of the route table', () => {
  it('every public, user and applicant route has hostile-input properties', () => {
    const open = ctx.app.routeTable
      .filter((r) => COVERED_ACCESS.has(r.access))
      .map((r) => `${r.method} ${r.url}`);
    expect(open.length).toBeGreaterThan(20);
    const specified = new Set(ROUTE_SPECS.map(key));
    const missing = open.filter((r) => !specified.has(r));
    expect(missing, 'routes without property tests: add them to test/security/routes.ts').toEqual([]);
  });

  it('every public, user and applicant operation of the OpenAPI document has properties too', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json() as { paths: Record<string, Record<string, { 'x-access'?: string }>> };
    const open = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => COVERED_ACCESS.has(op['x-access'] ?? ''))
        // OpenAPI's `/stations/{id}` is Fastify's `/stations/:id`.
        .map(([method, _op]) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`),
    );
    expect(open.length).toBeGreaterThan(20);
    const specified = new Set(ROUTE_SPECS.map(key));
    const missing = open.filter((r) => !specified.has(r));
    expect(missing, 'operations without property tests: add them to test/security/routes.ts').toEqual([]);
  });

  it('every spec names a registered route of that access level, once', () => {
    const byKey = new Map(ctx.app.routeTable.map((r) => [`${r.method} ${r.url}`, r.access]));
    const keys = ROUTE_SPECS.map(key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const k of keys) {
      expect(byKey.has(k), `${k} is not a registered route`).toBe(true);
      expect(COVERED_ACCESS.has(byKey.get(k)!), `${k} is an admin or staff route`).toBe(true);
    }
  });

  it('every group of specs has its property file', () => {
    for (const group of new Set(ROUTE_SPECS.map((s) => s.group))) {
      const file = path.join(import.meta.dirname, `${group}.test.ts`);
      expect(fs.existsSync(file), `${file} runs the "${group}" specs`).toBe(true);
      expect(fs.readFileSync(file, 'utf8')).toContain(`specsOf('${group}')`);
    }
  });
});
