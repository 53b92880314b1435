// Sponsors and the resume book (issue 21): a sponsor account's company and access window, the
// people each sponsor account starred, and the event's rule for who is in the book.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { BookRule } from '@lanyard/shared/sponsors';
import { applications, users } from './core';

/** One row per sponsor account; a sponsor without one is refused everything (policies/sponsors.ts). */
export const sponsors = pgTable(
  'sponsors',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    company: text('company').notNull(),
    accessFrom: timestamp('access_from', { withTimezone: true }).notNull(),
    accessUntil: timestamp('access_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('sponsors_window_check', sql`${t.accessUntil} > ${t.accessFrom}`)],
);

/** Stars are per sponsor account: every sponsor sees the same book, each with their own list. */
export const sponsorStars = pgTable(
  'sponsor_stars',
  {
    sponsorId: uuid('sponsor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sponsorId, t.applicationId] }),
    index('sponsor_stars_application_idx').on(t.applicationId),
  ],
);

/**
 * The book's rule, in its own one-row table rather than `settings`: only the sponsor module reads
 * it, and no row reads as 'confirmed'. Migration 0026 also adds audit_log_sponsor_idx, a partial
 * index on (actor_id, action, created_at) for the admins' per-sponsor activity.
 */
export const sponsorSettings = pgTable(
  'sponsor_settings',
  {
    id: smallint('id').primaryKey().default(1),
    bookRule: text('book_rule').$type<BookRule>().notNull().default('confirmed'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sponsor_settings_singleton', sql`${t.id} = 1`),
    check('sponsor_settings_rule_check', sql`${t.bookRule} in ('confirmed', 'checked_in')`),
  ],
);
