import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ANNOUNCEMENT_MAX_SCHEDULE_DAYS,
  segmentSummary,
  type Announcement,
  type AnnouncementPreview,
  type announcementPreviewBodySchema,
  type announcementsQuerySchema,
  type createAnnouncementBodySchema,
  type ReceivedAnnouncements,
} from '@lanyard/shared/announcements';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { announcements, applications, emailOutbox } from '../../db/schema/index';
import { errors } from '../../errors';
import { audit, type AuditActor } from '../../lib/audit';
import { enqueueEmail } from '../email/outbox';
import { ANNOUNCEMENT_KIND, ANNOUNCEMENT_TEST_KIND, queueAnnouncement } from './job';
import { renderAnnouncement } from './render';
import { announcementValues, segmentSample, valuesContext } from './segments';

type Row = typeof announcements.$inferSelect;
type Counts = { delivered: number; failed: number; queued: number };

/** Scheduled until sent; sent but with e-mails still in the outbox reads "sending". */
function toAnnouncement(row: Row, c: Counts): Announcement {
  const status = row.status === 'sent' && c.queued > 0 ? 'sending' : row.status;
  return {
    _id: row.id,
    subject: row.subject,
    body: row.body,
    segment: row.segment as Announcement['segment'],
    segment_summary: row.segmentSummary,
    status,
    created_by: row.createdByEmail,
    created_at: row.createdAt.toISOString(),
    send_at: row.sendAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
    cancelled_by: row.cancelledByEmail,
    note: row.note,
    recipients: row.recipientCount,
    ...c,
  };
}

/** Delivered, failed and still queued e-mails of each announcement, from its outbox rows. */
async function outboxCounts(db: Db, ids: string[]): Promise<Map<string, Counts>> {
  const out = new Map<string, Counts>();
  if (!ids.length) return out;
  const rows = await db
    .select({
      id: emailOutbox.announcementId,
      delivered: sql<number>`count(*) filter (where ${emailOutbox.status} = 'sent')::int`,
      failed: sql<number>`count(*) filter (where ${emailOutbox.status} = 'failed')::int`,
      queued: sql<number>`count(*) filter (where ${emailOutbox.status} in ('pending', 'sending'))::int`,
    })
    .from(emailOutbox)
    .where(sql`${emailOutbox.announcementId} = any(${sql.param(ids)}::uuid[])`)
    .groupBy(emailOutbox.announcementId);
  for (const r of rows) out.set(r.id!, { delivered: r.delivered, failed: r.failed, queued: r.queued });
  return out;
}

const NO_MAIL: Counts = { delivered: 0, failed: 0, queued: 0 };

async function withCounts(db: Db, rows: Row[]): Promise<Announcement[]> {
  const counts = await outboxCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toAnnouncement(r, counts.get(r.id) ?? NO_MAIL));
}

/** Newest first. */
export async function listAnnouncements(db: Db, q: z.output<typeof announcementsQuerySchema>) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(announcements)
      .orderBy(desc(announcements.createdAt), desc(announcements.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(announcements),
  ]);
  const n = total?.n ?? 0;
  return {
    announcements: await withCounts(db, rows),
    total: n,
    page: q.page,
    pages: Math.max(1, Math.ceil(n / q.limit)),
  };
}

async function getAnnouncement(db: Db, id: string): Promise<Announcement> {
  const [row] = await db.select().from(announcements).where(eq(announcements.id, id));
  if (!row) throw errors.notFound('Announcement not found.');
  return (await withCounts(db, [row]))[0]!;
}

/**
 * Records an announcement. Without send_at it goes now: queued in the same transaction that
 * records it (the job's own function), so the answer already counts its recipients. With send_at
 * (in the future, within a year) it waits for the sending job.
 */
export async function createAnnouncement(
  db: Db,
  config: AppConfig,
  actor: AuditActor,
  body: z.output<typeof createAnnouncementBodySchema>,
  now = new Date(),
): Promise<Announcement> {
  const sendAt = body.send_at ? new Date(body.send_at) : null;
  if (sendAt && sendAt.getTime() <= now.getTime()) {
    throw errors.badRequest('send_at: Choose a time in the future, or send it now.', 'validation_error');
  }
  if (sendAt && sendAt.getTime() > now.getTime() + ANNOUNCEMENT_MAX_SCHEDULE_DAYS * 86_400_000) {
    throw errors.badRequest('send_at: Choose a time within the next year.', 'validation_error');
  }
  const summary = segmentSummary(body.segment);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(announcements)
      .values({
        subject: body.subject,
        body: body.body,
        segment: body.segment,
        segmentSummary: summary,
        createdBy: actor.id,
        createdByEmail: actor.email,
        createdAt: now,
        sendAt: sendAt ?? now,
      })
      .returning();
    const recipients = sendAt ? null : await queueAnnouncement(tx, config, row!, now);
    await audit(tx, actor, {
      action: sendAt ? 'announcement.schedule' : 'announcement.send',
      targetType: 'announcement',
      targetId: row!.id,
      after: {
        subject: body.subject,
        segment: body.segment,
        segment_summary: summary,
        send_at: (sendAt ?? now).toISOString(),
        ...(recipients === null ? {} : { recipients }),
      },
    });
    return row!.id;
  });
  return getAnnouncement(db, id);
}

