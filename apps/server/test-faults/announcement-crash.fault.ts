import type net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/client';
import { applications, users } from '../src/db/schema/index';
import { INTERRUPTED_ERROR } from '../src/modules/email/worker';
import { applicationValues, userValues } from '../test/factories';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  call,
  cleanUp,
  killServer,
  makeDataDir,
  sleep,
  startServer,
  waitReady,
  waitUntil,
  withTimeout,
  type Server,
} from './harness';

/**
 * kill -9 of the server while it sends a scheduled announcement to a few hundred people: once
 * while the SMTP peer holds a message unanswered, once just after it accepted one (before the
 * server can record it), once at a random moment. After the restarts the sending resumes by
 * itself; no message arrives twice; the one message of each kill whose fate the server cannot
 * know is offered for a retry (never resent blindly), and once an admin retries those that did
 * not arrive, every recipient has exactly one e-mail and the announcement reads sent.
 */

const RECIPIENTS = 200;
const DECOYS = 30;
const SUBJECT = 'Fault drill';
const dirs: string[] = [];

interface Arrival {
  messageId: string;
  to: string[];
}

/**
 * A real SMTP peer that can cut the server down at its n-th message: `before` answering it (the
 * message never arrived) or right `after` accepting it (it arrived, the server had no time to note it).
 */
async function startPeer() {
  const peer = {
    url: '',
    arrivals: 0,
    received: [] as Arrival[],
    cut: undefined as { at: number; when: 'before' | 'after'; kill: () => Promise<unknown> } | undefined,
    close: () => Promise.resolve(),
  };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        peer.arrivals += 1;
        const cut = peer.cut?.at === peer.arrivals ? peer.cut : undefined;
        const mail = {
          messageId: /^Message-ID:\s*(<[^>\r\n]+>)/im.exec(Buffer.concat(chunks).toString('utf8'))?.[1] ?? '',
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        if (cut?.when === 'before') {
          void cut.kill().finally(() => cb(new Error('the sender is gone')));
          return;
        }
        peer.received.push(mail);
        cb();
        if (cut) void cut.kill();
      });
    },
  });
  // A sender killed mid-conversation resets its connection: expected here, not a test failure.
  smtp.on('error', () => {});
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  peer.url = `smtp://127.0.0.1:${(smtp.server.address() as net.AddressInfo).port}`;
  peer.close = () => new Promise<void>((resolve) => smtp.close(() => resolve()));
  return peer;
}

let peer: Awaited<ReturnType<typeof startPeer>> | undefined;
afterAll(async () => {
  await cleanUp(dirs);
  await peer?.close();
});

/** Confirmed hackers (the segment) and waitlisted decoys who must get nothing. */
async function seed(database: Database): Promise<{ recipients: string[]; decoys: string[] }> {
  const people = await database.db
    .insert(users)
    .values(Array.from({ length: RECIPIENTS + DECOYS }, () => userValues()))
    .returning({ id: users.id, email: users.email });
  await database.db.insert(applications).values(
    people.map((u, i) =>
      applicationValues(u, {
        firstName: `F${i}`,
        lastName: `Drill${i}`,
        ...(i < RECIPIENTS
          ? { status: 'accepted', decisionNotifiedStatus: 'accepted', rsvpStatus: 'accepted' }
          : { status: 'waitlisted', decisionNotifiedStatus: 'waitlisted' }),
      }),
    ),
  );
  return {
    recipients: people.slice(0, RECIPIENTS).map((p) => p.email),
    decoys: people.slice(RECIPIENTS).map((p) => p.email),
  };
}

