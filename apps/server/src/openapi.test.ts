/**
 * GET /api/openapi.json describes the API the route table holds, from the zod schemas the routes
 * validate with; GET /api/docs, its reference page, is for admins and loads nothing from elsewhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createTestContext, registerUser, type TestContext } from '../test/helper';

interface Operation {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  'x-access'?: string;
  parameters?: { in: string; name: string; required?: boolean; schema?: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: unknown;
  format?: string;
  enum?: unknown[];
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  components: { securitySchemes: Record<string, { type: string; scheme?: string; in?: string }> };
  paths: Record<string, Record<string, Operation>>;
  tags: { name: string; description?: string }[];
}

let ctx: TestContext;
let doc: Document;
beforeAll(async () => {
  ctx = await createTestContext();
  const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json() as Document;
});
afterAll(async () => {
  await ctx?.close();
});

/** Fastify's `/stations/:id` as OpenAPI writes it: `/stations/{id}`. */
const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function operation(method: string, url: string): Operation | undefined {
  return doc.paths[openapiPath(url)]?.[method.toLowerCase()];
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document about Lanyard, public and briefly cacheable', async () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toBe('Lanyard');
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(doc.components.securitySchemes.bearerToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie' });

    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const etag = String(res.headers.etag);
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });

  it('has an operation, with a summary, for every route of the route table', () => {
    expect(ctx.app.routeTable.length).toBeGreaterThan(150);
    const missing: string[] = [];
    const unsummarized: string[] = [];
    for (const route of ctx.app.routeTable) {
      const op = operation(route.method, route.url);
      if (!op) missing.push(`${route.method} ${route.url}`);
      else if (!op.summary?.trim()) unsummarized.push(`${route.method} ${route.url}`);
    }
    expect(missing, 'routes missing from the document').toEqual([]);
    expect(unsummarized, 'routes without a summary: add schema.summary in their routes.ts').toEqual([]);
  });

  it('has no operation that is not a route, and none of the web app', () => {
    const routes = new Set(ctx.app.routeTable.map((r) => `${r.method} ${openapiPath(r.url)}`));
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(path.startsWith('/api/'), path).toBe(true);
      for (const method of Object.keys(item)) {
        expect(routes.has(`${method.toUpperCase()} ${path}`), `${method} ${path}`).toBe(true);
      }
    }
  });

  it('summaries are one line, every operation is tagged, and says who may call it', () => {
    const sections = new Set(doc.tags.map((t) => t.name));
    for (const route of ctx.app.routeTable) {
      const op = operation(route.method, route.url)!;
      expect(op.summary, `${route.method} ${route.url}`).not.toMatch(/\n/);
      expect(op.summary!.length, `${route.method} ${route.url}`).toBeLessThanOrEqual(120);
      expect(op.tags?.length, `${route.method} ${route.url} has no tags`).toBeGreaterThan(0);
      for (const tag of op.tags!) expect(sections.has(tag), `${tag}: list it in OPENAPI_TAGS`).toBe(true);
      expect(op['x-access'], `${route.method} ${route.url}`).toBe(route.access);
      if (route.access === 'public') expect(op.security).toEqual([]);
      else expect(op.security).toBeUndefined(); // the document's: cookie or bearer
    }
  });

  it('takes bodies, params and query strings from the zod schemas', () => {
    const scan = operation('POST', '/api/checkin/stations/:id/scan')!;
    const body = scan.requestBody!.content['application/json']!.schema;
    expect(body.type).toBe('object');
    expect(body.required).toEqual(expect.arrayContaining(['token', 'device_id', 'client_scan_id']));
    expect(body.required).not.toContain('confirm');
    expect(body.properties!.client_scan_id!.format).toBe('uuid');
    expect(body.additionalProperties).toBe(false); // .strict()
    expect(scan.parameters).toContainEqual(
      expect.objectContaining({ in: 'path', name: 'id', required: true }),
    );

    const login = operation('POST', '/api/auth/login')!;
    const loginBody = login.requestBody!.content['application/json']!.schema;
    expect(loginBody.required).toEqual(expect.arrayContaining(['email', 'password']));

    // A list with filters in its query string.
    const queried = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.values(item)
        .filter((op) => op.parameters?.some((p) => p.in === 'query'))
        .map(() => path),
    );
    expect(queried).toContain('/api/admin/applications');
  });
});

describe('GET /api/docs', () => {
  const pageUrls = ['/api/docs', '/api/docs/init.js', '/api/docs/static/swagger-ui-bundle.js'];

  it('is for admins only', async () => {
    const applicant = await registerUser(ctx.app);
    for (const url of pageUrls) {
      const anonymous = await ctx.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.headers['cache-control'], url).toBe('no-store');
      const notAdmin = await ctx.app.inject({ method: 'GET', url, headers: bearer(applicant.token) });
      expect(notAdmin.statusCode, url).toBe(403);
    }
  });

  it('serves Swagger UI from this server, under the app CSP, with nothing from other hosts', async () => {
    const { token } = await createAdmin(ctx);
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs', headers: bearer(token) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    // The app's own policy: scripts from this origin only, so the page has no inline script.
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(page.body).not.toMatch(/https?:\/\//);

    const refs = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThanOrEqual(4);
    for (const ref of refs) {
      expect(ref, 'a path on this server').toMatch(/^\/api\/docs\//);
      const res = await ctx.app.inject({ method: 'GET', url: ref, headers: bearer(token) });
      expect(res.statusCode, ref).toBe(200);
      expect(res.rawPayload.length, ref).toBeGreaterThan(0);
    }

    const init = await ctx.app.inject({ method: 'GET', url: '/api/docs/init.js', headers: bearer(token) });
    expect(init.headers['content-type']).toMatch(/^application\/javascript/);
    expect(init.body).not.toMatch(/https?:\/\//);
    expect(init.body).toContain("url: '/api/openapi.json'");
    expect(init.body).toContain('validatorUrl: null');

    const bundle = await ctx.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-ui-bundle.js',
      headers: bearer(token),
    });
    expect(bundle.body).toContain('SwaggerUIBundle');
    expect(bundle.headers['cache-control']).toBe('private, max-age=86400');

    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/docs/static/..%2Fpackage.json',
      headers: bearer(token),
    });
    expect(unknown.statusCode).toBe(400);
  });
});
