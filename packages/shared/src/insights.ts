/**
 * The Insights tab: the numbers organisers count all season, one endpoint per panel
 * (GET /api/admin/insights/<panel>, admins only). Everything that crosses the wire for it is
 * declared here; docs/api-admin.md describes the routes.
 */
import { z } from 'zod';
import { multi } from './admin';
import { APPLICANT_ROLES, APPLICATION_STATUSES } from './constants';
import { REVIEW_STATES } from './review';

/**
 * Gender and race are shown only in groups of at least this many people; smaller groups are merged
 * into "Other" (policies/insights.ts on the server enforces it).
 */
export const INSIGHTS_MIN_GROUP = 5;
/** Schools: the 15 with most applications, then "Others". */
export const INSIGHTS_TOP_SCHOOLS = 15;
/** Other free-text or long lists (majors, "how did you hear", cities) show this many, then "Others". */
export const INSIGHTS_TOP_OTHERS = 12;
/** The check-in chart counts arrivals per this many minutes. */
export const CHECKIN_SLOT_MINUTES = 15;

/** The tab's filters, in the URL as insights_role / insights_status and sent as role / status. */
export const insightsQuerySchema = z
  .object({
    role: multi(APPLICANT_ROLES),
    status: multi(APPLICATION_STATUSES),
  })
  .strict();
export type InsightsQuery = z.input<typeof insightsQuerySchema>;
export type InsightsFilters = z.output<typeof insightsQuerySchema>;

export const LOGISTICS_SCOPES = ['confirmed', 'accepted'] as const;
export type LogisticsScope = (typeof LOGISTICS_SCOPES)[number];
export const logisticsQuerySchema = z
  .object({
    role: multi(APPLICANT_ROLES),
    /** confirmed: accepted and said yes (the people to plan for); accepted: every accepted applicant. */
    scope: z.enum(LOGISTICS_SCOPES).default('confirmed'),
  })
  .strict();
export type LogisticsQuery = z.input<typeof logisticsQuerySchema>;

/**
 * One bar or slice. `key` is the value the Applications list filters by when a click can open the
 * list filtered to it (for example the school's name, or 'true' for high school), and null when
 * the list has no such filter or the bar is a merged "Others".
 */
export const bucketSchema = z.object({
  label: z.string(),
  count: z.number().int(),
  key: z.string().nullable(),
});
export type Bucket = z.infer<typeof bucketSchema>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

// -- Applications over time -------------------------------------------------------------------

export const timelineDaySchema = z.object({
  /** A day in the event's time zone. */
  date: day,
  registered: z.number().int(),
  started: z.number().int(),
  submitted: z.number().int(),
  registered_total: z.number().int(),
  started_total: z.number().int(),
  submitted_total: z.number().int(),
});
export const timelineSchema = z.object({
  days: z.array(timelineDaySchema),
  /** The application deadline (Settings), null when none is set. */
  deadline: z.string().nullable(),
  /**
   * Submitted applications projected to the deadline from the recent pace (the last 7 days'
   * average per day); null when there is no deadline, it has passed, or nothing was submitted lately.
   */
  projection: z
    .object({
      per_day: z.number(),
      days_left: z.number(),
      submitted_at_deadline: z.number().int(),
    })
    .nullable(),
});
export type Timeline = z.infer<typeof timelineSchema>;

// -- Funnel -----------------------------------------------------------------------------------

export const FUNNEL_STAGES = [
  'registered',
  'started',
  'submitted',
  'reviewed',
  'accepted',
  'confirmed',
  'checked_in',
] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];
export const funnelSchema = z.object({
  roles: z.array(
    z.object({
      role: z.enum(APPLICANT_ROLES),
      stages: z.array(
        z.object({
          stage: z.enum(FUNNEL_STAGES),
          label: z.string(),
          count: z.number().int(),
          /** Percent of the stage before (0..100, one decimal); null for the first stage or after a 0. */
          share: z.number().nullable(),
        }),
      ),
    }),
  ),
  /** Whether any review has been written: the "reviewed" stage is shown only then. */
  review_used: z.boolean(),
});
export type Funnel = z.infer<typeof funnelSchema>;

// -- Who applied ------------------------------------------------------------------------------

export const demographicsSchema = z.object({
  /** Submitted applications matching the filters. */
  total: z.number().int(),
  schools: z.array(bucketSchema),
  majors: z.array(bucketSchema),
  graduation_years: z.array(bucketSchema),
  levels: z.array(bucketSchema),
  ages: z.array(bucketSchema),
  /** Aggregates only, every group at least INSIGHTS_MIN_GROUP people; empty when too few answered. */
  genders: z.array(bucketSchema),
  races: z.array(bucketSchema),
  heard: z.array(bucketSchema),
  /** null when no application form asks whether this is their first hackathon. */
  first_time: z.array(bucketSchema).nullable(),
});
export type Demographics = z.infer<typeof demographicsSchema>;

