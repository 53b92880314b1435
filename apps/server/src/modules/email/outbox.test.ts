import type net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { enqueueEmail } from './outbox';
import { createLinkMailer } from '../auth/link-mail';
import { backoffMs, createOutboxWorker, pendingCount } from './worker';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.database.pool.query('delete from email_outbox');
});

interface Received {
  from: string | undefined;
  to: string[];
  data: string;
}

/** A real SMTP peer on 127.0.0.1; `refuse` makes it answer every message with an error. */
async function startSmtp(opts: { refuse?: boolean } = {}) {
  const received: Received[] = [];
  const options: SMTPServerOptions = {
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (opts.refuse) return cb(new Error('nope'));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        cb();
      });
    },
  };
  const server = new SMTPServer(options);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function stubLog() {
  const calls: { level: string; args: unknown[] }[] = [];
  const at =
    (level: string) =>
    (...args: unknown[]) => {
      calls.push({ level, args });
    };
  const log = {
    level: 'info',
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    debug: at('debug'),
    trace: at('trace'),
    fatal: at('fatal'),
    silent: () => {},
    child: () => log,
  };
  return { log: log as unknown as FastifyBaseLogger, calls };
}

async function rows() {
  const { rows } = await ctx.database.pool.query<{
    to_address: string;
    status: string;
    attempts: number;
    last_error: string | null;
    next_attempt_at: Date;
    sent_at: Date | null;
  }>(
    'select to_address, status, attempts, last_error, next_attempt_at, sent_at from email_outbox order by created_at',
  );
  return rows;
}

async function queue(to: string, extra: { dedupeKey?: string; subject?: string } = {}) {
  await enqueueEmail(ctx.database.db, {
    to,
    kind: 'test',
    subject: extra.subject ?? `Hello ${to}`,
    text: 'Plain body with a link: https://example.org/x?token=SECRET-TOKEN-123',
    html: '<p>HTML body</p>',
    ...(extra.dedupeKey ? { dedupeKey: extra.dedupeKey } : {}),
  });
  // The row is due from the database's now() (microseconds); the worker compares with Date
  // (milliseconds): let the clock pass the insert, as it always has by the worker's next pass.
  await new Promise((r) => setTimeout(r, 3));
}

