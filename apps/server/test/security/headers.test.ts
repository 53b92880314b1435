/**
 * Every kind of answer (pages, hashed assets, API, errors, resume
 * downloads, CSV and zip exports) carries the same security headers, HSTS included when the site is
 * served over HTTPS (PUBLIC_URL https://). Pages need the built web app (npm test builds it first).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webDistDir } from '../../src/paths';
import { submittedHacker } from '../admin';
import { bearer, createAdmin, createTestContext, type TestContext } from '../helper';

const ORIGIN = 'https://apply.example.org';
let ctx: TestContext;
let adminToken: string;

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: ORIGIN });
  adminToken = (await createAdmin(ctx)).token;
});
afterAll(async () => {
  await ctx?.close();
});

function directives(res: LightMyRequestResponse): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of String(res.headers['content-security-policy']).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), sources);
  }
  return out;
}

function expectSecurityHeaders(res: LightMyRequestResponse, what: string) {
  const csp = directives(res);
  expect(csp.get('script-src'), what).toEqual(["'self'"]);
  expect(csp.get('default-src'), what).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(csp.get('object-src'), what).toEqual(["'none'"]);
  expect(csp.has('upgrade-insecure-requests'), what).toBe(true);
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(String(res.headers['strict-transport-security']), what).toMatch(
    /^max-age=\d{7,}; includeSubDomains/,
  );
}

describe('security headers behind HTTPS', () => {
  it('on pages (landing, admin sign-in, a client-side route) and on a hashed asset', async () => {
    const index = path.join(webDistDir, 'index.html');
    expect(fs.existsSync(index), `${index} is missing: run npm run build first`).toBe(true);
    for (const url of ['/', '/admin/login', '/dashboard']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expectSecurityHeaders(res, url);
    }
    const asset = fs.readdirSync(path.join(webDistDir, 'assets')).find((f) => f.endsWith('.js'))!;
    const res = await ctx.app.inject({ method: 'GET', url: `/assets/${asset}` });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res, asset);
  });

  it('on API answers and API errors, which are also never cached', async () => {
    for (const url of ['/api/settings/public', '/api/auth/me', '/api/nope']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expectSecurityHeaders(res, url);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('on a resume download (attachment, never cached) and on the CSV and zip exports', async () => {
    const hacker = await submittedHacker(ctx);
    const link = await ctx.app.inject({
      method: 'GET',
      url: '/api/applications/me/resume-url',
      headers: bearer(hacker.token),
    });
    const download = await ctx.app.inject({
      method: 'GET',
      url: (link.json() as { signed_url: string }).signed_url,
    });
    expect(download.statusCode).toBe(200);
    expectSecurityHeaders(download, 'resume download');
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.headers['cache-control']).toBe('no-store');

    const csv = await ctx.app.inject({
      method: 'GET',
      url: '/api/export/applications/csv',
      headers: bearer(adminToken),
    });
    expect(csv.statusCode).toBe(200);
    expectSecurityHeaders(csv, 'CSV export');
    expect(csv.headers['content-disposition']).toMatch(/^attachment;/);
    expect(csv.headers['cache-control']).toBe('no-store');

    const zip = await ctx.app.inject({
      method: 'POST',
      url: '/api/export/resumes/zip',
      headers: bearer(adminToken),
      payload: { application_ids: [hacker.appId] },
    });
    expect(zip.statusCode).toBe(200);
    expectSecurityHeaders(zip, 'zip export');
    expect(zip.headers['content-disposition']).toMatch(/^attachment;/);
    expect(zip.headers['cache-control']).toBe('no-store');
  });
});
