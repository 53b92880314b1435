// Privacy (issue 21): every change of an applicant's consent, kept so organisers can show what
// was agreed, when and under which words. The current answer is applications.sponsor_consent.
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