describe('outbox worker with a real SMTP peer', () => {
  it('delivers due messages and marks them sent', async () => {
    const smtp = await startSmtp();
    const { log } = stubLog();
    const worker = createOutboxWorker({
      db: ctx.database.db,
      smtpUrl: smtp.url,
      from: 'Test <t@example.org>',
      log,
      links: createLinkMailer(ctx.config),
    });
    try {
      await queue('ada@example.org', { subject: 'Your application' });
      await queue('grace@example.org');
      expect(await worker.drain()).toBe(2);

      expect(smtp.received).toHaveLength(2);
      const ada = smtp.received.find((m) => m.to.includes('ada@example.org'))!;
      expect(ada.from).toBe('t@example.org');
      expect(ada.data).toMatch(/^Subject: Your application\r?$/m);
      expect(ada.data).toMatch(/^To: ada@example.org\r?$/m);
      expect(ada.data).toMatch(/^From: Test <t@example.org>\r?$/m);
      expect(ada.data).toContain('Plain body');

      const all = await rows();
      expect(all.map((r) => r.status)).toEqual(['sent', 'sent']);
      expect(all.every((r) => r.attempts === 1 && r.sent_at !== null)).toBe(true);
      expect(await pendingCount(ctx.database.db)).toBe(0);

      // Nothing is sent twice.
      expect(await worker.drain()).toBe(0);
      expect(smtp.received).toHaveLength(2);
    } finally {
      await worker.stop();
      await smtp.close();
    }
  });

  it('keeps a refused message pending with the error and a backoff', async () => {
    const smtp = await startSmtp({ refuse: true });
    const { log, calls } = stubLog();
    const worker = createOutboxWorker({
      db: ctx.database.db,
      smtpUrl: smtp.url,
      from: 't@example.org',
      log,
      links: createLinkMailer(ctx.config),
    });
    try {
      await queue('refused@example.org');
      const before = Date.now();
      expect(await worker.drain()).toBe(0);
      const [row] = await rows();
      expect(row).toMatchObject({ status: 'pending', attempts: 1, sent_at: null });
      expect(row!.last_error).toMatch(/nope/);
      expect(row!.next_attempt_at.getTime()).toBeGreaterThanOrEqual(before + backoffMs(1) - 1000);
      expect(calls.some((c) => c.level === 'warn')).toBe(true);
      // Not due yet: the next pass leaves it alone.
      expect(await worker.drain()).toBe(0);
      expect((await rows())[0]!.attempts).toBe(1);
    } finally {
      await worker.stop();
      await smtp.close();
    }
  });

  it('keeps the message pending when the SMTP server is down, and sends it once it is back', async () => {
    const smtp = await startSmtp();
    const url = smtp.url;
    await smtp.close();
    const { log } = stubLog();
    const worker = createOutboxWorker({
      db: ctx.database.db,
      smtpUrl: url,
      from: 't@example.org',
      log,
      links: createLinkMailer(ctx.config),
    });
    try {
      await queue('later@example.org');
      const before = Date.now();
      expect(await worker.drain()).toBe(0);
      const [row] = await rows();
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row!.last_error).toBeTruthy();
      expect(row!.next_attempt_at.getTime()).toBeGreaterThan(before + 20_000);
    } finally {
      await worker.stop();
    }

    // Due again (as after the backoff), with a working peer: it goes out.
    await ctx.database.pool.query(`update email_outbox set next_attempt_at = now() - interval '1 second'`);
    const peer = await startSmtp();
    const second = createOutboxWorker({
      db: ctx.database.db,
      smtpUrl: peer.url,
      from: 't@example.org',
      log,
      links: createLinkMailer(ctx.config),
    });
    try {
      expect(await second.drain()).toBe(1);
      expect(peer.received.map((m) => m.to)).toEqual([['later@example.org']]);
      expect(await rows()).toMatchObject([{ status: 'sent', attempts: 2 }]);
    } finally {
      await second.stop();
      await peer.close();
    }
  });

  it('backs off exponentially, capped at one hour', () => {
    expect(backoffMs(1)).toBe(30_000);
    expect(backoffMs(2)).toBe(60_000);
    expect(backoffMs(3)).toBe(120_000);
    expect(backoffMs(20)).toBe(3600_000);
  });
});

describe('enqueueEmail', () => {
  it('stores one row for a repeated dedupeKey', async () => {
    await queue('dup@example.org', { dedupeKey: 'decision:abc:accepted' });
    await queue('dup@example.org', { dedupeKey: 'decision:abc:accepted' });
    await queue('dup@example.org', { dedupeKey: 'decision:abc:rejected' });
    await queue('dup@example.org');
    await queue('dup@example.org');
    expect(await rows()).toHaveLength(4);
  });
});

describe('without SMTP_URL', () => {
  it('drain leaves messages pending and logs them without their bodies', async () => {
    const { log, calls } = stubLog();
    const worker = createOutboxWorker({
      db: ctx.database.db,
      smtpUrl: undefined,
      from: 't@example.org',
      log,
      links: createLinkMailer(ctx.config),
    });
    try {
      await queue('kept@example.org');
      expect(await worker.drain()).toBe(0);
      expect(await rows()).toMatchObject([{ status: 'pending', attempts: 0, sent_at: null }]);
      expect(await pendingCount(ctx.database.db)).toBe(1);
      const logged = JSON.stringify(calls);
      expect(logged).toContain('kept@example.org');
      expect(logged).not.toContain('SECRET-TOKEN-123');
      // Logged once, not at every pass.
      await worker.drain();
      expect(calls.filter((c) => JSON.stringify(c).includes('kept@example.org'))).toHaveLength(1);
    } finally {
      await worker.stop();
    }
  });
});
