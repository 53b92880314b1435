import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client';
import { emailOutbox } from '../../db/schema/index';

export const MAX_ATTEMPTS = 8;

/** 30 s, 1 min, 2 min ... capped at one hour. */
export function backoffMs(attempts: number): number {
  return Math.min(3600_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

export interface OutboxWorker {
  /** Sends what is due now; returns how many were sent. */
  drain(): Promise<number>;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

/**
 * Sends due outbox rows over SMTP. Rows are claimed with SKIP LOCKED, so several server
 * instances can run workers on one database without sending a message twice.
 * Without SMTP_URL, messages stay in the outbox (pending) and are logged once, so nothing is lost.
 */
export function createOutboxWorker(opts: {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}): OutboxWorker {
  const { db, log } = opts;
  const transport: Transporter | undefined = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : undefined;
  const logged = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function logUnsent(): Promise<number> {
    const rows = await db
      .select({
        id: emailOutbox.id,
        to: emailOutbox.toAddress,
        subject: emailOutbox.subject,
        kind: emailOutbox.kind,
      })
      .from(emailOutbox)
      .where(eq(emailOutbox.status, 'pending'))
      .orderBy(asc(emailOutbox.createdAt))
      .limit(50);
    for (const row of rows) {
      if (logged.has(row.id)) continue;
      logged.add(row.id);
      // Bodies hold single-use links: they stay in the database, never in logs.
      log.info(
        { to: row.to, subject: row.subject, kind: row.kind },
        'e-mail kept in the outbox (SMTP_URL is not set)',
      );
    }
    return 0;
  }

  async function sendDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const claimed = await db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(emailOutbox)
          .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, sql`now()`)))
          .orderBy(asc(emailOutbox.nextAttemptAt))
          .limit(1)
          .for('update', { skipLocked: true });
        const row = rows[0];
        if (!row) return false;
        try {
          await transport!.sendMail({
            from: opts.from,
            to: row.toAddress,
            subject: row.subject,
            text: row.textBody,
            html: row.htmlBody ?? undefined,
          });
          await tx
            .update(emailOutbox)
            .set({ status: 'sent', sentAt: new Date(), attempts: row.attempts + 1 })
            .where(eq(emailOutbox.id, row.id));
          sent++;
        } catch (err) {
          const attempts = row.attempts + 1;
          const failed = attempts >= MAX_ATTEMPTS;
          log.warn({ err: (err as Error).message, to: row.toAddress, attempts }, 'e-mail send failed');
          await tx
            .update(emailOutbox)
            .set({
              attempts,
              status: failed ? 'failed' : 'pending',
              lastError: (err as Error).message.slice(0, 1000),
              nextAttemptAt: new Date(Date.now() + backoffMs(attempts)),
            })
            .where(eq(emailOutbox.id, row.id));
        }
        return true;
      });
      if (!claimed) return sent;
    }
  }

  const drain = (): Promise<number> => {
    running ??= (transport ? sendDue() : logUnsent()).finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    drain,
    start(intervalMs = 2000) {
      timer = setInterval(() => {
        drain().catch((err) => log.warn({ err: (err as Error).message }, 'outbox worker pass failed'));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running?.catch(() => {});
      transport?.close();
    },
  };
}

export async function pendingCount(db: Db): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(emailOutbox)
    .where(eq(emailOutbox.status, 'pending'));
  return rows[0]?.n ?? 0;
}
