import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { APPLICANT_ROLES, APPLICATION_STATUSES, RSVP_STATUSES, USER_ROLES } from '@lanyard/shared/constants';

// The schema covers the whole spec now, so later issues add columns rather than reshape tables.

export const userRole = pgEnum('user_role', USER_ROLES);
export const applicantRole = pgEnum('applicant_role', APPLICANT_ROLES);
export const applicationStatus = pgEnum('application_status', APPLICATION_STATUSES);
export const rsvpStatus = pgEnum('rsvp_status', RSVP_STATUSES);
export const authTokenKind = pgEnum('auth_token_kind', ['email_verification', 'password_reset']);
// 'sending' marks a message handed to SMTP; one left so by a crash is never resent blindly.
export const outboxStatus = pgEnum('outbox_status', ['pending', 'sending', 'sent', 'failed']);

/** created_at and updated_at, as most tables keep them. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * One answer as text, trimmed, null when missing or blank (booleans read 'true' / 'false'): a stored
 * generated column, so every writer of `answers` keeps it current and none can forget to.
 */
function answerColumn(name: string, key: string) {
  return text(name).generatedAlwaysAs(sql.raw(`nullif(btrim("answers" ->> '${key}'), '')`));
}

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: userRole('role').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /**
     * Whether the account has an application, kept by a trigger on applications (migration 0034):
     * the Users list's "Not started" filter reads its partial index instead of asking every
     * account's application.
     */
    applied: boolean('applied').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    // E-mails are lower-cased by the shared schema before they reach the database.
    uniqueIndex('users_email_key').on(t.email),
    index('users_role_idx').on(t.role),
    // Insights: accounts made per day, per role, read from the index alone.
    index('users_role_created_idx').on(t.role, t.createdAt),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_not_applied_email_idx')
      .on(t.email)
      .where(sql`not ${t.applied}`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: authTokenKind('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auth_tokens_hash_key').on(t.tokenHash),
    index('auth_tokens_user_idx').on(t.userId, t.kind),
  ],
);

