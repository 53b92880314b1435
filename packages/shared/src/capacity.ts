import { z } from 'zod';
import { APPLICANT_ROLES, type ApplicantRole } from './constants';

// Admissions to capacity: how many places each role has, the shares that turn offers into people at
// the door, and the projection the admissions view shows. Everything that crosses the wire for it
// is declared here, once; the projection's arithmetic too, so the server and the page agree.

export const CAPACITY_MAX_PLACES = 100_000;
export const DEFAULT_ATTEND_PERCENT = 85;
export const DEFAULT_YES_PERCENT = 60;
/** A share measured from this event is shown once this many people have answered. */
export const DEFAULT_MIN_ANSWERS = 50;
export const OFFER_DAYS_MAX = 90;

const percent = z
  .number({ error: 'Enter a percentage from 0 to 100' })
  .int('Enter a whole percentage')
  .min(0, 'Enter a percentage from 0 to 100')
  .max(100, 'Enter a percentage from 0 to 100');

export const capacityRoleSchema = z
  .object({
    /** null: the organisers have not said (no projection target). */
    places: z
      .number({ error: 'Enter a number of places' })
      .int('Enter a whole number of places')
      .min(0, 'Places cannot be negative')
      .max(CAPACITY_MAX_PLACES, `At most ${CAPACITY_MAX_PLACES.toLocaleString('en-US')} places`)
      .nullable(),
    /** Of confirmed people, the share expected at the event. */
    attend_percent: percent,
    /** Of offers, the share expected to answer "yes". */
    yes_percent: percent,
    /** Use the shares measured from this event's own answers, once there are enough. */
    use_measured: z.boolean(),
    /** Fill a freed place from the top of this role's waitlist by itself (once decisions are released). */
    auto_promote: z.boolean(),
  })
  .strict();
export type CapacityRole = z.infer<typeof capacityRoleSchema>;

export const capacitySettingsSchema = z
  .object({
    hacker: capacityRoleSchema,
    mentor: capacityRoleSchema,
    min_answers: z
      .number({ error: 'Enter a number of answers' })
      .int('Enter a whole number of answers')
      .min(1, 'At least 1 answer')
      .max(10_000, 'At most 10,000 answers'),
    /** Waitlisted applicants see their place on the waitlist ("You are number 37 on the waitlist"). */
    show_waitlist_position: z.boolean(),
    /**
     * Offers expire: an accepted applicant has this many days to answer, counted from when their
     * decision is released to them or they are promoted, and never past the global RSVP deadline.
     * null: no offer expires (the global deadline alone, as before).
     */
    offer_days: z
      .number({ error: 'Enter a number of days' })
      .int('Enter a whole number of days')
      .min(1, 'At least 1 day')
      .max(OFFER_DAYS_MAX, `At most ${OFFER_DAYS_MAX} days`)
      .nullable(),
    /** Stops automatic promotion at once, for every role, until it is resumed. */
    promotion_paused: z.boolean(),
  })
  .strict();
export type CapacitySettings = z.infer<typeof capacitySettingsSchema>;

const DEFAULT_ROLE: CapacityRole = {
  places: null,
  attend_percent: DEFAULT_ATTEND_PERCENT,
  yes_percent: DEFAULT_YES_PERCENT,
  use_measured: false,
  auto_promote: false,
};
export const DEFAULT_CAPACITY_SETTINGS: CapacitySettings = {
  hacker: DEFAULT_ROLE,
  mentor: DEFAULT_ROLE,
  min_answers: DEFAULT_MIN_ANSWERS,
  show_waitlist_position: false,
  offer_days: null,
  promotion_paused: false,
};

/**
 * An offer with its own deadline (offers that expire), as the applicant's dashboard and the admin
 * RSVP list show it. Absent where there is no such offer, so without the setting nothing changes.
 */
export const offerStateSchema = z.object({
  /** Their own RSVP deadline, never past the global one ("Confirm by …"). */
  due_at: z.string().nullable(),
  /** The deadline passed unanswered: the applicant can no longer RSVP and the place is free. */
  expired: z.boolean(),
});
export type OfferState = z.infer<typeof offerStateSchema>;

