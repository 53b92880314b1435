import { z } from 'zod';
import { pageQuerySchema } from './common';
import {
  APPLICANT_ROLES,
  APPLICATION_STATUSES,
  PAGE_SIZE,
  PASSWORD_MAX,
  PASSWORD_MIN,
  RSVP_STATUSES,
  USER_ROLES,
} from './constants';
import { isoDateSchema } from './dates';
import { customAnswerViewSchema } from './questions/custom';
import { applicationReviewSummarySchema, REVIEW_STATES } from './review';

export const dashboardStatsSchema = z.object({
  total_users: z.number().int(),
  hacker_applications: z.number().int(),
  mentor_applications: z.number().int(),
  not_graded: z.number().int(),
  /** Accounts that are not applicants (admins, volunteers): with total_users, the Users list total. */
  staff_users: z.number().int(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** A list filter that takes `k=a&k=b`, `k[]=a` or `k=a,b`; empty values are dropped. */
export function multi<T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return undefined;
      const list = (Array.isArray(v) ? v : String(v).split(',')).map((s) => String(s).trim()).filter(Boolean);
      return list.length ? list : undefined;
    },
    z
      .array(z.enum(values))
      .max(values.length * 2)
      .optional(),
  );
}

const boolFilter = z.preprocess(
  (v) => (v === '' || v === undefined ? undefined : v),
  z.enum(['true', 'false']).optional(),
);
const textFilter = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string().trim().max(200).optional(),
);
const isoDate = z.preprocess((v) => (v === '' ? undefined : v), isoDateSchema.optional());
/** A bound on the review score (the rubric's 1..10 scale), from a query string. */
const scoreBound = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? undefined : v),
  z.coerce
    .number('Score must be a number')
    .min(0, 'Score must be at least 0')
    .max(10, 'Score must be at most 10')
    .optional(),
);
/** One custom-question answer to filter on: the question's id, then an option id or true / false. */
export const CUSTOM_FILTER_PATTERN = /^[0-9a-f-]{36}:(?:true|false|[a-z0-9]{1,12})$/;
const customFilter = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return undefined;
    const list = (Array.isArray(v) ? v : String(v).split(',')).map((s) => String(s).trim()).filter(Boolean);
    return list.length ? list : undefined;
  },
  z.array(z.string().regex(CUSTOM_FILTER_PATTERN, 'custom: use <question id>:<answer>')).max(40).optional(),
);
const page = pageQuerySchema;
const limit = z.coerce.number().int().min(1).max(200).default(PAGE_SIZE);

export const USER_STATUS_FILTERS = ['not_started', 'pending', 'accepted', 'rejected', 'waitlisted'] as const;
export const RSVP_FILTERS = [...RSVP_STATUSES, 'no_response'] as const;

export const adminUsersQuerySchema = z
  .object({
    search: textFilter,
    role: multi(USER_ROLES),
    status: multi(USER_STATUS_FILTERS),
    page,
    limit,
  })
  .strict();
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUserSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  application_status: z.enum([...USER_STATUS_FILTERS, 'submitted', 'in_progress', 'admin'] as const),
  application_id: z.string().nullable(),
  email_verified: z.boolean(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersResponseSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
});

export const createUserBodySchema = z
  .object({
    email: z.string().trim().toLowerCase().email('Enter a valid email address').max(254),
    password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX),
    role: z.enum(USER_ROLES),
  })
  .strict();
export const updateUserBodySchema = z
  .object({
    email: z.string().trim().toLowerCase().email('Enter a valid email address').max(254),
    role: z.enum(USER_ROLES),
  })
  .partial()
  .strict();
export const setPasswordBodySchema = z
  .object({ password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX) })
  .strict();
export const bulkDeleteUsersBodySchema = z
  .object({ user_ids: z.array(z.string().uuid()).min(1).max(5000) })
  .strict();
export const userStatsSchema = z.object({
  total: z.number().int(),
  by_role: z.record(z.string(), z.number().int()),
  by_status: z.record(z.string(), z.number().int()),
});

/** What the Applications list filters by: the list, the CSV export and bulk actions by filter. */
const applicationFilterFields = {
  search: textFilter,
  school: textFilter,
  major: textFilter,
  status: multi(APPLICATION_STATUSES),
  role: multi(APPLICANT_ROLES),
  rsvp_status: multi(RSVP_FILTERS),
  date_start: isoDate,
  date_end: isoDate,
  is_high_school: boolFilter,
  age_under_18: boolFilter,
  /** Review at scale: where the application stands in review, and its score (the ranking's). */
  review_state: multi(REVIEW_STATES),
  score_min: scoreBound,
  score_max: scoreBound,
  /**
   * Custom questions (issue 19): `<question id>:<option id | true | false>`, repeatable. Values of
   * one question match any of them; different questions must all match.
   */
  custom: customFilter,
};
export const applicationFiltersSchema = z.object(applicationFilterFields).strict();
export type ApplicationFiltersInput = z.input<typeof applicationFiltersSchema>;
export type ApplicationFiltersValue = z.output<typeof applicationFiltersSchema>;