async function adminToken(server: Server): Promise<string> {
  const login = await call(server, 'POST', '/api/auth/admin/login', {
    body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  expect(login.status, login.text).toBe(200);
  return (login.body as { access_token: string }).access_token;
}

describe('a scheduled announcement under kill -9', () => {
  it('resumes by itself, sends nothing twice, and leaves nobody without their one e-mail', async () => {
    const dir = makeDataDir('announcement');
    dirs.push(dir);
    peer = await startPeer();
    // Fast enough for the test; the kills come from the peer's count, not from a clock.
    const env = { SMTP_URL: peer.url, EMAIL_RATE_PER_MINUTE: '3000', MAIL_FROM: 'Drill <drill@example.org>' };
    let server: Server = await startServer(dir, env);
    await waitReady(server);
    let database = createDatabase(server.databaseUrl()!, { max: 2 });
    let restartedAt = new Date();
    const restart = async () => {
      await database.close();
      restartedAt = new Date();
      server = await startServer(dir, env);
      await waitReady(server);
      database = createDatabase(server.databaseUrl()!, { max: 2 });
    };
    try {
      const { recipients, decoys } = await seed(database);
      let token = await adminToken(server);
      const created = await call(server, 'POST', '/api/admin/announcements', {
        token,
        body: {
          subject: `${SUBJECT} for {{first_name}}`,
          body: 'Hi {{first_name}},\n\nThis is a drill.',
          segment: {
            list: 'rsvps',
            filters: { status: ['accepted'], role: ['hacker'], rsvp_status: ['accepted'] },
          },
          send_at: new Date(Date.now() + 2000).toISOString(),
        },
      });
      expect(created.status, created.text).toBe(201);
      const id = (created.body as { _id: string })._id;

      // Two kills from inside the SMTP conversation, at its most awkward moments.
      for (const [at, when] of [
        [25 + Math.floor(Math.random() * 20), 'before'],
        [80 + Math.floor(Math.random() * 20), 'after'],
      ] as const) {
        const victim = server;
        const killed = new Promise<unknown>((resolve) => {
          peer!.cut = { at, when, kill: () => killServer(victim).then(resolve, resolve) };
        });
        await withTimeout(killed, 90_000, `the kill at message ${at}`);
        peer.cut = undefined;
        await restart();
      }
      // A third at a random moment of the sending.
      const third = 135 + Math.floor(Math.random() * 15);
      await waitUntil(`${third} messages`, async () => peer!.arrivals >= third);
      await sleep(Math.floor(Math.random() * 60));
      await killServer(server);
      await restart();

      // The restarted server goes on by itself until nothing is left queued.
      const states = async () =>
        (
          await database.pool.query<{ status: string; n: number }>(
            `select status, count(*)::int as n from email_outbox where announcement_id = $1 group by status`,
            [id],
          )
        ).rows.reduce<Record<string, number>>((m, r) => ({ ...m, [r.status]: r.n }), {});
      const live = async () =>
        (
          await database.pool.query(
            `select count(*)::int as n from email_outbox
              where announcement_id = $1 and (status = 'pending' or (status = 'sending' and claimed_at >= $2))`,
            [id, restartedAt],
          )
        ).rows[0].n === 0;
      await waitUntil('the rest of the list sent', live, { ms: 90_000, everyMs: 100 });

      // A message a kill caught mid-send is `sending`: its fate is unknown. Once it is older than
      // the stale limit (five minutes, skipped here by ageing the claim), the running server offers
      // it for a retry without needing another restart.
      const caught = (await states()).sending ?? 0;
      expect(caught).toBeGreaterThanOrEqual(1);
      expect(caught).toBeLessThanOrEqual(3);
      await database.pool.query(
        `update email_outbox set claimed_at = claimed_at - interval '6 minutes'
          where announcement_id = $1 and status = 'sending'`,
        [id],
      );
      await waitUntil('interrupted messages offered for a retry', async () => !(await states()).sending);
      const { rows: failed } = await database.pool.query<{ id: string; last_error: string }>(
        `select id, last_error from email_outbox where announcement_id = $1 and status = 'failed'`,
        [id],
      );
      expect(failed).toHaveLength(caught);
      expect(failed.every((r) => r.last_error === INTERRUPTED_ERROR)).toBe(true);
      // The message held unanswered at the first kill never arrived: it is among them.
      const arrived = new Set(peer.received.map((m) => m.messageId));
      const missing = failed.filter((r) => !arrived.has(`<${r.id}@lanyard>`));
      expect(missing.length).toBeGreaterThanOrEqual(1);

      // The admin retries what did not arrive, as the E-mails view tells them to.
      token = await adminToken(server);
      for (const r of missing) {
        const retried = await call(server, 'POST', `/api/admin/emails/${r.id}/retry`, { token });
        expect(retried.status, retried.text).toBeLessThan(300);
      }
      await waitUntil('the retried messages sent', async () => {
        const s = await states();
        return !s.pending && !s.sending;
      });

      // One row per recipient, none for a decoy; each recipient got exactly one message, nothing twice.
      const { rows: queued } = await database.pool.query<{ id: string; to_address: string }>(
        `select id, to_address from email_outbox where announcement_id = $1`,
        [id],
      );
      expect(queued.map((r) => r.to_address).sort()).toEqual([...recipients].sort());
      const ours = new Set(queued.map((r) => `<${r.id}@lanyard>`));
      const byId = new Map<string, number>();
      const byTo = new Map<string, number>();
      for (const m of peer.received) {
        expect(ours.has(m.messageId), m.messageId).toBe(true);
        byId.set(m.messageId, (byId.get(m.messageId) ?? 0) + 1);
        for (const to of m.to) byTo.set(to, (byTo.get(to) ?? 0) + 1);
      }
      expect([...byId.values()].filter((n) => n !== 1)).toEqual([]);
      expect([...byTo.keys()].sort()).toEqual([...recipients].sort());
      expect([...byTo.values()].filter((n) => n !== 1)).toEqual([]);
      expect(decoys.filter((d) => byTo.has(d))).toEqual([]);

      // The announcement reads sent, to all of them, once.
      const list = await call(server, 'GET', '/api/admin/announcements', { token });
      const shown = (list.body as { announcements: { _id: string; status: string; recipients: number }[] })
        .announcements;
      expect(shown.find((a) => a._id === id)).toMatchObject({ status: 'sent', recipients: RECIPIENTS });
      const { rows: log } = await database.pool.query(
        `select action from audit_log where target_id = $1 and action like 'announcement.%'`,
        [id],
      );
      expect(log.map((r) => r.action)).toEqual(['announcement.schedule']);
    } finally {
      await database.close().catch(() => {});
      await killServer(server).catch(() => {});
    }
  });
});