/** PUT /api/admin/admissions/settings: any of the fields, a role's too (the rest are kept). */
export const updateCapacitySettingsBodySchema = capacitySettingsSchema
  .extend({ hacker: capacityRoleSchema.partial(), mentor: capacityRoleSchema.partial() })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type UpdateCapacitySettingsBody = z.infer<typeof updateCapacitySettingsBodySchema>;

/** One share as the admissions view shows it: the setting, what this event measured, what is used. */
export const shareSchema = z.object({
  default_percent: z.number(),
  /** null until enough people have answered (min_answers). */
  measured_percent: z.number().nullable(),
  /** How many answers the measured share is drawn from. */
  answers: z.number().int(),
  used_percent: z.number(),
});
export type Share = z.infer<typeof shareSchema>;

export const admissionsCountsSchema = z.object({
  /** Accepted applicants: offers made (or planned, while decisions are not released). */
  offers: z.number().int(),
  confirmed: z.number().int(),
  declined: z.number().int(),
  /** Offers whose own deadline passed unanswered: their places are free again. */
  expired: z.number().int(),
  /** Accepted with no answer yet ("maybe" counts as no answer). */
  awaiting: z.number().int(),
  /** On the waitlist and not asking to be removed. */
  waitlisted: z.number().int(),
  /** Confirmed people checked in at the door. */
  checked_in: z.number().int(),
});
export type AdmissionsCounts = z.infer<typeof admissionsCountsSchema>;

export const admissionsRoleSchema = admissionsCountsSchema.extend({
  role: z.enum(APPLICANT_ROLES),
  released: z.boolean(),
  places: z.number().int().nullable(),
  attend: shareSchema,
  yes: shareSchema,
  /** confirmed × attend + awaiting × yes × attend, to one decimal. */
  expected_attendance: z.number(),
  /** Expected attendees per further offer (yes × attend), as a fraction. */
  per_offer: z.number(),
  /** The offers that would bring expected attendance up to the places; null without places or when an offer brings nobody. */
  suggested_offers: z.number().int().nullable(),
});
export type AdmissionsRole = z.infer<typeof admissionsRoleSchema>;

export const admissionsSchema = z.object({
  settings: capacitySettingsSchema,
  roles: z.array(admissionsRoleSchema),
});
export type Admissions = z.infer<typeof admissionsSchema>;

const round1 = (n: number) => Math.round(n * 10) / 10;

/** A share in percent from a count of answers, once there are at least `min` of them. */
export function measuredPercent(part: number, answers: number, min: number): number | null {
  return answers >= min && answers > 0 ? round1((100 * part) / answers) : null;
}

export function shareOf(
  defaultPercent: number,
  measured: number | null,
  answers: number,
  useMeasured: boolean,
): Share {
  return {
    default_percent: defaultPercent,
    measured_percent: measured,
    answers,
    used_percent: useMeasured && measured != null ? measured : defaultPercent,
  };
}

/** Expected attendance: confirmed people who come, plus awaiting offers that get a "yes" and come. */
export function expectedAttendance(
  counts: Pick<AdmissionsCounts, 'confirmed' | 'awaiting'>,
  attendPercent: number,
  yesPercent: number,
): number {
  const attend = attendPercent / 100;
  return round1(counts.confirmed * attend + counts.awaiting * (yesPercent / 100) * attend);
}

/** "If we send N more offers, we expect about M more attendees." */
export function attendeesFromOffers(offers: number, attendPercent: number, yesPercent: number): number {
  return round1(offers * (attendPercent / 100) * (yesPercent / 100));
}

/** The fewest further offers whose expected attendees fill the places (0 when already full). */
export function suggestedOffers(
  places: number | null,
  expected: number,
  attendPercent: number,
  yesPercent: number,
): number | null {
  const perOffer = (attendPercent / 100) * (yesPercent / 100);
  if (places == null || perOffer <= 0) return null;
  const short = places - expected;
  if (short <= 0) return 0;
  // A hair under an integer is that integer: 0.6 × 0.85 in floating point is not exact.
  return Math.ceil(short / perOffer - 1e-9);
}