/**
 * Columns the Applications list sorts by, on the server so every page follows one order. Score is
 * the review score the ranking uses (raw or calibrated, a setting); unscored applications come last
 * either way. Ties are broken by id, so pages never repeat or skip a row.
 */
export const APPLICATION_SORTS = ['name', 'status', 'school', 'submitted', 'score'] as const;
export type ApplicationSort = (typeof APPLICATION_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
export const DEFAULT_APPLICATION_SORT: ApplicationSort = 'submitted';

/** The direction a column starts in: newest first, best score first, A to Z (or the workflow order) otherwise. */
export function defaultSortDirection(sort: ApplicationSort): SortDirection {
  return sort === 'submitted' || sort === 'score' ? 'desc' : 'asc';
}

export const adminApplicationsQuerySchema = z
  .object({
    ...applicationFilterFields,
    sort: z.enum(APPLICATION_SORTS).default(DEFAULT_APPLICATION_SORT),
    /** Without it, the column's own default (defaultSortDirection). */
    dir: z.enum(SORT_DIRECTIONS).optional(),
    page,
    limit,
  })
  .strict();
export type AdminApplicationsQuery = z.input<typeof adminApplicationsQuerySchema>;
export type AdminApplicationsFilters = z.output<typeof adminApplicationsQuerySchema>;

export const adminApplicationSchema = z.object({
  _id: z.string(),
  user_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(APPLICANT_ROLES),
  status: z.enum(APPLICATION_STATUSES),
  university: z.string(),
  major: z.string(),
  is_high_school: z.boolean(),
  resume_url: z.string().nullable(),
  portfolio_url: z.string().nullable(),
  submitted_at: z.string(),
  updated_at: z.string(),
  rsvp_status: z.enum(RSVP_STATUSES).nullable(),
  preferred_name: z.string().nullable(),
  school_name: z.string().nullable(),
  pronoun: z.string().nullable(),
  /** Reviews ("2/2"), score and rank within the role, flags. */
  review: applicationReviewSummarySchema,
});
export type AdminApplication = z.infer<typeof adminApplicationSchema>;
export const adminApplicationsResponseSchema = z.object({
  applications: z.array(adminApplicationSchema),
  /** Exact, unless `total_capped`: then at least this many match (APPLICATIONS_COUNT_AHEAD past the page). */
  total: z.number().int(),
  total_capped: z.boolean(),
  page: z.number().int(),
  pages: z.number().int(),
});

/**
 * How far past the page's first row the Applications list counts ("Showing 50 of 10,000+"). An
 * event's list (a few thousand) is always counted exactly; a platform's 500,000 are not counted on
 * every keystroke. "Select all matching" asks for the exact count (`/count`) when it is capped.
 */
export const APPLICATIONS_COUNT_AHEAD = 10_000;

/**
 * The same for a list narrowed by text (search, school or major: "Showing 50 of 1,000+"). Each row
 * such a list passes is tested by pattern, so counting to 10,000 made the count grow with the table:
 * p95 636 ms over 500,000 applications against 44 ms over 50,000 (npm run bench -- --scale). A text
 * search matching more than a thousand is a broad one, and "Select all" still asks for the exact count.
 */
export const APPLICATIONS_TEXT_COUNT_AHEAD = 1_000;

/** The exact number of applications a filter matches: what "Select all N matching" confirms. */
export const applicationsCountResponseSchema = z.object({ total: z.number().int() });

export const auditEntrySchema = z.object({
  _id: z.string(),
  actor_email: z.string().nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const adminApplicationDetailSchema = adminApplicationSchema.extend({
  answers: z.record(z.string(), z.unknown()),
  access_code_used: z.string().nullable(),
  linkedin_url: z.string().nullable(),
  github_url: z.string().nullable(),
  liability_waiver_accepted: z.boolean().nullable(),
  photo_clearance_accepted: z.boolean().nullable(),
  photo_sharing_opt_out: z.boolean().nullable(),
  history: z.array(auditEntrySchema),
  /** The custom questions' answers in words, each under the wording it was answered under. */
  custom: z.array(customAnswerViewSchema).optional(),
});
export type AdminApplicationDetail = z.infer<typeof adminApplicationDetailSchema>;

export const statusBodySchema = z.object({ status: z.enum(APPLICATION_STATUSES) }).strict();

/** The most applications a bulk action by filter may name; far above any hackathon's count. */
export const BULK_FILTER_MAX = 1_000_000;

/**
 * What a bulk action acts on: the listed `application_ids`, or every application the list's
 * `filter` matches when the server runs it, which must be `expected_count` (the number the admin
 * confirmed), else nothing happens and the answer is 409 `count_changed` with the new `count`.
 */
const bulkTargetFields = {
  application_ids: z.array(z.string().uuid()).min(1).max(10_000).optional(),
  filter: applicationFiltersSchema.optional(),
  expected_count: z.number().int().min(1).max(BULK_FILTER_MAX).optional(),
};

function oneTarget(
  body: { application_ids?: unknown; filter?: unknown; expected_count?: unknown },
  ctx: z.RefinementCtx,
): void {
  const ids = body.application_ids !== undefined;
  const filter = body.filter !== undefined;
  if (ids === filter) {
    ctx.addIssue({
      code: 'custom',
      path: ['application_ids'],
      message: 'Send either application_ids or filter with expected_count',
    });
  }
  if (filter && body.expected_count === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['expected_count'],
      message: 'expected_count is required with filter',
    });
  }
  if (ids && body.expected_count !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['expected_count'],
      message: 'expected_count goes with filter, not application_ids',
    });
  }
}

