// Privacy (issue 21): every change of an applicant's consent, kept so organisers can show what
// was agreed, when and under which words. The current answer is applications.sponsor_consent.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ConsentKind, ConsentSource } from '@lanyard/shared/privacy';
import { applications, users } from './core';

/** Deleted with the account: the history is the applicant's personal data, not the organisers'. */
export const consentEvents = pgTable(
  'consent_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'set null' }),
    kind: text('kind').$type<ConsentKind>().notNull(),
    given: boolean('given').notNull(),
    // The event config's privacy.sponsorConsentVersion when the answer was given or withdrawn.
    version: text('version').notNull(),
    source: text('source').$type<ConsentSource>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('consent_events_user_idx').on(t.userId, t.createdAt),
    check('consent_events_kind_check', sql`${t.kind} in ('sponsor_sharing')`),
    check('consent_events_source_check', sql`${t.source} in ('application', 'dashboard')`),
  ],
);

/**
 * Data retention (issue 21, @lanyard/shared/retention): days after the event (after sign-up for
 * unverified accounts) before each rule applies; null turns the rule off. One row, id 1, inserted
 * by migration 0028; a missing row reads as the defaults.
 */
export const retentionSettings = pgTable(
  'retention_settings',
  {
    id: smallint('id').primaryKey().default(1),
    resumeDays: integer('resume_days').default(90),
    nonAttendeeDays: integer('non_attendee_days').default(180),
    unverifiedDays: integer('unverified_days').default(30),
    // Set by the first save of the Data retention section: until an organiser has confirmed the
    // periods, the job deletes nothing (decision 023).
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('retention_settings_singleton', sql`${t.id} = 1`),
    check(
      'retention_settings_days',
      sql`coalesce(${t.resumeDays}, 1) between 1 and 3650 and coalesce(${t.nonAttendeeDays}, 1) between 1 and 3650
        and coalesce(${t.unverifiedDays}, 1) between 1 and 3650`,
    ),
  ],
);

/**
 * Daily jobs claim their day here, so one instance of the cluster runs each once a day: the claim is
 * an update of this row, which only one transaction wins. A claim whose run never finished (a crash)
 * lapses after a lease, and the next run picks up what is left.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
