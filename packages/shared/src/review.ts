import { z } from 'zod';
import { APPLICANT_ROLES, APPLICATION_STATUSES, DECISION_STATUSES } from './constants';
import { QUESTIONS, type QuestionKey } from './questions/catalogue';

// Review at scale: the rubric, blind review, the reviewer's API and the admin's view of scores.
// Everything that crosses the wire for review is declared here, once.

/** An application is handed to one reviewer for this long before another may be given the slot. */
export const REVIEW_HOLD_MINUTES = 10;
/** A reviewer's totals are standardised against their own mean and spread from this many reviews on. */
export const CALIBRATION_MIN_REVIEWS = 10;
/** How many of their latest reviews a reviewer can go back to. */
export const REVIEW_HISTORY_LIMIT = 20;
export const RUBRIC_MAX_CRITERIA = 6;
export const RUBRIC_SCALE_MIN = 2;
export const RUBRIC_SCALE_MAX = 10;
export const REVIEW_NOTE_MAX = 2000;

export const REVIEW_FLAGS = ['spam', 'plagiarised', 'duplicate', 'not_eligible'] as const;
export type ReviewFlag = (typeof REVIEW_FLAGS)[number];
export const REVIEW_FLAG_LABELS: Record<ReviewFlag, string> = {
  spam: 'Spam',
  plagiarised: 'Plagiarised',
  duplicate: 'Duplicate person',
  not_eligible: 'Not eligible',
};

export const SKIP_REASONS = ['conflict', 'not_comfortable'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];
export const SKIP_REASON_LABELS: Record<SkipReason, string> = {
  conflict: 'Conflict of interest: I know this person',
  not_comfortable: 'Not comfortable judging',
};

/**
 * What blind review can hide from reviewers, each a group of answers. The server leaves a hidden
 * group out of everything it sends a reviewer (policies/review.ts).
 */
export const BLIND_FIELDS = [
  'name',
  'email',
  'phone',
  'school',
  'date_of_birth',
  'age',
  'gender',
  'race',
  'travel_from',
  'links',
  'resume',
] as const;
export type BlindField = (typeof BLIND_FIELDS)[number];
export const BLIND_FIELD_LABELS: Record<BlindField, string> = {
  name: 'Name',
  email: 'E-mail',
  phone: 'Phone',
  school: 'School and employer',
  date_of_birth: 'Date of birth',
  age: 'Age',
  gender: 'Gender',
  race: 'Race',
  travel_from: 'Where they travel from',
  links: 'Links',
  resume: 'Resume',
};

/**
 * The answers each blind group covers. Age is computed, not answered, and the resume is a file:
 * both are left out by their own flags on the reviewer's view.
 */
export const BLIND_FIELD_QUESTIONS: Record<BlindField, readonly QuestionKey[]> = {
  name: ['firstName', 'lastName', 'guardianName', 'referralName'],
  email: ['email', 'workEmail'],
  phone: ['phone'],
  school: ['university', 'affiliation', 'title'],
  date_of_birth: ['birthDay', 'birthMonth', 'birthYear'],
  age: [],
  gender: ['gender', 'genderOther'],
  race: ['race', 'raceOther'],
  travel_from: ['travelFrom'],
  links: ['portfolio'],
  resume: [],
};

/**
 * Answers a reviewer never sees, whatever the blind settings: logistics that say nothing about merit,
 * some of them sensitive or standing in for religion, health or nationality (dietary needs,
 * accommodations, a visa), so they must not sway a score.
 */
export const REVIEW_NEVER_SHOWN: readonly QuestionKey[] = [
  'shirtSize',
  'dietaryRestrictions',
  'needsAccommodation',
  'needsVisa',
  'recruitmentEmails',
  'howDidYouHear',
  'socialMediaConnection',
];

/** Every blind group hidden: the default, so a new event reviews blind unless it chooses otherwise. */
export const DEFAULT_HIDDEN_FIELDS: readonly BlindField[] = BLIND_FIELDS;

const criterionIdSchema = z
  .string()
  .trim()
  .min(1, 'Criterion id is required')
  .max(40, 'Criterion id is too long')
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'Criterion ids use lower-case letters, digits, - and _ only');