/** Stops a scheduled announcement; one already sent (or being sent right now) cannot be. */
export async function cancelAnnouncement(db: Db, actor: AuditActor, id: string, now = new Date()) {
  await db.transaction(async (tx) => {
    // Waits for a sending job holding the row, then sees it sent: never half cancelled.
    const [row] = await tx.select().from(announcements).where(eq(announcements.id, id)).for('update');
    if (!row) throw errors.notFound('Announcement not found.');
    if (row.status !== 'scheduled') {
      throw errors.conflict(
        row.status === 'sent'
          ? 'This announcement has already been sent, so it cannot be cancelled.'
          : 'This announcement is already cancelled.',
        'not_scheduled',
      );
    }
    await tx
      .update(announcements)
      .set({ status: 'cancelled', cancelledAt: now, cancelledByEmail: actor.email })
      .where(eq(announcements.id, id));
    await audit(tx, actor, {
      action: 'announcement.cancel',
      targetType: 'announcement',
      targetId: id,
      before: { status: 'scheduled', send_at: row.sendAt.toISOString() },
      after: { status: 'cancelled' },
    });
  });
  return getAnnouncement(db, id);
}

/** The draft rendered for the segment's recipient at `index` (the first by default), with the count. */
export async function previewAnnouncement(
  db: Db,
  config: AppConfig,
  body: z.output<typeof announcementPreviewBodySchema>,
): Promise<AnnouncementPreview> {
  const { total, recipient } = await segmentSample(db, config, body.segment, body.index);
  const ctx = await valuesContext(db, config);
  // With nobody in the segment, the preview still shows the words, for a sample name.
  const values = announcementValues(ctx, recipient ?? { firstName: 'Ada' });
  return {
    recipients: total,
    index: recipient ? body.index : 0,
    recipient: recipient
      ? {
          application_id: recipient.id,
          name: `${recipient.firstName} ${recipient.lastName}`,
          email: recipient.email,
        }
      : null,
    segment_summary: segmentSummary(body.segment),
    ...renderAnnouncement(body, config.event, values),
  };
}

/**
 * "Send test to me": the preview's message, to the signed-in admin's own address only, through the
 * outbox like every e-mail. The subject says it is a test.
 */
export async function sendTest(
  db: Db,
  config: AppConfig,
  actor: AuditActor,
  body: z.output<typeof announcementPreviewBodySchema>,
): Promise<{ ok: true; to: string }> {
  if (!actor.email) throw errors.unauthorized();
  const preview = await previewAnnouncement(db, config, body);
  await db.transaction(async (tx) => {
    await enqueueEmail(tx, {
      to: actor.email!,
      kind: ANNOUNCEMENT_TEST_KIND,
      subject: `[Test] ${preview.subject}`,
      text: preview.text,
      html: preview.html,
      ...(actor.id ? { userId: actor.id } : {}),
    });
    await audit(tx, actor, {
      action: 'announcement.test',
      targetType: 'announcement',
      after: { subject: body.subject, to: actor.email, segment_summary: preview.segment_summary },
    });
  });
  return { ok: true, to: actor.email };
}

// The admin view says "queued" for what the worker calls "pending", as the E-mails view does.
const DELIVERY = { pending: 'queued', sending: 'sending', sent: 'sent', failed: 'failed' } as const;

/** The announcements one application's applicant was sent, newest first, with how each went. */
export async function receivedBy(db: Db, applicationId: string): Promise<ReceivedAnnouncements> {
  const [app] = await db
    .select({ userId: applications.userId })
    .from(applications)
    .where(eq(applications.id, applicationId));
  if (!app) throw errors.notFound('Application not found.');
  const rows = await db
    .select({
      id: announcements.id,
      // What they got: the subject with their name filled in.
      subject: emailOutbox.subject,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
      status: emailOutbox.status,
    })
    .from(emailOutbox)
    .innerJoin(announcements, eq(announcements.id, emailOutbox.announcementId))
    .where(
      and(
        eq(emailOutbox.userId, app.userId),
        eq(emailOutbox.kind, ANNOUNCEMENT_KIND),
        isNotNull(emailOutbox.announcementId),
        // Only this application's copy (an account holds one application, but the key says so).
        sql`${emailOutbox.dedupeKey} like ${`announcement:%:${applicationId}`}`,
      ),
    )
    .orderBy(desc(emailOutbox.createdAt))
    .limit(100);
  return {
    announcements: rows.map((r) => ({
      announcement_id: r.id,
      subject: r.subject,
      queued_at: r.createdAt.toISOString(),
      sent_at: r.sentAt?.toISOString() ?? null,
      delivery: DELIVERY[r.status],
    })),
  };
}
