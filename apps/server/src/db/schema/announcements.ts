// Announcements (issue 17): an admin's e-mail to a segment of the Applications or RSVP list.
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './core';

/**
 * One row per announcement, its own record. Its e-mails are email_outbox rows carrying its id
 * (email_outbox.announcement_id), queued by the sending job in the same transaction that moves it
 * from `scheduled` to `sent`: a crash leaves it either fully queued or still scheduled.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    // { list, filters } as @lanyard/shared/announcements segmentSchema parses it; evaluated at send time.
    segment: jsonb('segment').notNull(),
    segmentSummary: text('segment_summary').notNull(),
    status: text('status').$type<'scheduled' | 'sent' | 'cancelled'>().notNull().default('scheduled'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    // Kept beside the id: the record still names its author after the account is gone.
    createdByEmail: text('created_by_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    recipientCount: integer('recipient_count'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledByEmail: text('cancelled_by_email'),
    note: text('note'),
  },
  (t) => [
    check('announcements_status_check', sql`${t.status} in ('scheduled', 'sent', 'cancelled')`),
    // The sending job's claim: the scheduled ones that are due, oldest first.
    index('announcements_due_idx')
      .on(t.sendAt)
      .where(sql`${t.status} = 'scheduled'`),
    index('announcements_created_idx').on(t.createdAt),
  ],
);
