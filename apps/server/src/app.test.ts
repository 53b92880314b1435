import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, GOOD_PASSWORD, randomIp, uniqueEmail, type TestContext } from '../test/helper';
import { buildApp } from './app';
import { createDatabase } from './db/client';
import { createLocalStorage } from './lib/storage';
import { STORAGE_PROBE_MEMO_MS } from './modules/health/routes';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** The CSP header as a map of directive -> sources. */
function parseCsp(header: unknown): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

describe('errors', () => {
  it('answers an unknown /api path with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/auth/nope'],
      ['GET', '/api'],
      ['DELETE', '/api/admin/dashboard'],
    ] as const) {
      const res = await ctx.app.inject({ method, url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ error: expect.any(String), code: 'not_found' });
    }
  });

  it('answers a malformed JSON body with a JSON 400, not a 500', async () => {
    for (const payload of ['{"email":', '{email: "a@b.c"}', 'null', '[]', '"text"', '']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload,
        remoteAddress: randomIp(),
      });
      expect({ payload, status: res.statusCode }).toEqual({ payload, status: 400 });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ error: expect.any(String), code: expect.any(String) });
    }
  });

  it('answers a non-JSON body type with 4xx, not a 500', async () => {
    for (const [type, payload] of [
      ['text/plain', JSON.stringify({ email: uniqueEmail(), password: GOOD_PASSWORD })],
      ['application/x-www-form-urlencoded', 'email=a%40b.c&password=x'],
      ['application/xml', '<a/>'],
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'content-type': type! },
        payload,
        remoteAddress: randomIp(),
      });
      expect({ type, status: res.statusCode >= 400 && res.statusCode < 500 }).toEqual({ type, status: true });
      expect(res.json().code).toEqual(expect.any(String));
    }
  });

  it('answers an oversized body with 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.org', password: 'x'.repeat(2 * 1024 * 1024) }),
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
  });
});