const questionKeySchema = z
  .string()
  .refine((k): k is QuestionKey => Object.hasOwn(QUESTIONS, k), { message: 'Unknown question' });

export const rubricCriterionSchema = z
  .object({
    id: criterionIdSchema,
    name: z.string().trim().min(1, 'Criterion name is required').max(80, 'Criterion name is too long'),
    /** Relative weight in the total: a criterion of weight 2 counts twice one of weight 1. */
    weight: z.number().min(0.1, 'Weight must be at least 0.1').max(100, 'Weight must be at most 100'),
    /** The questions the criterion is judged on (shown beside it on the review screen). */
    questions: z.array(questionKeySchema).max(20, 'Too many questions').default([]),
    /** The top of the scale: scores run from 1 to scale. */
    scale: z
      .number()
      .int('Scale must be a whole number')
      .min(RUBRIC_SCALE_MIN, `Scale must be at least ${RUBRIC_SCALE_MIN}`)
      .max(RUBRIC_SCALE_MAX, `Scale must be at most ${RUBRIC_SCALE_MAX}`),
    /** What each level means, levels[0] for a 1: one per level, shown beside the buttons. */
    levels: z.array(z.string().trim().min(1, 'Every level needs a meaning').max(200, 'Meaning is too long')),
  })
  .strict()
  .refine((c) => c.levels.length === c.scale, {
    message: 'Every level of the scale needs a written meaning',
    path: ['levels'],
  });
export type RubricCriterion = z.infer<typeof rubricCriterionSchema>;

const roleRubricSchema = z
  .array(rubricCriterionSchema)
  .min(1, 'A rubric needs at least one criterion')
  .max(RUBRIC_MAX_CRITERIA, `A rubric has at most ${RUBRIC_MAX_CRITERIA} criteria`)
  .refine((cs) => new Set(cs.map((c) => c.id)).size === cs.length, {
    message: 'Criterion ids must be unique',
  });

export const rubricSchema = z.object({ hacker: roleRubricSchema, mentor: roleRubricSchema }).strict();
export type Rubric = z.infer<typeof rubricSchema>;

export const RANKING_METHODS = ['calibrated', 'raw'] as const;
export type RankingMethod = (typeof RANKING_METHODS)[number];

/** The review settings (settings.review), as stored and as the admin reads them. */
export const reviewSettingsSchema = z
  .object({
    rubric: rubricSchema,
    /** What reviewers do not see. */
    hidden_fields: z.array(z.enum(BLIND_FIELDS)).max(BLIND_FIELDS.length),
    /** k: every application needs this many reviews. */
    reviews_per_application: z.number().int().min(1, 'At least 1 review').max(10, 'At most 10 reviews'),
    /** Reviews whose totals differ by more than this mark the application disputed (one more review). */
    disagreement_threshold: z.number().min(0.1, 'At least 0.1').max(100, 'At most 100'),
    ranking: z.enum(RANKING_METHODS),
  })
  .strict();
export type ReviewSettings = z.infer<typeof reviewSettingsSchema>;

/** PUT /api/review/settings: any subset. */
export const updateReviewSettingsBodySchema = reviewSettingsSchema.partial().strict();
export type UpdateReviewSettingsBody = z.infer<typeof updateReviewSettingsBodySchema>;

const FIVE = (bad: string, weak: string, fair: string, good: string, great: string) => [
  bad,
  weak,
  fair,
  good,
  great,
];

