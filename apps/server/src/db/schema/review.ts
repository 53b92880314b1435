// Review at scale: reviews, skips and holds, and the derived snapshot of review scores.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSchema,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { REVIEW_FLAGS, SKIP_REASONS } from '@lanyard/shared/review';
import { applicantRole, applications, timestamps, users } from './core';

export const reviewFlag = pgEnum('review_flag', REVIEW_FLAGS);
export const reviewSkipReason = pgEnum('review_skip_reason', SKIP_REASONS);

/** One reviewer's scores for one application; reviewers never see each other's. */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    // Kept when the reviewer's account is deleted: the score still stands.
    reviewerId: uuid('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    role: applicantRole('role').notNull(),
    /** Criterion id to score (1..its scale), for the role's rubric at the time. */
    scores: jsonb('scores').notNull(),
    /** The weighted total on 1..the rubric's top (weightedTotal in @lanyard/shared/review). */
    total: doublePrecision('total').notNull(),
    note: text('note').notNull().default(''),
    flag: reviewFlag('flag'),
    flagReason: text('flag_reason').notNull().default(''),
    /** Time spent on the review as the screen measured it, for the reviewers' median. */
    durationMs: integer('duration_ms'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('reviews_application_reviewer_key').on(t.applicationId, t.reviewerId),
    index('reviews_reviewer_idx').on(t.reviewerId, t.updatedAt),
    index('reviews_role_idx').on(t.role, t.reviewerId),
    // Migration 0021 adds reviews_insights_idx on (role, created_at) INCLUDE (reviewer_id,
    // application_id), which Drizzle cannot declare: the Insights tab's reviews per day.
  ],
);

/** A reviewer who passed on an application (conflict of interest, not comfortable): never given it again. */
export const reviewSkips = pgTable(
  'review_skips',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: reviewSkipReason('reason').notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.reviewerId] }),
    index('review_skips_reviewer_idx').on(t.reviewerId),
  ],
);

/** An application handed to a reviewer by "next", kept for them until expires_at. */
export const reviewHolds = pgTable(
  'review_holds',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    heldAt: timestamp('held_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.reviewerId] }),
    index('review_holds_reviewer_idx').on(t.reviewerId, t.expiresAt),
  ],
);

/**
 * Derived data, rebuilt from the rest on demand: kept out of backups (which copy the public schema)
 * and never restored.
 */
export const derived = pgSchema('derived');

/**
 * The review scores of every reviewed application (db/review-scores.ts), computed from the reviews
 * in one pass and kept here so the admin list reads them by index instead of scoring a whole role
 * per page. Refreshed in the background when reviews change.
 */
export const reviewScoresSnapshot = derived.table(
  'review_scores',
  {
    applicationId: uuid('application_id')
      .primaryKey()
      .references(() => applications.id, { onDelete: 'cascade' }),
    role: applicantRole('role').notNull(),
    scoreRaw: doublePrecision('score_raw').notNull(),
    scoreCalibrated: doublePrecision('score_calibrated').notNull(),
    score: doublePrecision('score').notNull(),
    rank: integer('rank').notNull(),
  },
  (t) => [index('review_scores_role_score_idx').on(t.role, t.score)],
);

/**
 * One row per statement that changed reviews (a trigger writes it, migration 0013): its highest id,
 * read in the same snapshot as the reviews, says which reviews a snapshot of scores has seen.
 */
export const reviewChanges = derived.table('review_changes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
});

/** What review_scores was computed from: the last review change seen and the score rules. */
export const reviewScoresState = derived.table(
  'review_scores_state',
  {
    id: smallint('id').primaryKey().default(1),
    change: bigint('change', { mode: 'number' }).notNull().default(0),
    rules: jsonb('rules'),
    computedAt: timestamp('computed_at', { withTimezone: true }),
  },
  (t) => [check('review_scores_state_singleton', sql`${t.id} = 1`)],
);
