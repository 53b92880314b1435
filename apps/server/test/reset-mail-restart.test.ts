/**
 * Issue 13, item 7: a password reset is answered once it is queued; the lookup, the token and the
 * mail happen in the outbox worker. This proves the request survives a kill -9 between queueing
 * and sending, and is mailed once, to a known address only, by the next start.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, GOOD_PASSWORD, uniqueEmail, type TestContext } from './helper';
import {
  cleanUp,
  ensureBuilt,
  killServer,
  makeDataDir,
  sleep,
  startServer,
  waitReady,
  type ServerProcess,
} from './server-process';
import { startSmtpPeer, tokenInMail, type SmtpPeer } from './smtp';

let ctx: TestContext;
let peer: SmtpPeer;
const dirs: string[] = [];
const sessionSecret = crypto.randomBytes(32).toString('hex');

beforeAll(async () => {
  ensureBuilt();
  [ctx, peer] = await Promise.all([createTestContext(), startSmtpPeer()]);
}, 120_000);

afterAll(async () => {
  await cleanUp([]);
  await peer?.close();
  await ctx?.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

async function start(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dir = makeDataDir('reset-mail');
  dirs.push(dir);
  const server = await startServer({
    DATA_DIR: dir,
    DATABASE_URL: ctx.databaseUrl,
    SESSION_SECRET: sessionSecret,
    PUBLIC_URL: 'http://127.0.0.1',
    ...env,
  });
  await waitReady(server);
  return server;
}

function post(server: ServerProcess, url: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const resetsTo = (to: string) =>
  peer.received.filter((m) => m.to.includes(to) && /^Reset your /.test(m.subject ?? ''));

describe('a reset request across a kill -9', () => {
  it('is neither lost nor sent twice, and an unknown address gets nothing', async () => {
    const email = uniqueEmail('crash');
    const unknown = uniqueEmail('ghost');

    // Queued by a server that cannot send (no SMTP), which is then killed.
    const first = await start();
    expect((await post(first, '/api/auth/register', { email, password: GOOD_PASSWORD })).status).toBe(201);
    const known = await post(first, '/api/auth/password-reset', { email });
    const missing = await post(first, '/api/auth/password-reset', { email: unknown });
    expect(known.status).toBe(200);
    expect(await missing.text()).toBe(await known.text());
    await killServer(first);

    // The next start sends it.
    const second = await start({ SMTP_URL: peer.url });
    const deadline = Date.now() + 30_000;
    while (resetsTo(email).length === 0 && Date.now() < deadline) await sleep(100);
    expect(resetsTo(email)).toHaveLength(1);
    await killServer(second);

    // A third start sends nothing again, and the request for the unknown address is gone.
    const third = await start({ SMTP_URL: peer.url });
    await sleep(4500); // two passes of the worker
    expect(resetsTo(email)).toHaveLength(1);
    expect(peer.received.filter((m) => m.to.includes(unknown))).toEqual([]);
    const { rows } = await ctx.database.pool.query(`select id from email_outbox where to_address = $1`, [
      unknown,
    ]);
    expect(rows).toEqual([]);
    expect([...peer.countsById().values()].every((n) => n === 1)).toBe(true);

    // The one link that arrived works.
    const code = tokenInMail(resetsTo(email)[0]!, 'oob_code');
    const done = await post(third, '/api/auth/password-reset/verify', {
      oob_code: code,
      new_password: 'Harbour-Lantern-Quartz-5',
    });
    expect(done.status).toBe(200);
  }, 120_000);
});