// -- Logistics --------------------------------------------------------------------------------

export const DIETARY_GROUPS = [
  'vegetarian',
  'vegan',
  'halal',
  'kosher',
  'gluten_free',
  'dairy_free',
  'nut_allergy',
  'shellfish_allergy',
  'pescatarian',
  'no_pork',
  'no_beef',
] as const;
export type DietaryGroup = (typeof DIETARY_GROUPS)[number];

export const logisticsSchema = z.object({
  scope: z.enum(LOGISTICS_SCOPES),
  /** The people counted (confirmed attendees, or every accepted applicant). */
  total: z.number().int(),
  shirts: z.array(bucketSchema),
  /** Recognised needs (one person may count in several), then "None"; `key` is the group. */
  dietary: z.array(bucketSchema),
  /** Answers no group recognised, verbatim (trimmed), most common first: for the caterer to read. */
  dietary_other: z.array(z.object({ text: z.string(), count: z.number().int() })),
  accommodations: z.array(bucketSchema),
  visa: z.array(bucketSchema),
});
export type Logistics = z.infer<typeof logisticsSchema>;

// -- Where people travel from -----------------------------------------------------------------

export const travelCitySchema = z.object({
  label: z.string(),
  country: z.string(),
  /** ISO 3166-1 alpha-2. */
  country_code: z.string(),
  lat: z.number(),
  lng: z.number(),
  count: z.number().int(),
  /** Kilometres from the venue, when the venue's coordinates are configured. */
  distance_km: z.number().nullable(),
});
export type TravelCity = z.infer<typeof travelCitySchema>;
export const travelSchema = z.object({
  total: z.number().int(),
  venue: z.object({ name: z.string(), lat: z.number(), lng: z.number() }).nullable(),
  /** Every matched city, most people first (capped at 500 cities). */
  cities: z.array(travelCitySchema),
  /** Answers that name no known city. */
  unmatched: z.number().int(),
  /** People per distance band from the venue; empty without venue coordinates. */
  bands: z.array(bucketSchema),
});
export type Travel = z.infer<typeof travelSchema>;

// -- RSVPs and check-ins, live ----------------------------------------------------------------

export const rsvpTimelineSchema = z.object({
  days: z.array(
    z.object({
      date: day,
      accepted: z.number().int(),
      declined: z.number().int(),
      accepted_total: z.number().int(),
      declined_total: z.number().int(),
    }),
  ),
  /** Accepted applicants whose answer is still open. */
  awaiting: z.number().int(),
});
export type RsvpTimeline = z.infer<typeof rsvpTimelineSchema>;

export const checkinTimelineSchema = z.object({
  /** 15-minute slots from the first check-in to the last (ISO start times), with the running total. */
  slots: z.array(z.object({ start: z.string(), count: z.number().int(), total: z.number().int() })),
  checked_in: z.number().int(),
  /** Check-in records not yet checked in (the people still expected at the door). */
  expected: z.number().int(),
});
export type CheckinTimeline = z.infer<typeof checkinTimelineSchema>;

// -- Review progress --------------------------------------------------------------------------

export const reviewProgressInsightSchema = z.object({
  /** Applications awaiting a decision, by where they stand in review. */
  states: z.array(z.object({ state: z.enum(REVIEW_STATES), label: z.string(), count: z.number().int() })),
  reviews_per_day: z.array(z.object({ date: day, count: z.number().int(), total: z.number().int() })),
  reviewers_active: z.number().int(),
  reviews_total: z.number().int(),
});
export type ReviewProgressInsight = z.infer<typeof reviewProgressInsightSchema>;

// -- Custom questions (issue 19) ---------------------------------------------------------------

/**
 * The forms' custom yes/no and choice questions, counted over the submitted applications that match
 * the filters. A bucket's `key` is the Applications list's custom filter value (`<id>:<answer>`),
 * null for "Other".
 */
export const customInsightsSchema = z.object({
  questions: z.array(
    z.object({
      id: z.string().uuid(),
      role: z.enum(APPLICANT_ROLES),
      label: z.string(),
      /** Applications with an answer to it. */
      answered: z.number().int(),
      buckets: z.array(bucketSchema),
    }),
  ),
});
export type CustomInsights = z.infer<typeof customInsightsSchema>;

export const INSIGHT_PANELS = [
  'timeline',
  'funnel',
  'demographics',
  'logistics',
  'travel',
  'rsvps',
  'checkins',
  'review',
  'custom',
] as const;
export type InsightPanel = (typeof INSIGHT_PANELS)[number];
