/**
 * A CSV download that fails after its first bytes must fail for the client too: a clean end would
 * leave the organiser a truncated file that looks complete. Over a real socket, because inject
 * cannot show how a connection ends. HTTP/1.0 matters: its body ends when the connection closes
 * (no chunked framing), and it is what nginx speaks to its upstream by default.
 */
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedApplications } from '../../../test/admin';
import { createAdmin, createTestContext, type TestContext } from '../../../test/helper';

let ctx: TestContext;
let token: string;
let port: number;
beforeAll(async () => {
  ctx = await createTestContext();
  token = (await createAdmin(ctx)).token;
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as net.AddressInfo).port;
  // Three pages of 1,000 for each export.
  await seedApplications(ctx, 2500, (i) => ({
    role: 'hacker',
    status: 'accepted',
    firstName: `Row${i}`,
    lastName: 'Stream',
    submittedAt: new Date(Date.UTC(2025, 2, 1, 0, 0, i)),
    answers: { backgroundQuestion: 'fine' },
  }));
}, 60_000);
afterAll(() => ctx?.close());

interface Outcome {
  status: number;
  /** Body bytes received. */
  bytes: number;
  /** How the connection ended: 'end' is what a complete download looks like. */
  ending: 'end' | 'reset' | 'incomplete';
}

/** A GET over a raw socket, so both HTTP versions and the exact way the connection ends are seen. */
function download(path: string, version: '1.0' | '1.1'): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    const finish = (reset: boolean) => {
      const raw = Buffer.concat(chunks);
      const split = raw.indexOf('\r\n\r\n');
      if (split < 0) return reject(new Error(`no response head (${raw.length} bytes)`));
      const head = raw.subarray(0, split).toString('latin1');
      const body = raw.subarray(split + 4);
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
      const chunked = /\r\ntransfer-encoding: chunked/i.test(head);
      // A chunked body is complete only with its zero-length last chunk.
      const complete = !chunked || body.subarray(-5).toString('latin1') === '0\r\n\r\n';
      resolve({ status, bytes: body.length, ending: reset ? 'reset' : complete ? 'end' : 'incomplete' });
    };
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNRESET') finish(true);
      else reject(err);
    });
    socket.on('end', () => finish(false));
    socket.write(
      `GET ${path} HTTP/${version}\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        `Connection: close\r\n\r\n`,
    );
  });
}

/** Both clients must see a failed download, after having received the first pages. */
async function expectFailedDownload(path: string, minBytes: number) {
  for (const version of ['1.1', '1.0'] as const) {
    const outcome = await download(path, version);
    expect({ version, status: outcome.status }).toEqual({ version, status: 200 });
    expect(outcome.bytes, `bytes over HTTP/${version}`).toBeGreaterThan(minBytes);
    expect({ version, ending: outcome.ending }).not.toEqual({ version, ending: 'end' });
  }
}

const db = () => ctx.database.db;

describe('a CSV export that fails part-way aborts the connection', () => {
  it('sanity: a complete export ends cleanly over both HTTP versions', async () => {
    for (const version of ['1.1', '1.0'] as const) {
      const outcome = await download('/api/export/applications/csv', version);
      expect({ version, status: outcome.status, ending: outcome.ending }).toEqual({
        version,
        status: 200,
        ending: 'end',
      });
    }
  });

  it('applications: an answer no cell can be written from, on the third page', async () => {
    // An object whose toString is not a function cannot become text: the cell function throws.
    await db().execute(sql`
      update applications set answers = '{"backgroundQuestion": {"toString": 1}}'::jsonb
      where id = (select id from applications order by submitted_at desc, id desc limit 1)`);
    try {
      await expectFailedDownload('/api/export/applications/csv', 100_000);
      // Also when the failure comes right after the header row: an error status or a failed body.
      for (const version of ['1.1', '1.0'] as const) {
        const early = await download('/api/export/applications/csv?search=row2499', version);
        expect({ version, complete200: early.status === 200 && early.ending === 'end' }).toEqual({
          version,
          complete200: false,
        });
      }
    } finally {
      await db().execute(sql`update applications set answers = '{"backgroundQuestion": "fine"}'::jsonb`);
    }
  });

  it('users: a timestamp the database holds but JavaScript cannot write, on the third page', async () => {
    await db().execute(sql`
      update users set created_at = 'infinity'
      where email = (select email from users order by email desc limit 1)`);
    try {
      await expectFailedDownload('/api/export/users/csv', 100_000);
    } finally {
      await db().execute(sql`update users set created_at = now() where created_at = 'infinity'`);
    }
  });

  it('RSVP: the same, on the third page', async () => {
    await db().execute(sql`
      update applications set rsvp_at = 'infinity'
      where id = (select id from applications order by id desc limit 1)`);
    try {
      await expectFailedDownload('/api/admin/rsvp/csv', 100_000);
    } finally {
      await db().execute(sql`update applications set rsvp_at = null`);
    }
  });

  it('the server still serves and shuts down promptly afterwards', async () => {
    const outcome = await download('/api/export/users/csv', '1.1');
    expect(outcome).toMatchObject({ status: 200, ending: 'end' });
    const closed = await Promise.race([
      ctx.app.close().then(() => 'closed'),
      new Promise((r) => setTimeout(() => r('timed out'), 10_000)),
    ]);
    expect(closed).toBe('closed');
  });
});
