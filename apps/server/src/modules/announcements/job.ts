import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { segmentSchema } from '@lanyard/shared/announcements';
import type { AppConfig } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { announcements } from '../../db/schema/index';
import { announcementRenderer } from './render';
import { announcementValues, segmentRecipients, valuesContext, type Recipient } from './segments';

type Row = typeof announcements.$inferSelect;

/** The outbox kind of an announcement's e-mails (and of a test send: ANNOUNCEMENT_TEST_KIND). */
export const ANNOUNCEMENT_KIND = 'announcement';
export const ANNOUNCEMENT_TEST_KIND = 'announcement_test';
/** One key per (announcement, application): however often the job runs, each is queued once. */
export const announcementDedupeKey = (announcementId: string, applicationId: string) =>
  `announcement:${announcementId}:${applicationId}`;

/** Rows per INSERT: each carries its rendered bodies as one array per column (few parameters). */
const BATCH = 1000;

async function insertBatch(
  db: DbOrTx,
  row: Row,
  batch: Recipient[],
  rendered: ReturnType<ReturnType<typeof announcementRenderer>>[],
) {
  const col = <T>(values: T[]) => sql.param(values);
  const res = await db.execute(sql`
    insert into email_outbox (to_address, subject, text_body, html_body, kind, dedupe_key, user_id, announcement_id)
    select u.to_address, u.subject, u.text_body, u.html_body, ${ANNOUNCEMENT_KIND}, u.dedupe_key, u.user_id, ${row.id}::uuid
      from unnest(${col(batch.map((r) => r.email))}::text[], ${col(rendered.map((m) => m.subject))}::text[],
                  ${col(rendered.map((m) => m.text))}::text[], ${col(rendered.map((m) => m.html))}::text[],
                  ${col(batch.map((r) => announcementDedupeKey(row.id, r.id)))}::text[],
                  ${col(batch.map((r) => r.userId))}::uuid[])
        as u(to_address, subject, text_body, html_body, dedupe_key, user_id)
    on conflict do nothing`);
  return res.rowCount ?? 0;
}

/**
 * Evaluates the segment now and queues one e-mail per recipient, then marks the announcement sent,
 * all in the caller's transaction (which holds the announcement's row): it is fully queued or not
 * at all. Answers how many recipients the segment matched.
 */
export async function queueAnnouncement(tx: DbOrTx, config: AppConfig, row: Row, now: Date): Promise<number> {
  const parsed = segmentSchema.safeParse(row.segment);
  if (!parsed.success) {
    // Only a segment stored before the lists' filters changed can fail: stop it, and say why.
    await tx
      .update(announcements)
      .set({
        status: 'cancelled',
        cancelledAt: now,
        note: 'Not sent: its segment uses a filter the lists no longer have. Write it again from the list.',
      })
      .where(eq(announcements.id, row.id));
    return 0;
  }
  const recipients = await segmentRecipients(tx, config, parsed.data);
  const render = announcementRenderer(row, config.event);
  const ctx = await valuesContext(tx, config);
  for (let i = 0; i < recipients.length; i += BATCH) {
    const batch = recipients.slice(i, i + BATCH);
    await insertBatch(
      tx,
      row,
      batch,
      batch.map((r) => render(announcementValues(ctx, r))),
    );
  }
  await tx
    .update(announcements)
    .set({ status: 'sent', sentAt: now, recipientCount: recipients.length })
    .where(eq(announcements.id, row.id));
  return recipients.length;
}

/**
 * Queues the next due announcement, if any: claimed with FOR UPDATE SKIP LOCKED in the transaction
 * that queues its e-mails, so two instances never take the same one, and one that a crash
 * interrupted is still `scheduled` (its inserts rolled back) and is taken again. `onlyId` limits it
 * to one announcement (Send now). Answers whether one was taken.
 */
export async function queueNextDue(
  db: Db,
  config: AppConfig,
  now: Date,
  onlyId?: string,
): Promise<{ id: string; recipients: number } | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(announcements)
      .where(
        and(
          eq(announcements.status, 'scheduled'),
          sql`${announcements.sendAt} <= ${now.toISOString()}::timestamptz`,
          onlyId ? eq(announcements.id, onlyId) : undefined,
        ),
      )
      .orderBy(announcements.sendAt, announcements.id)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return undefined;
    return { id: row.id, recipients: await queueAnnouncement(tx, config, row, now) };
  });
}

/** Queues every announcement due at `now`; answers how many. */
export async function queueDue(db: Db, config: AppConfig, now: Date): Promise<number> {
  let n = 0;
  while (await queueNextDue(db, config, now)) n++;
  return n;
}

export interface AnnouncementWorker {
  /** One pass: queues what is due by the clock. */
  run(): Promise<number>;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

/**
 * Queues scheduled announcements when they are due, on every instance: the claim makes each go
 * once. `now` is the clock (a test passes a fake one). The outbox worker then sends the e-mails.
 */
export function createAnnouncementWorker(opts: {
  db: Db;
  config: AppConfig;
  log: FastifyBaseLogger;
  now?: () => Date;
}): AnnouncementWorker {
  const now = opts.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopping = false;
  const run = () => {
    if (stopping) return Promise.resolve(0);
    running ??= queueDue(opts.db, opts.config, now()).finally(() => {
      running = undefined;
    });
    return running;
  };
  return {
    run,
    start(intervalMs = 5000) {
      timer = setInterval(() => {
        run().catch((err: Error) => opts.log.warn({ err: err.message }, 'announcement job pass failed'));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