/** The shipped rubric, fitted to the built-in questions. */
export const DEFAULT_RUBRIC: Rubric = {
  hacker: [
    {
      id: 'experience',
      name: 'Experience and background',
      weight: 1,
      questions: ['backgroundQuestion'],
      scale: 5,
      levels: FIVE(
        'Nothing about what they have done or learned',
        'A little, in general terms',
        'Some concrete experience or learning',
        'Clear experience, or a clear path of learning, with examples',
        'Rich, specific experience or growth that stands out',
      ),
    },
    {
      id: 'motivation',
      name: 'Motivation',
      weight: 1,
      questions: ['whyAttendQuestion'],
      scale: 5,
      levels: FIVE(
        'No reason given',
        'Generic reasons that fit any event',
        'A real reason, briefly put',
        'Specific goals for this event',
        'Compelling, specific goals and what they will bring to others',
      ),
    },
    {
      id: 'creativity',
      name: 'Creativity',
      weight: 1,
      questions: ['householdObjectQuestion'],
      scale: 5,
      levels: FIVE(
        'No answer, or off topic',
        'An obvious idea',
        'A sensible idea with a twist',
        'An inventive idea, well explained',
        'Surprising and delightful',
      ),
    },
  ],
  mentor: [
    {
      id: 'expertise',
      name: 'Expertise',
      weight: 1,
      questions: ['expertiseAreas', 'programmingLanguages', 'frameworks', 'databases', 'buildTools'],
      scale: 5,
      levels: FIVE(
        'No relevant expertise shown',
        'Beginner in the areas hackers need',
        'Working knowledge of some common stacks',
        'Solid expertise across several common stacks',
        'Deep, broad expertise hackers will ask for',
      ),
    },
    {
      id: 'fit',
      name: 'Fit',
      weight: 1,
      questions: ['whyGoodFit', 'mentorAvailability', 'onsiteAvailability'],
      scale: 5,
      levels: FIVE(
        'No reason to think they will help',
        'Vague interest',
        'Willing and somewhat available',
        'Keen to help, available for much of the event',
        'Experienced mentor, available throughout',
      ),
    },
  ],
};

export const DEFAULT_REVIEW_SETTINGS: ReviewSettings = {
  rubric: DEFAULT_RUBRIC,
  hidden_fields: [...DEFAULT_HIDDEN_FIELDS],
  reviews_per_application: 2,
  disagreement_threshold: 1.5,
  ranking: 'calibrated',
};

/** The top of the scale a role's totals are on: the widest of its criteria. */
export function rubricTop(criteria: readonly RubricCriterion[]): number {
  return Math.max(...criteria.map((c) => c.scale));
}

/**
 * A review's weighted total, on the scale 1..rubricTop: each score is placed on 0..1 within its own
 * criterion's scale, weighted, and the weighted mean mapped onto 1..top. With every criterion on 1 to
 * 5, it is the plain weighted mean of the scores.
 */
export function weightedTotal(
  criteria: readonly RubricCriterion[],
  scores: Readonly<Record<string, number>>,
): number {
  const top = rubricTop(criteria);
  let sum = 0;
  let weights = 0;
  for (const c of criteria) {
    const s = scores[c.id];
    if (s === undefined) continue;
    sum += c.weight * ((s - 1) / (c.scale - 1));
    weights += c.weight;
  }
  if (weights === 0) return 1;
  return Math.round((1 + (top - 1) * (sum / weights)) * 1000) / 1000;
}

// ---------------------------------------------------------------------------------------------
// The reviewer's API

const uuid = z.uuid();
const isoDateTime = z.iso.datetime({ offset: true });

/** One answer as a reviewer sees it: the question's label and the answer in words. */
export const reviewAnswerSchema = z.object({
  key: z.string(),
  label: z.string(),
  value: z.string(),
  /** Essays: the number of words (shown beside the answer). */
  words: z.number().int().nullable(),
});
export type ReviewAnswer = z.infer<typeof reviewAnswerSchema>;

/** An application as handed to a reviewer: only what blind review lets them see. */
export const reviewApplicationSchema = z.object({
  id: uuid,
  role: z.enum(APPLICANT_ROLES),
  submitted_at: isoDateTime,
  answers: z.array(reviewAnswerSchema),
  /** The resume's download path, or null when hidden or not uploaded. */
  resume_url: z.string().nullable(),
  /** The applicant's age on the event's first day, when shown. */
  age: z.number().int().nullable(),
});
export type ReviewApplication = z.infer<typeof reviewApplicationSchema>;

export const reviewProgressSchema = z.object({
  /** Reviews this reviewer has submitted. */
  reviewed: z.number().int(),
  /** Applications that still need at least one more review (from anyone). */
  remaining: z.number().int(),
});
export type ReviewProgress = z.infer<typeof reviewProgressSchema>;