/** The admissions view of one role, from its counts and its capacity settings. */
export function admissionsOf(
  role: ApplicantRole,
  released: boolean,
  counts: AdmissionsCounts,
  settings: CapacitySettings,
): AdmissionsRole {
  const own = settings[role];
  const answered = counts.confirmed + counts.declined;
  const yes = shareOf(
    own.yes_percent,
    measuredPercent(counts.confirmed, answered, settings.min_answers),
    answered,
    own.use_measured,
  );
  // Attendance is only measured at the door: the share of confirmed people checked in.
  const attend = shareOf(
    own.attend_percent,
    counts.checked_in >= settings.min_answers
      ? measuredPercent(counts.checked_in, counts.confirmed, 1)
      : null,
    counts.checked_in,
    own.use_measured,
  );
  const expected = expectedAttendance(counts, attend.used_percent, yes.used_percent);
  return {
    role,
    released,
    places: own.places,
    ...counts,
    attend,
    yes,
    expected_attendance: expected,
    per_offer: (attend.used_percent / 100) * (yes.used_percent / 100),
    suggested_offers: suggestedOffers(own.places, expected, attend.used_percent, yes.used_percent),
  };
}

/** The most applicants one wave promotes. */
export const PROMOTE_MAX = 10_000;

/** POST /api/admin/admissions/promote/preview: the next `count` from the role's waitlist. */
export const promoteBodySchema = z
  .object({
    role: z.enum(APPLICANT_ROLES),
    count: z
      .number({ error: 'Enter how many to promote' })
      .int('Enter a whole number')
      .min(1, 'Promote at least 1')
      .max(PROMOTE_MAX, `At most ${PROMOTE_MAX.toLocaleString('en-US')} at once`),
  })
  .strict();
export type PromoteBody = z.infer<typeof promoteBodySchema>;

/** POST /api/admin/admissions/promote: the same, with the number the admin typed to confirm. */
export const promoteApplyBodySchema = promoteBodySchema.safeExtend({
  confirm: z.string().max(20),
});
export type PromoteApplyBody = z.infer<typeof promoteApplyBodySchema>;

const promotedPersonSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  score: z.number().nullable(),
});

/** Who a wave promotes (or promoted): how many, the first and last few, and the projection after it. */
export const promotePreviewSchema = z.object({
  role: z.enum(APPLICANT_ROLES),
  /** Waitlisted applicants who can be promoted (flagged ones and those who asked to be removed are not). */
  waitlisted: z.number().int(),
  excluded_flagged: z.number().int(),
  count: z.number().int(),
  first: z.array(promotedPersonSchema),
  last: z.array(promotedPersonSchema),
  expected_attendance_before: z.number(),
  expected_attendance_after: z.number(),
});
export type PromotePreview = z.infer<typeof promotePreviewSchema>;

/** GET /api/applications/me/waitlist-position: null unless the organisers show it and it applies. */
export const waitlistPositionSchema = z.object({ position: z.number().int().min(1).nullable() });
export type WaitlistPosition = z.infer<typeof waitlistPositionSchema>;

export function waitlistPositionText(position: number): string {
  return `You are number ${position.toLocaleString('en-US')} on the waitlist`;
}

/**
 * POST /api/admin/admissions/offers/extend: one person's offer (`application_id`, open or expired,
 * to any future time) or everyone's open offers (of one role, or all), which only ever moves a
 * deadline later. Never past the global RSVP deadline.
 */
export const extendOffersBodySchema = z
  .object({
    application_id: z.uuid('Choose an applicant').optional(),
    role: z.enum(APPLICANT_ROLES).optional(),
    due_at: z.iso.datetime({ offset: true, error: 'Choose a date and time' }),
  })
  .strict()
  .refine((v) => !(v.application_id && v.role), 'Give an applicant or a role, not both');
export type ExtendOffersBody = z.infer<typeof extendOffersBodySchema>;
export const extendOffersResultSchema = z.object({
  /** Offers whose deadline changed. */
  extended: z.number().int(),
  due_at: z.string(),
});
export type ExtendOffersResult = z.infer<typeof extendOffersResultSchema>;
