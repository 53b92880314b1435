import crypto from 'node:crypto';
import type { HTTPMethods } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxListResponseSchema } from '@lanyard/shared/email';
import { asUser, auditRows, seedApplication } from '../../../test/admin';
import { setSettings } from '../../../test/applicant';
import { bearer, createAdmin, createTestContext, type TestContext } from '../../../test/helper';
import { recordingLog, REFUSAL, startSmtpPeer, type SmtpPeer } from '../../../test/smtp';
import { createLinkMailer } from '../auth/link-mail';
import {
  backoffMs,
  createOutboxWorker,
  INTERRUPTED_ERROR,
  MAX_ATTEMPTS,
  recoverInterrupted,
  type OutboxWorker,
} from './worker';

let ctx: TestContext;
let peer: SmtpPeer | undefined;
const workers: OutboxWorker[] = [];

beforeAll(async () => {
  // SMTP_URL only feeds `smtp_configured` here: each test starts its own worker against its own peer.
  ctx = await createTestContext({ SMTP_URL: 'smtp://127.0.0.1:2525' });
  await setSettings(ctx);
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.database.pool.query('delete from email_outbox');
});
afterEach(async () => {
  for (const w of workers.splice(0)) await w.stop();
  await peer?.close();
  peer = undefined;
});

async function startPeer(opts: { refuse?: boolean } = {}): Promise<SmtpPeer> {
  peer = await startSmtpPeer(opts);
  return peer;
}

function worker(ratePerMinute?: number): OutboxWorker {
  const w = createOutboxWorker({
    db: ctx.database.db,
    smtpUrl: peer!.url,
    from: 'Lanyard Test <no-reply@example.org>',
    log: recordingLog().log,
    links: createLinkMailer(ctx.config),
    ...(ratePerMinute ? { ratePerMinute } : {}),
  });
  workers.push(w);
  return w;
}

interface Row {
  id: string;
  to_address: string;
  status: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date;
  claimed_at: Date | null;
  sent_at: Date | null;
}

async function rows(): Promise<Row[]> {
  const { rows } = await ctx.database.pool.query<Row>(
    `select id, to_address, status, attempts, last_error, next_attempt_at, claimed_at, sent_at
       from email_outbox order by created_at, id`,
  );
  return rows;
}

async function row(id: string): Promise<Row> {
  return (await rows()).find((r) => r.id === id)!;
}

let seq = 0;
/** Queues a due message directly (the way the outbox stores them); answers its id. */
async function queue(
  extra: { to?: string; kind?: string; status?: string; claimedSecondsAgo?: number; attempts?: number } = {},
): Promise<string> {
  seq += 1;
  const to = extra.to ?? `rcpt${seq}@example.org`;
  const { rows } = await ctx.database.pool.query<{ id: string }>(
    `insert into email_outbox (to_address, subject, text_body, html_body, kind, status, attempts, claimed_at,
         next_attempt_at, created_at)
       values ($1, $2, $3, $4, $5, $6::outbox_status, $7,
         case when $8::int is null then null else now() - make_interval(secs => $8::int) end,
         now() - interval '1 second', clock_timestamp())
       returning id`,
    [
      to,
      `Message ${seq} for ${to}`,
      `Plain text ${seq}`,
      `<p>HTML ${seq}</p>`,
      extra.kind ?? 'test',
      extra.status ?? 'pending',
      extra.attempts ?? 0,
      extra.claimedSecondsAgo ?? null,
    ],
  );
  return rows[0]!.id;
}

const messageId = (id: string) => `<${id}@lanyard>`;

/** Every id arrived exactly once at the peer, and nothing else did. */
function expectDeliveredOnce(ids: string[]): void {
  const counts = peer!.countsById();
  expect(Object.fromEntries(counts)).toEqual(Object.fromEntries(ids.map((id) => [messageId(id), 1])));
}

const makeDue = () =>
  ctx.database.pool.query(`update email_outbox set next_attempt_at = now() - interval '1 second'`);