/** This reviewer's own review of an application (never anyone else's). */
export const myReviewSchema = z.object({
  scores: z.record(z.string(), z.number().int()),
  total: z.number(),
  note: z.string(),
  flag: z.enum(REVIEW_FLAGS).nullable(),
  flag_reason: z.string(),
  updated_at: isoDateTime,
});
export type MyReview = z.infer<typeof myReviewSchema>;

/** GET /api/review/next and GET /api/review/{applicationId}: one application to review, or none left. */
export const reviewNextResponseSchema = z.object({
  application: reviewApplicationSchema.nullable(),
  /** The rubric for the application's role (null when none is left). */
  criteria: z.array(rubricCriterionSchema).nullable(),
  /** The reviewer's own earlier review, when they are editing one. */
  review: myReviewSchema.nullable(),
  /** Whether the review can still be changed (decisions for the role not yet released). */
  editable: z.boolean(),
  held_until: isoDateTime.nullable(),
  progress: reviewProgressSchema,
});
export type ReviewNextResponse = z.infer<typeof reviewNextResponseSchema>;

/** POST /api/review/{applicationId} */
export const submitReviewBodySchema = z
  .object({
    scores: z
      .record(z.string().max(40), z.number().int('Scores are whole numbers'))
      .refine((v) => Object.keys(v).length <= RUBRIC_MAX_CRITERIA, {
        message: `A review has at most ${RUBRIC_MAX_CRITERIA} scores, one per criterion`,
      }),
    note: z
      .string()
      .trim()
      .max(REVIEW_NOTE_MAX, `Notes are at most ${REVIEW_NOTE_MAX} characters`)
      .default(''),
    flag: z.enum(REVIEW_FLAGS).nullable().default(null),
    flag_reason: z.string().trim().max(500, 'The reason is at most 500 characters').default(''),
    /** Milliseconds the reviewer spent on it, as the screen measured (capped; for the median time). */
    duration_ms: z
      .number()
      .int()
      .min(0)
      .max(24 * 3_600_000)
      .optional(),
  })
  .strict()
  .refine((b) => b.flag === null || b.flag_reason.length > 0, {
    message: 'Give a reason for the flag',
    path: ['flag_reason'],
  });
export type SubmitReviewBody = z.input<typeof submitReviewBodySchema>;

export const submitReviewResponseSchema = z.object({
  review: myReviewSchema,
  progress: reviewProgressSchema,
});

/** POST /api/review/{applicationId}/skip */
export const skipReviewBodySchema = z
  .object({
    reason: z.enum(SKIP_REASONS),
    note: z.string().trim().max(500).default(''),
  })
  .strict();
export type SkipReviewBody = z.input<typeof skipReviewBodySchema>;

/** The answer to a skip: the reviewer's progress (the screen then asks for the next application). */
export const skipReviewResponseSchema = z.object({ progress: reviewProgressSchema });
export type SkipReviewResponse = z.infer<typeof skipReviewResponseSchema>;

/** The application a reviewer route is about. */
export const reviewParamsSchema = z.object({ applicationId: uuid }).strict();

/** GET /api/review/mine: the reviewer's latest reviews, newest first. */
export const myReviewListItemSchema = z.object({
  application_id: uuid,
  role: z.enum(APPLICANT_ROLES),
  total: z.number(),
  flag: z.enum(REVIEW_FLAGS).nullable(),
  updated_at: isoDateTime,
  editable: z.boolean(),
});
export const myReviewsResponseSchema = z.object({
  reviews: z.array(myReviewListItemSchema),
  progress: reviewProgressSchema,
});
export type MyReviewsResponse = z.infer<typeof myReviewsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The admin's view

