import { and, eq, isNull, not, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client';
import { emailOutbox } from '../../db/schema/index';
import type { RenderedEmail } from './templates';

export const MAX_ATTEMPTS = 8;
/** A message claimed longer ago than this belonged to a process that died while sending it. */
export const STALE_SENDING_MS = 5 * 60_000;
export const INTERRUPTED_ERROR =
  'Interrupted while sending (the server stopped). Not resent automatically, to avoid a duplicate: retry it if it did not arrive.';

/** 30 s, 1 min, 2 min ... capped at one hour. */
export function backoffMs(attempts: number): number {
  return Math.min(3600_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

export interface OutboxWorker {
  /** Sends what is due now (at the configured rate); returns how many were sent. */
  drain(): Promise<number>;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

type OutboxRow = typeof emailOutbox.$inferSelect;

/** Makes the messages whose single-use link must not be stored (docs/decisions/007). */
export interface LinkMailer {
  kinds: readonly string[];
  /**
   * Mints the token and renders the message, just before it is sent; undefined when there is no
   * account to send it to (a reset asked for an unknown address): the row is then deleted.
   */
  render(db: Db, row: OutboxRow): Promise<(RenderedEmail & { to: string }) | undefined>;
  /** Deletes queued reset requests for addresses with no account; answers how many. */
  forgetUnknown(db: Db): Promise<number>;
}

/** How often a running worker looks for messages a dead process left `sending` (STALE_SENDING_MS). */
const RECOVER_EVERY_MS = 15_000;

/** How often a long sending pass also clears requests for unknown addresses. */
const FORGET_EVERY_MS = 2000;

/**
 * Sends due outbox rows over SMTP, one at a time, each claimed in its own short transaction
 * (`sending`, SKIP LOCKED) before it is handed to SMTP. Several instances can share the table
 * without sending a message twice, and a crash leaves at most the one message it was sending
 * marked `sending`; once it is STALE_SENDING_MS old such a row is marked failed for a person to
 * retry, never resent blindly. Without SMTP_URL, messages stay queued and are logged (recipient
 * and subject only).
 */
export function createOutboxWorker(opts: {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
  /** Messages per minute; keeps a release of 5,000 decisions within the provider's limits. */
  ratePerMinute?: number;
  links: LinkMailer;
}): OutboxWorker {
  const { db, log, links } = opts;
  const transport: Transporter | undefined = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : undefined;
  const spacingMs = opts.ratePerMinute ? 60_000 / opts.ratePerMinute : 0;
  const logged = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let recoverTimer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopping = false;
  let lastSentAt = 0;
  /** Ends the wait between two sends early, so stop() never waits out the rate limit. */
  let wake: (() => void) | undefined;

  async function logUnsent(): Promise<number> {
    // Reset requests are resolved even with no SMTP: unknown addresses must not linger.
    await links.forgetUnknown(db);
    const rows = await db
      .select({
        id: emailOutbox.id,
        to: emailOutbox.toAddress,
        subject: emailOutbox.subject,
        kind: emailOutbox.kind,
      })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.status, 'pending'),
          // A reset request not yet tied to an account may name an unknown address: never log it.
          not(and(eq(emailOutbox.kind, 'password_reset'), isNull(emailOutbox.userId))!),
        ),
      )
      .orderBy(emailOutbox.createdAt)
      .limit(50);
    for (const row of rows) {
      if (logged.has(row.id)) continue;
      logged.add(row.id);
      // Bodies may hold personal links (check-in codes): they stay in the database, never in logs.
      log.info(
        { to: row.to, subject: row.subject, kind: row.kind },
        'e-mail kept in the outbox (SMTP_URL is not set)',
      );
    }
    return 0;
  }

  async function claim(): Promise<OutboxRow | undefined> {
    const res = await db.execute<{ id: string }>(sql`
      update email_outbox set status = 'sending', claimed_at = now(), attempts = attempts + 1
      where id = (
        select id from email_outbox
        where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at, created_at
        limit 1
        for update skip locked)
      returning id`);
    const id = res.rows[0]?.id;
    if (!id) return undefined;
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    return row;
  }

  async function sendDue(): Promise<number> {
    let sent = 0;
    let forgotAt = 0;
    while (!stopping) {
      if (Date.now() - forgotAt >= FORGET_EVERY_MS) {
        await links.forgetUnknown(db);
        forgotAt = Date.now();
      }
      if (spacingMs) {
        const wait = lastSentAt + spacingMs - Date.now();
        if (wait > 0) {
          await new Promise<void>((resolve) => {
            const t = setTimeout(resolve, wait);
            wake = () => {
              clearTimeout(t);
              resolve();
            };
          });
          wake = undefined;
          if (stopping) break;
        }
      }
      const row = await claim();
      if (!row) return sent;
      lastSentAt = Date.now();
      try {
        let message = {
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody ?? undefined,
        };
        if (links.kinds.includes(row.kind)) {
          // The link is made here and only sent: the stored row keeps its "withheld" text. A retry
          // makes a fresh one; a token minted for a send that failed was never seen by anyone.
          const made = await links.render(db, row);
          if (!made) {
            await db.delete(emailOutbox).where(eq(emailOutbox.id, row.id));
            continue;
          }
          message = made;
        }
        await transport!.sendMail({ from: opts.from, ...message, messageId: `<${row.id}@lanyard>` });
        await db
          .update(emailOutbox)
          .set({ status: 'sent', sentAt: new Date(), lastError: null })
          .where(eq(emailOutbox.id, row.id));
        sent++;
      } catch (err) {
        const failed = row.attempts >= MAX_ATTEMPTS;
        log.warn(
          { err: (err as Error).message, to: row.toAddress, attempts: row.attempts },
          'e-mail send failed',
        );
        await db
          .update(emailOutbox)
          .set({
            status: failed ? 'failed' : 'pending',
            lastError: (err as Error).message.slice(0, 1000),
            nextAttemptAt: new Date(Date.now() + backoffMs(row.attempts)),
          })
          .where(eq(emailOutbox.id, row.id));
      }
    }
    return sent;
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
      const recover = () =>
        recoverInterrupted(db)
          .then((n) => {
            if (n)
              log.warn(
                `${n} e-mail(s) were interrupted mid-send by a stop; marked failed for a manual retry.`,
              );
          })
          .catch(() => {});
      void recover();
      // Not only at start: a crash restarted within STALE_SENDING_MS would otherwise leave its
      // message `sending` for good, neither sent nor offered for a retry.
      recoverTimer = setInterval(() => void recover(), RECOVER_EVERY_MS);
      recoverTimer.unref();
      timer = setInterval(() => {
        drain().catch((err) => log.warn({ err: (err as Error).message }, 'outbox worker pass failed'));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      stopping = true;
      wake?.();
      if (timer) clearInterval(timer);
      if (recoverTimer) clearInterval(recoverTimer);
      await running?.catch(() => {});
      transport?.close();
    },
  };
}

/** Rows a dead process left in `sending`: their fate is unknown, so a person decides. */
export async function recoverInterrupted(db: Db, olderThanMs = STALE_SENDING_MS): Promise<number> {
  const res = await db.execute(sql`
    update email_outbox set status = 'failed', last_error = ${INTERRUPTED_ERROR}
    where status = 'sending' and claimed_at < now() - make_interval(secs => ${olderThanMs / 1000})`);
  return res.rowCount ?? 0;
}

export async function pendingCount(db: Db): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(emailOutbox)
    .where(eq(emailOutbox.status, 'pending'));
  return rows[0]?.n ?? 0;
}