describe('health', () => {
  it('healthz and readyz answer 200', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('a request in flight when close() begins is answered with Connection: close, so close() completes', async () => {
    const app = await buildApp({ config: ctx.config, db: ctx.database.db, logger: false });
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    let arrived: () => void = () => {};
    const inFlight = new Promise<void>((r) => (arrived = r));
    app.get('/held', async () => {
      arrived();
      await held;
      return { ok: true };
    });
    // The answer leaves once closing has begun (the app's own preClose hooks run first).
    app.addHook('preClose', (done) => {
      release();
      done();
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true });
    try {
      const response = new Promise<http.IncomingMessage>((resolve, reject) =>
        http.get({ host: '127.0.0.1', port, path: '/held', agent }, resolve).on('error', reject),
      );
      await inFlight;
      const closed = app.close();
      const res = await response;
      res.resume();
      expect(res.statusCode).toBe(200);
      expect(res.headers.connection).toBe('close');
      // Without the header the kept-alive connection holds close() open for the keep-alive timeout.
      await closed;
    } finally {
      agent.destroy();
      await app.close();
    }
  });

  it('a request that arrives as close() begins is answered with Connection: close, not refused with 503', async () => {
    // Behind nginx a refused POST reached the client: nginx passes a POST it has sent nowhere else.
    const app = await buildApp({ config: ctx.config, db: ctx.database.db, logger: false });
    let answer: { status?: number; connection?: string; body: string } | undefined;
    // preClose runs once the app is closing and before the listener stops: a request then is one
    // nginx sent on a connection it already had.
    app.addHook('preClose', async () => {
      answer = await new Promise((resolve, reject) =>
        http
          .request(
            {
              host: '127.0.0.1',
              port: (app.server.address() as AddressInfo).port,
              method: 'POST',
              path: '/api/auth/login',
              headers: { 'content-type': 'application/json' },
              agent: false,
            },
            (res) => {
              let body = '';
              res.on('data', (c: Buffer) => (body += c.toString('utf8')));
              res.on('end', () =>
                resolve({ status: res.statusCode, connection: res.headers.connection, body }),
              );
            },
          )
          .on('error', reject)
          .end('{}'),
      );
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    await app.close();
    // The route's own answer (a validation error here), not Fastify's "Service Unavailable".
    expect(answer?.status, answer?.body).toBe(400);
    expect(answer?.connection).toBe('close');
  });

  it('answers requests refused before any route in the API’s shape, never with Fastify’s own codes', async () => {
    const app = await buildApp({ config: ctx.config, db: ctx.database.db, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    // Raw bytes, as a client that does not speak HTTP properly sends them; the answer up to the close.
    const raw = (text: string) =>
      new Promise<{ status: number; body: Record<string, unknown>; head: string }>((resolve, reject) => {
        let got = '';
        const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
        socket.on('data', (c: Buffer) => (got += c.toString('utf8')));
        socket.on('error', () => {});
        socket.on('close', () => {
          const [head = '', body = ''] = got.split('\r\n\r\n');
          try {
            resolve({
              status: Number(head.split(' ')[1]),
              body: JSON.parse(body) as Record<string, unknown>,
              head,
            });
          } catch (err) {
            reject(new Error(`${String(err)}: ${got}`));
          }
        });
      });
    try {
      const badUrl = await raw('GET /api/event%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      expect(badUrl.status).toBe(400);
      expect(badUrl.body).toEqual({
        error: 'The address is not valid: it has a malformed %-escape.',
        code: 'bad_request',
      });
      const longParam = await raw(
        `GET /api/admin/applications/${'a'.repeat(200)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      );
      expect(longParam.status).toBe(414);
      expect(longParam.body).toEqual({ error: 'A part of the address is too long.', code: 'bad_request' });
      const hugeHeaders = await raw(
        `GET /api/event HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      expect(hugeHeaders.status).toBe(431);
      expect(hugeHeaders.body.code).toBe('headers_too_large');
      const garbage = await raw('HELLO THERE\r\n\r\n');
      expect(garbage.status).toBe(400);
      expect(garbage.body).toEqual({ error: 'The request could not be read.', code: 'bad_request' });
      for (const answer of [hugeHeaders, garbage]) {
        expect(answer.head).toMatch(/\r\nConnection: close/i);
        expect(answer.head).toMatch(/\r\nX-Content-Type-Options: nosniff/i);
      }
    } finally {
      await app.close();
    }
  });

  it('readyz answers 503 while shutting down', async () => {
    ctx.app.shuttingDown = true;
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('shutting_down');
    } finally {
      ctx.app.shuttingDown = false;
    }
  });

  /** The app on local files, with a remote store's probe (an S3 bucket's, say) standing in. */
  const appWithStorageProbe = (probe: () => Promise<void>) =>
    buildApp({
      config: ctx.config,
      db: ctx.database.db,
      logger: false,
      storage: { ...createLocalStorage(path.join(ctx.config.dataDir, 'uploads')), probe },
    });

  it('readyz asks a remote store at most once per STORAGE_PROBE_MEMO_MS while it answers; a failure is asked again', async () => {
    let probes = 0;
    let failing = false;
    const app = await appWithStorageProbe(() => {
      probes++;
      return failing ? Promise.reject(new Error('NoSuchBucket')) : Promise.resolve();
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const ready = () => app.inject({ method: 'GET', url: '/api/readyz' }).then((r) => r.statusCode);
      expect([await ready(), await ready(), await ready()]).toEqual([200, 200, 200]);
      expect(probes).toBe(1);
      vi.advanceTimersByTime(STORAGE_PROBE_MEMO_MS);
      failing = true;
      expect([await ready(), await ready()]).toEqual([503, 503]);
      expect(probes).toBe(3);
      failing = false;
      expect(await ready()).toBe(200);
      expect(probes).toBe(4);
    } finally {
      vi.useRealTimers();
      await app.close();
    }
  });

  it('readyz answers 503 when the file storage cannot be used (an S3 bucket gone, say)', async () => {
    const app = await appWithStorageProbe(() => Promise.reject(new Error('NoSuchBucket')));
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().code).toBe('not_ready');
    } finally {
      await app.close();
    }
  });

  it('without a database, healthz still answers 200 and readyz 503; API calls get 503, not 500', async () => {
    // Nothing listens on port 1: every connection is refused at once.
    const database = createDatabase('postgres://nobody:nothing@127.0.0.1:1/none', { max: 1 });
    const app = await buildApp({ config: ctx.config, db: database.db, logger: false });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/healthz' })).statusCode).toBe(200);
      const ready = await app.inject({ method: 'GET', url: '/api/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().code).toBe('not_ready');
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: uniqueEmail(), password: GOOD_PASSWORD },
      });
      expect(login.statusCode).toBe(503);
      expect(login.headers['retry-after']).toBeDefined();
      expect(login.json().code).toBe('unavailable');
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('security headers', () => {
  it('an API response carries a strict CSP, nosniff, a referrer policy and no-store', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/healthz' });
    const csp = parseCsp(res.headers['content-security-policy']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-store');
    // Plain HTTP: HSTS would be ignored at best, and pin a dev host at worst.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('errors and personal data carry the same headers', async () => {
    const notFound = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(notFound.headers['cache-control']).toBe('no-store');
    expect(notFound.headers['x-content-type-options']).toBe('nosniff');
    expect(parseCsp(notFound.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);

    const register = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: uniqueEmail(), password: GOOD_PASSWORD },
      remoteAddress: randomIp(),
    });
    expect(register.statusCode).toBe(201);
    expect(register.headers['cache-control']).toBe('no-store');
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${register.json().access_token}` },
    });
    expect(me.headers['cache-control']).toBe('no-store');
  });
});

describe('behind HTTPS (PUBLIC_URL https://)', () => {
  let https: TestContext;
  beforeAll(async () => {
    https = await createTestContext({ PUBLIC_URL: 'https://apply.example.org' });
  });
  afterAll(() => https.close());

  it('sends HSTS and upgrade-insecure-requests', async () => {
    const res = await https.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    expect(res.headers['strict-transport-security']).toContain('includeSubDomains');
    expect(parseCsp(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
  });

  it('names the session cookie __Host-lanyard_session and marks it Secure', async () => {
    const email = uniqueEmail();
    const res = await https.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: GOOD_PASSWORD },
      headers: { origin: 'https://apply.example.org' },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(201);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^__Host-lanyard_session=[\w-]+;/);
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    // __Host- cookies must not name a domain.
    expect(cookie).not.toMatch(/Domain=/i);

    const sessionCookie = cookie.split(';')[0]!;
    const me = await https.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: sessionCookie },
    });
    expect(me.statusCode).toBe(200);
    // The plain name is not accepted in its place.
    const plain = sessionCookie.replace('__Host-lanyard_session', 'lanyard_session');
    const refused = await https.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: plain },
    });
    expect(refused.statusCode).toBe(401);
  });

  it('checks Origin against the https origin', async () => {
    const res = await https.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: uniqueEmail(), password: GOOD_PASSWORD },
      headers: { origin: 'http://apply.example.org' },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('csrf');
  });
});
