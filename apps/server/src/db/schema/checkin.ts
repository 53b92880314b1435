// The door's list: one record per person who may check in (confirmed attendees, linked to their
// application, and people added at the desk or by CSV).
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CHECKIN_ROLES } from '@lanyard/shared/constants';
import { applications, timestamps } from './core';

export const checkinRole = pgEnum('checkin_role', CHECKIN_ROLES);

export const checkinRecords = pgTable(
  'checkin_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    schoolName: text('school_name').notNull().default(''),
    role: checkinRole('role').notNull().default('hacker'),
    major: text('major'),
    birthYear: smallint('birth_year'),
    birthMonth: smallint('birth_month'),
    birthDay: smallint('birth_day'),
    isHighSchool: boolean('is_high_school'),
    preferredName: text('preferred_name'),
    pronoun: text('pronoun'),
    linkedinUrl: text('linkedin_url'),
    githubUrl: text('github_url'),
    gender: text('gender'),
    race: text('race'),
    shirtSize: text('shirt_size'),
    travelFrom: text('travel_from'),
    // The door's search text, lower-cased on write: `like lower(pattern)` is `ilike` on the whole.
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || "school_name")`,
    ),
    checkedIn: boolean('checked_in').notNull().default(false),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInByEmail: text('checked_in_by_email'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('checkin_application_key').on(t.applicationId),
    index('checkin_email_idx').on(sql`lower(${t.email})`),
    index('checkin_checked_in_idx').on(t.checkedIn),
    // Insights: arrivals per 15 minutes.
    index('checkin_checked_in_at_idx')
      .on(t.checkedInAt)
      .where(sql`${t.checkedIn}`),
    index('checkin_role_idx').on(t.role),
    index('checkin_school_idx').on(t.schoolName),
    index('checkin_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // Migration 0033 also adds checkin_search_cover_idx on (last_name, first_name, id) INCLUDE
    // (search_text): a search too short or too common for trigrams ("an") reads the desk's page in
    // order and its count from that narrow index, not from the wide rows.
  ],
);