describe('delivery over SMTP', () => {
  it('sends three queued messages, each exactly once, and marks them sent', async () => {
    await startPeer();
    const ids = [await queue(), await queue(), await queue()];
    const w = worker();
    expect(await w.drain()).toBe(3);
    expect(peer!.received).toHaveLength(3);
    expectDeliveredOnce(ids);
    for (const r of await rows()) {
      expect(r).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
      expect(r.sent_at).toBeInstanceOf(Date);
      const mail = peer!.received.find((m) => m.messageId === messageId(r.id))!;
      expect(mail.to).toEqual([r.to_address]);
      expect(mail.from).toBe('no-reply@example.org');
      expect(mail.subject).toBe(`Message ${r.to_address.replace(/\D/g, '')} for ${r.to_address}`);
      expect(mail.data).toMatch(/Content-Type: text\/plain/i);
      expect(mail.data).toMatch(/Content-Type: text\/html/i);
    }
    // A second pass and a second worker find nothing to send.
    expect(await w.drain()).toBe(0);
    expect(await worker().drain()).toBe(0);
    expect(peer!.received).toHaveLength(3);
  });

  it('a refusing server leaves messages queued with attempts, the error and a growing backoff; later they go out', async () => {
    await startPeer({ refuse: true });
    const ids = [await queue(), await queue()];
    const w = worker();
    const before = Date.now();
    expect(await w.drain()).toBe(0);
    const after = Date.now();
    expect(peer!.refused).toBe(2);
    for (const r of await rows()) {
      expect(r).toMatchObject({ status: 'pending', attempts: 1, sent_at: null });
      expect(r.last_error).toContain(REFUSAL);
      expect(r.next_attempt_at.getTime()).toBeGreaterThanOrEqual(before + backoffMs(1) - 1000);
      expect(r.next_attempt_at.getTime()).toBeLessThanOrEqual(after + backoffMs(1) + 1000);
    }
    // Not due yet: untouched.
    expect(await w.drain()).toBe(0);
    expect(peer!.refused).toBe(2);
    expect((await rows()).map((r) => r.attempts)).toEqual([1, 1]);

    // The backoff passes, the server still refuses: the wait doubles.
    await makeDue();
    const second = Date.now();
    expect(await w.drain()).toBe(0);
    for (const r of await rows()) {
      expect(r).toMatchObject({ status: 'pending', attempts: 2 });
      expect(r.next_attempt_at.getTime()).toBeGreaterThanOrEqual(second + backoffMs(2) - 1000);
    }

    // The server accepts again: both go out once.
    peer!.refuse = false;
    await makeDue();
    expect(await w.drain()).toBe(2);
    expectDeliveredOnce(ids);
    for (const r of await rows()) expect(r).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
  });

  it('gives up (failed) after the last attempt', async () => {
    await startPeer({ refuse: true });
    const id = await queue({ attempts: MAX_ATTEMPTS - 1 });
    expect(await worker().drain()).toBe(0);
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect((await row(id)).last_error).toContain(REFUSAL);
    await makeDue();
    expect(await worker().drain()).toBe(0);
    expect(peer!.refused).toBe(1);
  });

  it('ratePerMinute spaces the sends (600/min: about 100 ms apart)', async () => {
    await startPeer();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await queue());
    const started = Date.now();
    expect(await worker(600).drain()).toBe(5);
    expectDeliveredOnce(ids);
    const times = peer!.received.map((m) => m.at);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(80);
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(4 * 90);
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});

describe('restarts', () => {
  it('recoverInterrupted fails only messages claimed long ago; no worker sends them', async () => {
    await startPeer();
    const old = await queue({ status: 'sending', claimedSecondsAgo: 600, attempts: 1 });
    const recent = await queue({ status: 'sending', claimedSecondsAgo: 10, attempts: 1 });
    const pending = await queue();

    expect(await recoverInterrupted(ctx.database.db)).toBe(1);
    expect(await row(old)).toMatchObject({ status: 'failed', last_error: INTERRUPTED_ERROR, attempts: 1 });
    expect(await row(recent)).toMatchObject({ status: 'sending', last_error: null });
    expect(await row(pending)).toMatchObject({ status: 'pending' });
    expect(await recoverInterrupted(ctx.database.db)).toBe(0);

    expect(await worker().drain()).toBe(1);
    expectDeliveredOnce([pending]);
    expect(await row(old)).toMatchObject({ status: 'failed' });
    expect(await row(recent)).toMatchObject({ status: 'sending' });
  });

  it('a started worker recovers on its own and then sends what is queued', async () => {
    await startPeer();
    const old = await queue({ status: 'sending', claimedSecondsAgo: 900, attempts: 1 });
    const recent = await queue({ status: 'sending', claimedSecondsAgo: 10, attempts: 1 });
    const pending = [await queue(), await queue()];
    const w = worker();
    w.start(50);
    await peer!.waitFor(2);
    const until = Date.now() + 10_000;
    while ((await row(old)).status !== 'failed' && Date.now() < until)
      await new Promise((r) => setTimeout(r, 20));
    await w.stop();
    expect(await row(old)).toMatchObject({ status: 'failed', last_error: INTERRUPTED_ERROR });
    expect(await row(recent)).toMatchObject({ status: 'sending' });
    expectDeliveredOnce(pending);
  });

  it('a worker stopped mid-batch leaves nothing half-sent; a new one sends the rest, each once', async () => {
    await startPeer();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await queue());
    const first = worker(600);
    const pass = first.drain();
    await peer!.waitFor(2);
    await first.stop();
    const sentByFirst = await pass;
    expect(sentByFirst).toBeGreaterThanOrEqual(2);
    expect(sentByFirst).toBeLessThan(6);
    expect(peer!.received).toHaveLength(sentByFirst);
    const states = await rows();
    expect(states.filter((r) => r.status === 'sending')).toEqual([]);
    expect(states.filter((r) => r.status === 'sent')).toHaveLength(sentByFirst);
    // A stopped worker does no more.
    expect(await first.drain()).toBe(0);

    const second = worker();
    expect(await second.drain()).toBe(6 - sentByFirst);
    expectDeliveredOnce(ids);
    expect((await rows()).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('stop() does not wait out the rate limit, and sends nothing more', async () => {
    await startPeer();
    const ids = [await queue(), await queue()];
    const w = worker(1); // one a minute
    const pass = w.drain();
    await peer!.waitFor(1);
    const t0 = Date.now();
    await w.stop();
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(await pass).toBe(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(peer!.received).toHaveLength(1);
    const states = await rows();
    expect(states.filter((r) => r.status === 'sent')).toHaveLength(1);
    expect(states.filter((r) => r.status === 'pending' && r.attempts === 0)).toHaveLength(1);
    expect(ids).toContain(states.find((r) => r.status === 'pending')!.id);
  });

  it('two workers draining together send each message once', async () => {
    await startPeer();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await queue());
    const [a, b] = await Promise.all([worker().drain(), worker().drain()]);
    expect(a + b).toBe(12);
    expectDeliveredOnce(ids);
  });
});

describe('decision e-mails end to end', () => {
  it('a release goes out over SMTP with the escaped HTML part', async () => {
    await startPeer();
    const admin = await createAdmin(ctx);
    const tagged = await seedApplication(ctx, { status: 'accepted', firstName: "O'Brien" });
    const plain = await seedApplication(ctx, { status: 'rejected', firstName: 'Rita' });
    await setSettings(ctx);
    const res = await asUser(ctx, admin.token)('POST', '/api/admin/decisions/release', { role: 'hacker' });
    expect(res.statusCode).toBe(200);
    expect(await worker().drain()).toBe(2);
    const decode = (qp: string) =>
      qp
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    const toTagged = peer!.received.find((m) => m.to.includes(tagged.email))!;
    expect(toTagged.subject).toBe("You're in! Welcome to Riverside Hacks XXVI");
    const body = decode(toTagged.data);
    expect(body).toContain("Hi O'Brien,");
    expect(body).toContain('<p>Hi O&#39;Brien,</p>');
    const toPlain = peer!.received.find((m) => m.to.includes(plain.email))!;
    expect(toPlain.subject).toBe('Your Riverside Hacks XXVI application');
    expect(decode(toPlain.data)).toContain('Hi Rita,');
    await setSettings(ctx);
  });
});

describe('admin e-mail view', () => {
  let admin: { token: string; email: string };
  let call: ReturnType<typeof asUser>;
  beforeAll(async () => {
    admin = await createAdmin(ctx);
    call = asUser(ctx, admin.token);
  });

  async function seedMix() {
    const queued = [
      await queue({ to: 'ada@example.org', kind: 'decision_accepted' }),
      await queue({ to: 'bob@example.org', kind: 'test' }),
    ];
    const sent: string[] = [];
    for (const to of ['carol@example.org', 'dan@example.org', 'erin@example.org'])
      sent.push(await queue({ to, kind: 'decision_rejected' }));
    await ctx.database.pool.query(
      `update email_outbox set status = 'sent', attempts = 1, sent_at = now() where id = any($1::uuid[])`,
      [sent],
    );
    const failed = await queue({
      to: 'frank@example.org',
      kind: 'decision_accepted',
      attempts: MAX_ATTEMPTS,
    });
    await ctx.database.pool.query(
      `update email_outbox set status = 'failed', last_error = 'boom' where id = $1`,
      [failed],
    );
    const sending = await queue({
      to: 'gina@example.org',
      status: 'sending',
      claimedSecondsAgo: 5,
      attempts: 1,
    });
    return { queued, sent, failed, sending };
  }

  async function listEmails(query = '') {
    const res = await call('GET', `/api/admin/emails${query ? `?${query}` : ''}`);
    expect(res.statusCode).toBe(200);
    return outboxListResponseSchema.parse(res.json());
  }

  it('lists messages with their status and counts, newest first, with filters and pages', async () => {
    const mix = await seedMix();
    const all = await listEmails();
    expect(all.total).toBe(7);
    expect(all.smtp_configured).toBe(true);
    expect(all.counts).toEqual({ queued: 2, sent: 3, failed: 1, sending: 1 });
    expect(all.emails.map((e) => e._id)).toEqual(
      [...mix.queued, ...mix.sent, mix.failed, mix.sending].reverse(),
    );
    const frank = all.emails.find((e) => e._id === mix.failed)!;
    expect(frank).toMatchObject({
      to: 'frank@example.org',
      kind: 'decision_accepted',
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      last_error: 'boom',
      sent_at: null,
    });
    const carol = all.emails.find((e) => e.to === 'carol@example.org')!;
    expect(carol).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(carol.sent_at).not.toBeNull();
    expect(all.emails.find((e) => e.to === 'ada@example.org')).toMatchObject({
      status: 'queued',
      attempts: 0,
    });

    expect((await listEmails('status=queued')).emails.map((e) => e._id).sort()).toEqual(
      [...mix.queued].sort(),
    );
    expect((await listEmails('status=failed')).emails.map((e) => e._id)).toEqual([mix.failed]);
    expect((await listEmails('status=sending')).emails.map((e) => e._id)).toEqual([mix.sending]);
    const sentOnly = await listEmails('status=sent');
    expect(sentOnly.total).toBe(3);
    // The counts are always those of the whole outbox.
    expect(sentOnly.counts).toEqual(all.counts);
    expect((await listEmails('kind=decision_accepted')).emails.map((e) => e.to).sort()).toEqual([
      'ada@example.org',
      'frank@example.org',
    ]);
    expect((await listEmails('search=CAROL')).emails.map((e) => e._id)).toEqual([mix.sent[0]]);
    expect((await listEmails('search=%25')).total).toBe(0);
    const page2 = await listEmails('limit=3&page=2');
    expect(page2.total).toBe(7);
    expect(page2.emails.map((e) => e._id)).toEqual(all.emails.slice(3, 6).map((e) => e._id));

    for (const bad of ['status=pending', 'limit=0', 'limit=201', 'page=0', 'foo=1']) {
      const res = await call('GET', `/api/admin/emails?${bad}`);
      expect({ bad, status: res.statusCode }).toEqual({ bad, status: 400 });
    }
  });

  it('retry works only for failed messages; the retried one is then sent once', async () => {
    const mix = await seedMix();
    for (const id of [mix.queued[0]!, mix.sent[0]!, mix.sending, crypto.randomUUID()]) {
      const res = await call('POST', `/api/admin/emails/${id}/retry`);
      expect({ id, status: res.statusCode, code: res.json().code }).toEqual({
        id,
        status: 409,
        code: 'not_failed',
      });
    }
    expect((await call('POST', '/api/admin/emails/not-a-uuid/retry')).statusCode).toBe(400);
    expect(await auditRows(ctx, 'email')).toEqual([]);

    const res = await call('POST', `/api/admin/emails/${mix.failed}/retry`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await row(mix.failed)).toMatchObject({ status: 'pending', last_error: null });
    expect(await auditRows(ctx, 'email', mix.failed)).toEqual([
      {
        actor_email: admin.email,
        action: 'email.retry',
        target_type: 'email',
        target_id: mix.failed,
        before: null,
        after: null,
      },
    ]);
    // Retrying twice before it is sent: the second is refused.
    expect((await call('POST', `/api/admin/emails/${mix.failed}/retry`)).statusCode).toBe(409);

    await startPeer();
    const w = worker();
    expect(await w.drain()).toBe(3);
    expectDeliveredOnce([...mix.queued, mix.failed]);
    expect(await w.drain()).toBe(0);
    const listed = await listEmails();
    expect(listed.counts).toEqual({ sent: 6, sending: 1 });
    expect(listed.emails.find((e) => e._id === mix.failed)).toMatchObject({
      status: 'sent',
      last_error: null,
    });
    // Sent now: no more retries.
    expect((await call('POST', `/api/admin/emails/${mix.failed}/retry`)).statusCode).toBe(409);
  });

  it('an interrupted message can be retried by a person, and then goes out once', async () => {
    const old = await queue({ status: 'sending', claimedSecondsAgo: 600, attempts: 1 });
    expect(await recoverInterrupted(ctx.database.db)).toBe(1);
    const listed = await listEmails('status=failed');
    expect(listed.emails).toMatchObject([{ _id: old, last_error: INTERRUPTED_ERROR }]);
    expect((await call('POST', `/api/admin/emails/${old}/retry`)).statusCode).toBe(200);
    await startPeer();
    expect(await worker().drain()).toBe(1);
    expectDeliveredOnce([old]);
    expect(await row(old)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('is for admins only', async () => {
    const id = await queue();
    await ctx.database.pool.query(`update email_outbox set status = 'failed' where id = $1`, [id]);
    const applicant = await seedApplication(ctx, { status: 'pending' }, { sessions: true });
    const routes: [HTTPMethods, string][] = [
      ['GET', '/api/admin/emails'],
      ['POST', `/api/admin/emails/${id}/retry`],
    ];
    for (const [method, url] of routes) {
      const anon = await ctx.app.inject({ method, url });
      expect({ url, status: anon.statusCode }).toEqual({ url, status: 401 });
      const asApplicant = await ctx.app.inject({ method, url, headers: bearer(applicant.token!) });
      expect({ url, status: asApplicant.statusCode }).toEqual({ url, status: 403 });
    }
    expect(await row(id)).toMatchObject({ status: 'failed' });
  });
});