export const bulkStatusBodySchema = z
  .object({ ...bulkTargetFields, status: z.enum(APPLICATION_STATUSES) })
  .strict()
  .superRefine(oneTarget);
export const bulkTargetBodySchema = z.object(bulkTargetFields).strict().superRefine(oneTarget);
export type BulkTargetBody = z.input<typeof bulkTargetBodySchema>;
/** The 409 a bulk action by filter answers when the filter no longer matches the confirmed count. */
export const countChangedSchema = z.object({
  error: z.string(),
  code: z.literal('count_changed'),
  count: z.number().int(),
});
export const bulkResultSchema = z.object({ updated: z.number().int() });
export const deletedResultSchema = z.object({ deleted: z.number().int() });
export const decisionsBodySchema = z.object({ role: z.enum(APPLICANT_ROLES) }).strict();
export const releaseDecisionsBodySchema = z
  .object({
    role: z.enum(APPLICANT_ROLES),
    /**
     * false: the decisions are shown and marked as announced, and no e-mail is queued, now or at a
     * later release (docs/decisions/011-release-preview-and-without-email.md).
     */
    send_email: z.boolean().default(true),
  })
  .strict();
export const decisionsRoleParamsSchema = z.object({ role: z.enum(APPLICANT_ROLES) }).strict();

/** Finalized decisions of one role, per decision. */
export const decisionCountsSchema = z.object({
  accepted: z.number().int(),
  waitlisted: z.number().int(),
  rejected: z.number().int(),
});
export type DecisionCounts = z.infer<typeof decisionCountsSchema>;

export const decisionsResultSchema = z.object({
  role: z.enum(APPLICANT_ROLES),
  released: z.boolean(),
  /** Applicants with a finalized decision of that role (accepted, rejected or waitlisted). */
  affected: z.number().int(),
  counts: decisionCountsSchema,
  /** Decision e-mails this call queued (always 0 for unrelease and for a release without e-mail). */
  emails_queued: z.number().int(),
  /** Decisions marked as announced without an e-mail (a release without e-mail). */
  announced_without_email: z.number().int(),
});
export type DecisionsResult = z.infer<typeof decisionsResultSchema>;

/** What releasing a role's decisions would do now: computed by the code the release runs. */
export const decisionsPreviewSchema = z.object({
  role: z.enum(APPLICANT_ROLES),
  released: z.boolean(),
  /** Applicants who will see their decision. */
  applicants: z.number().int(),
  counts: decisionCountsSchema,
  /** Decision e-mails a release would queue: decisions not announced yet. */
  emails: z.number().int(),
  email_counts: decisionCountsSchema,
  /** One e-mail per template that would be sent, rendered for a real recipient of it. */
  samples: z.array(
    z.object({
      template: z.enum(['decision_accepted', 'decision_waitlisted', 'decision_rejected']),
      status: z.enum(['accepted', 'waitlisted', 'rejected']),
      recipient: z.object({ name: z.string(), email: z.string() }),
      subject: z.string(),
      text: z.string(),
      /** Escaped by the server; the web app shows it only in a sandboxed frame. */
      html: z.string(),
    }),
  ),
});
export type DecisionsPreview = z.infer<typeof decisionsPreviewSchema>;

export const applicationStatsSchema = z.object({
  total: z.number().int(),
  by_status: z.record(z.string(), z.number().int()),
  by_role: z.record(z.string(), z.number().int()),
  per_day: z.array(z.object({ date: z.string(), count: z.number().int() })),
  top_schools: z.array(z.object({ name: z.string(), count: z.number().int() })),
  shirt_sizes: z.record(z.string(), z.number().int()),
});

export const auditQuerySchema = z
  .object({
    target_type: textFilter,
    target_id: textFilter,
    page,
    limit,
  })
  .strict();
export const auditResponseSchema = z.object({ entries: z.array(auditEntrySchema), total: z.number().int() });