/** Files the server stored (resumes); rows appear only after the file is durable on disk. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    purpose: text('purpose').notNull().default('resume'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('uploads_storage_key_key').on(t.storageKey), index('uploads_owner_idx').on(t.ownerId)],
);

export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: applicantRole('role').notNull(),
    status: applicationStatus('status').notNull().default('pending'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    school: text('school').notNull().default(''),
    major: text('major').notNull().default(''),
    isHighSchool: boolean('is_high_school').notNull().default(false),
    birthYear: smallint('birth_year'),
    birthMonth: smallint('birth_month'),
    birthDay: smallint('birth_day'),
    shirtSize: text('shirt_size'),
    // Everything else the applicant answered, in the shape of the role's shared schema.
    answers: jsonb('answers').notNull().default({}),
    // Custom questions' answers (schema/questions.ts): { "<question id>": { v: version, a: answer } }.
    customAnswers: jsonb('custom_answers').notNull().default({}),
    resumeUploadId: uuid('resume_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    portfolioUrl: text('portfolio_url'),
    accessCodeUsed: text('access_code_used'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    // When the applicant began the form (their draft's first save; the submission itself without
    // one): the Insights timeline's "started". Migration 0021 set the submission time on older rows.
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    // The decision last announced by e-mail, so a release never mails the same decision twice.
    decisionNotifiedStatus: applicationStatus('decision_notified_status'),
    // The released decision the dashboard last celebrated: shown once per decision on any device.
    celebratedStatus: applicationStatus('celebrated_status'),
    celebratedDecidedAt: timestamp('celebrated_decided_at', { withTimezone: true }),
    rsvpStatus: rsvpStatus('rsvp_status'),
    rsvpAt: timestamp('rsvp_at', { withTimezone: true }),
    // The offer's own deadline while offers expire (policies/offers.ts); null: the global one only.
    rsvpDueAt: timestamp('rsvp_due_at', { withTimezone: true }),
    // When that deadline passed unanswered: the offer expired and its place is free again.
    rsvpExpiredAt: timestamp('rsvp_expired_at', { withTimezone: true }),
    preferredName: text('preferred_name'),
    schoolName: text('school_name'),
    pronoun: text('pronoun'),
    linkedinUrl: text('linkedin_url'),
    githubUrl: text('github_url'),
    liabilityWaiverAccepted: boolean('liability_waiver_accepted'),
    photoClearanceAccepted: boolean('photo_clearance_accepted'),
    photoSharingOptOut: boolean('photo_sharing_opt_out'),
    // Sharing with sponsors (@lanyard/shared/privacy): read only through policies/privacy.ts.
    sponsorConsent: boolean('sponsor_consent').notNull().default(false),
    sponsorConsentAt: timestamp('sponsor_consent_at', { withTimezone: true }),
    // Review at scale (modules/review), kept on the row so "next application" reads one index:
    // reviews submitted, whether they disagree (one more review is then needed), whether any flags
    // it, the mean of the reviews' totals, and whether it has all the reviews it needs.
    reviewCount: smallint('review_count').notNull().default(0),
    reviewDisputed: boolean('review_disputed').notNull().default(false),
    reviewFlagged: boolean('review_flagged').notNull().default(false),
    reviewScoreRaw: doublePrecision('review_score_raw'),
    reviewComplete: boolean('review_complete').notNull().default(false),
    // The admin search's text, lower-cased on write: `like lower(pattern)` is `ilike` on the whole.
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || "school" || ' ' || "major")`,
    ),
    // The answers the Insights tab counts, copied out of the jsonb by the database on every write.
    // Reading a key of `answers` costs about 0.5 µs a row (the whole document is fetched to find
    // it): 25 ms per key over 50,000 applications, where these narrow columns cost next to nothing.
    answerGender: answerColumn('answer_gender', 'gender'),
    answerRace: answerColumn('answer_race', 'race'),
    answerHeard: answerColumn('answer_heard', 'howDidYouHear'),
    answerGraduationYear: answerColumn('answer_graduation_year', 'graduationYear'),
    answerFirstHackathon: answerColumn('answer_first_hackathon', 'firstHackathon'),
    answerTravelFrom: answerColumn('answer_travel_from', 'travelFrom'),
    answerDietary: answerColumn('answer_dietary', 'dietaryRestrictions'),
    answerNeedsAccommodation: answerColumn('answer_needs_accommodation', 'needsAccommodation'),
    answerNeedsVisa: answerColumn('answer_needs_visa', 'needsVisa'),
  },
  (t) => [
    uniqueIndex('applications_user_key').on(t.userId),
    // The list's sorts (modules/admin-applications/service.ts): each key, then the id.
    index('applications_status_sort_idx').on(t.status, t.id),
    index('applications_name_sort_idx').on(sql`lower(${t.firstName})`, sql`lower(${t.lastName})`, t.id),
    index('applications_school_sort_idx').on(sql`lower(${t.school})`, t.id),
    index('applications_role_status_idx').on(t.role, t.status),
    index('applications_submitted_idx').on(t.submittedAt),
    // Migration 0035 also adds applications_submitted_cover_idx on (submitted_at, id) INCLUDE (role,
    // status, rsvp_status, school, major, search_text): the list's default order, its pages found
    // from the index alone, filters and all.
    // Insights: applications started per day, per role, read from the index alone.
    index('applications_role_started_idx').on(t.role, t.startedAt),
    index('applications_school_idx').on(t.school),
    index('applications_major_idx').on(t.major),
    index('applications_rsvp_idx').on(t.rsvpStatus),
    index('applications_rsvp_due_idx')
      .on(t.rsvpDueAt)
      .where(sql`${t.rsvpDueAt} is not null and ${t.rsvpStatus} is null and ${t.rsvpExpiredAt} is null`),
    index('applications_hs_idx').on(t.isHighSchool),
    // No index on custom_answers: whether a question has answers reads custom_choice_keys and its
    // GIN index (migration 0027), the answer filters application_answer_keys (migration 0039);
    // neither is declared here.
    index('applications_birth_idx').on(t.birthYear, t.birthMonth, t.birthDay),
    // Trigrams plus role and status (btree_gin) in one index: a search with role or status filters
    // intersects them inside the index instead of AND-ing a 30,000-row status bitmap.
    index('applications_search_idx').using('gin', t.searchText.op('gin_trgm_ops'), t.role, t.status),
    // The review queue: applications awaiting a decision still short of reviews, oldest first.
    index('applications_review_queue_idx')
      .on(t.submittedAt, t.id)
      .where(sql`${t.status} in ('pending', 'submitted') and not ${t.reviewComplete}`),
    // Migration 0005 also adds applications_list_cover_idx on (role, status) INCLUDE (school,
    // search_text), which Drizzle cannot declare: it counts searches too short or too common for
    // trigrams (e.g. "li") from the index alone, without reading the wide rows.
    // Migration 0021 adds three more such indexes for the Insights tab, so each panel counts from a
    // narrow index instead of a 1 kB row: applications_insights_idx on (role, status) INCLUDE (the
    // columns the panels count), applications_insights_accepted_idx on (role) INCLUDE (the RSVP
    // and logistics columns) WHERE status = 'accepted', and applications_rsvp_at_idx on (rsvp_at)
    // INCLUDE (role, status, rsvp_status) WHERE rsvp_at IS NOT NULL.
  ],
);

/** One row (id = 1): the application and RSVP windows and decision release flags. */
export const settings = pgTable(
  'settings',
  {
    id: smallint('id').primaryKey().default(1),
    applicationDeadline: timestamp('application_deadline', { withTimezone: true }),
    allowLateApplications: boolean('allow_late_applications').notNull().default(false),
    requireAccessCode: boolean('require_access_code').notNull().default(false),
    forceApplicationOpen: boolean('force_application_open').notNull().default(false),
    hackerDecisionsReleased: boolean('hacker_decisions_released').notNull().default(false),
    mentorDecisionsReleased: boolean('mentor_decisions_released').notNull().default(false),
    rsvpDeadline: timestamp('rsvp_deadline', { withTimezone: true }),
    rsvpOpen: boolean('rsvp_open').notNull().default(true),
    emailTemplates: jsonb('email_templates').notNull().default({}),
    // The rubric, blind fields and review rules (@lanyard/shared/review); null reads as the defaults.
    review: jsonb('review'),
    // Places and attendance shares per role (@lanyard/shared/capacity); null reads as the defaults.
    capacity: jsonb('capacity'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('settings_singleton', sql`${t.id} = 1`)],
);

export const accessCodes = pgTable('access_codes', {
  // Access codes are stored upper case; compared case-insensitively by upper-casing the input.
  code: text('code').primaryKey(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The single way mail leaves: rows are written in the transaction that causes them. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    kind: text('kind').notNull(),
    // The account a link-bearing message is for: its single-use link is made only when it is sent
    // (docs/decisions/007), and the message goes when the account does.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    // Set when a message must go out at most once (e.g. one decision e-mail per decision).
    dedupeKey: text('dedupe_key'),
    // The announcement it belongs to (schema/announcements.ts), which counts its delivered and failed.
    announcementId: uuid('announcement_id'),
    status: outboxStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('email_outbox_dedupe_key').on(t.dedupeKey),
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    // Deleting an account finds its link-bearing messages without reading the whole outbox.
    index('email_outbox_user_idx').on(t.userId),
    index('email_outbox_announcement_idx')
      .on(t.announcementId)
      .where(sql`${t.announcementId} is not null`),
  ],
);

/** Append-only: the migration revokes UPDATE and DELETE through a trigger. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);

/** Fixed-window counters for rate limits, shared by every server instance on the database. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** What an applicant has typed so far; saved as they type, so the form reopens on any device. */
export const applicationDrafts = pgTable('application_drafts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  role: applicantRole('role').notNull(),
  answers: jsonb('answers').notNull().default({}),
  resumeUploadId: uuid('resume_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
  // The first save: when the applicant started (copied to applications.started_at at submit).
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  // The page that saved last and its count of saves: an older save from the same page, landing
  // after a newer one (both out when the tab closed), must not undo it (migration 0036).
  clientTab: text('client_tab'),
  clientSeq: integer('client_seq'),
});
