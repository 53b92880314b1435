/**
 * A client that trickles its request cannot hold connections open: bodies have a deadline (longer
 * on upload routes), headers too, and idle connections are closed. Real sockets against a real
 * listening server, with the limits shortened so the test takes seconds.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, registerUser, type TestContext } from '../helper';
import { multipart } from '../multipart';

let ctx: TestContext;
let port: number;

beforeAll(async () => {
  ctx = await createTestContext({}, (config) => ({
    ...config,
    timeouts: {
      headersMs: 1_500,
      bodyMs: 1_000,
      uploadBodyMs: 3_000,
      idleMs: 4_000,
      keepAliveMs: 2_000,
      checkEveryMs: 250,
    },
  }));
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as net.AddressInfo).port;
});
afterAll(() => ctx.close());

interface Trickle {
  /** What the server answered before closing, if anything. */
  answer: string;
  /** Milliseconds from the first byte sent to the server closing the connection. */
  closedAfterMs: number;
  /** Whether the server closed before the client had sent everything. */
  cutShort: boolean;
}

/** Sends the head at once, then the body one byte every `everyMs`, and waits for the server to close. */
function trickle(head: string, bodyLength: number, everyMs: number, giveUpMs = 15_000): Promise<Trickle> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const started = Date.now();
    let answer = '';
    let sent = 0;
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open for ${giveUpMs} ms`));
    }, giveUpMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', () => {});
    const timer = setInterval(() => {
      if (sent >= bodyLength || socket.destroyed) return clearInterval(timer);
      socket.write('x');
      sent += 1;
    }, everyMs);
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ answer, closedAfterMs: Date.now() - started, cutShort: sent < bodyLength });
    });
    socket.write(head);
  });
}

function postHead(path: string, contentType: string, length: number, extra = ''): string {
  return `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\nContent-Length: ${length}\r\n${extra}\r\n`;
}

describe('slow clients', () => {
  it('a JSON body trickled one byte at a time is answered 408 and the connection closed', async () => {
    const result = await trickle(postHead('/api/auth/login', 'application/json', 500), 500, 200);
    expect(result.cutShort).toBe(true);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(result.answer).toContain('"code":"request_timeout"');
  });

  it('thirty trickling connections are all closed, and the server still answers others', async () => {
    const all = Promise.all(
      Array.from({ length: 30 }, () =>
        trickle(postHead('/api/auth/register', 'application/json', 1_000), 1_000, 500),
      ),
    );
    const health = await fetch(`http://127.0.0.1:${port}/api/healthz`);
    expect(health.status).toBe(200);
    const results = await all;
    expect(results.every((r) => r.cutShort && r.answer.startsWith('HTTP/1.1 408 '))).toBe(true);
  });

  it('an upload has longer than a JSON body, and is still cut when it trickles past its own limit', async () => {
    const { token } = await registerUser(ctx.app);
    // The start of a body that promises 100 kB and never finishes.
    const start = multipart(
      { name: 'file', filename: 'cv.pdf', contentType: 'application/pdf', content: '%PDF-1.4\n' },
      { close: false },
    );
    const head = postHead(
      '/api/upload/resume',
      start.headers['content-type']!,
      100_000,
      `Authorization: Bearer ${token}\r\n`,
    );
    const result = await trickle(head + start.payload.toString('utf8'), 100_000, 100);
    expect(result.cutShort).toBe(true);
    // Alive past the JSON deadline (1 s), closed by the upload one (3 s).
    expect(result.closedAfterMs).toBeGreaterThan(2_000);
    expect(result.answer === '' || /^HTTP\/1\.1 (408|4\d\d) /.test(result.answer)).toBe(true);
  });

  it('headers that never finish are cut by the header deadline', async () => {
    const result = await trickle('GET /api/healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', 10_000, 200);
    expect(result.cutShort).toBe(true);
  });

  it('a connection that never sends a byte is closed by the header deadline', async () => {
    const result = await trickle('', 0, 1_000);
    expect(result.answer === '' || result.answer.startsWith('HTTP/1.1 408 ')).toBe(true);
    expect(result.closedAfterMs).toBeLessThan(10_000);
  });

  it('a kept-alive connection that goes quiet after its answer is closed', async () => {
    const result = await trickle('GET /api/healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', 0, 1_000);
    expect(result.answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(result.closedAfterMs).toBeGreaterThanOrEqual(1_900);
  });
});