export const REVIEW_STATES = ['unreviewed', 'in_review', 'reviewed', 'disputed', 'flagged'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
export const REVIEW_STATE_LABELS: Record<ReviewState, string> = {
  unreviewed: 'Unreviewed',
  in_review: 'In Review',
  reviewed: 'Reviewed',
  disputed: 'Disputed',
  flagged: 'Flagged',
};

/** The review columns of an admin list row. */
export const applicationReviewSummarySchema = z.object({
  review_count: z.number().int(),
  /** k, plus one when disputed. */
  reviews_needed: z.number().int(),
  score_raw: z.number().nullable(),
  score_calibrated: z.number().nullable(),
  /** The score ranking uses (the setting picks raw or calibrated). */
  score: z.number().nullable(),
  /** 1 for the best score within the applicant's role, among scored applications. */
  rank: z.number().int().nullable(),
  flags: z.array(z.enum(REVIEW_FLAGS)),
  disputed: z.boolean(),
});
export type ApplicationReviewSummary = z.infer<typeof applicationReviewSummarySchema>;

/** Every review of one application, for the admin detail dialog (blind or not). */
export const adminReviewSchema = z.object({
  id: uuid,
  reviewer_id: uuid.nullable(),
  reviewer_email: z.string().nullable(),
  scores: z.record(z.string(), z.number().int()),
  total: z.number(),
  note: z.string(),
  flag: z.enum(REVIEW_FLAGS).nullable(),
  flag_reason: z.string(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type AdminReview = z.infer<typeof adminReviewSchema>;
export const applicationReviewsResponseSchema = z.object({
  summary: applicationReviewSummarySchema,
  criteria: z.array(rubricCriterionSchema),
  reviews: z.array(adminReviewSchema),
  skips: z.array(
    z.object({
      reviewer_email: z.string().nullable(),
      reason: z.enum(SKIP_REASONS),
      created_at: isoDateTime,
    }),
  ),
});
export type ApplicationReviewsResponse = z.infer<typeof applicationReviewsResponseSchema>;

/** GET /api/admin/reviewers */
export const reviewerStatsSchema = z.object({
  reviewer_id: uuid,
  email: z.string(),
  role: z.string(),
  reviews: z.number().int(),
  mean: z.number().nullable(),
  spread: z.number().nullable(),
  median_seconds: z.number().nullable(),
  skips: z.number().int(),
  last_review_at: isoDateTime.nullable(),
});
export type ReviewerStats = z.infer<typeof reviewerStatsSchema>;
export const reviewersResponseSchema = z.object({
  reviewers: z.array(reviewerStatsSchema),
  progress: z.object({
    applications: z.number().int(),
    /** Reviews still needed to bring every application to k (disputed ones to k + 1). */
    reviews_needed: z.number().int(),
    reviews_done: z.number().int(),
    fully_reviewed: z.number().int(),
    /** Reviews per day over the last 3 days. */
    pace_per_day: z.number(),
    /** When the work will be done at that pace, or null with no pace yet. */
    estimated_finish: isoDateTime.nullable(),
  }),
});
export type ReviewersResponse = z.infer<typeof reviewersResponseSchema>;

/** POST /api/admin/decide-by-score/preview and /apply */
export const decideByScoreBodySchema = z
  .object({
    role: z.enum(APPLICANT_ROLES),
    /** Limit to applications with this status (default: awaiting a decision, pending or submitted). */
    status: z.enum(APPLICATION_STATUSES).optional(),
    accept_top: z.number().int().min(0).max(100_000).optional(),
    waitlist_next: z.number().int().min(0).max(100_000).optional(),
    reject_rest: z.boolean().default(false),
    include_flagged: z.boolean().default(false),
  })
  .strict();
export type DecideByScoreBody = z.input<typeof decideByScoreBodySchema>;

export const decideByScoreApplyBodySchema = decideByScoreBodySchema.safeExtend({
  /** The confirmation typed by the admin: the number of applications that change. */
  confirm: z.string().max(20),
});

const bandSchema = z.object({
  status: z.enum(DECISION_STATUSES),
  count: z.number().int(),
  /** The lowest and highest score in the band. */
  min_score: z.number().nullable(),
  max_score: z.number().nullable(),
  first: z.array(z.object({ id: uuid, name: z.string(), score: z.number() })),
  last: z.array(z.object({ id: uuid, name: z.string(), score: z.number() })),
});
export const decideByScorePreviewSchema = z.object({
  role: z.enum(APPLICANT_ROLES),
  ranking: z.enum(RANKING_METHODS),
  considered: z.number().int(),
  excluded_flagged: z.number().int(),
  bands: z.array(bandSchema),
  /** How many applications the apply would change. */
  changes: z.number().int(),
});
export type DecideByScorePreview = z.infer<typeof decideByScorePreviewSchema>;
