import { z } from 'zod';
import { pageQuerySchema } from './common';
import { multi } from './admin';
import { offerStateSchema } from './capacity';
import {
  APPLICANT_ROLES,
  APPLICATION_STATUSES,
  PAGE_SIZE,
  PRONOUN_PRESETS,
  RSVP_STATUSES,
} from './constants';

/** Statuses that get an RSVP form once their role's decisions are released. */
export const RSVP_ELIGIBLE_STATUSES = ['accepted', 'waitlisted'] as const;

export const RSVP_CLOSED_MESSAGE =
  'RSVPs are currently closed. Please check back later or contact the organizers.';
export const RSVP_DEADLINE_MESSAGE =
  'The RSVP deadline has passed. Please contact the organizers if you need to make changes.';

const optionalLink = z
  .string()
  .trim()
  .max(2048)
  .refine(
    (v) => v === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v),
    'Enter a full link starting with http:// or https://',
  )
  .default('');

/**
 * POST /api/applications/rsvp. `accepted` means "I will attend" for accepted applicants
 * and "keep me on the waitlist" for waitlisted ones; `declined` means "cannot attend" / "remove me".
 */
export const rsvpSubmissionObject = z
  .object({
    response: z.enum(['accepted', 'declined'], { error: 'Choose a response' }),
    preferredName: z.string().trim().max(200).default(''),
    schoolName: z.string().trim().max(200).default(''),
    pronoun: z.enum(PRONOUN_PRESETS).optional(),
    pronounOther: z.string().trim().max(50).default(''),
    linkedinUrl: optionalLink,
    githubUrl: optionalLink,
    liabilityWaiverAccepted: z.boolean().default(false),
    photoClearanceAccepted: z.boolean().default(false),
    photoSharingOptOut: z.boolean().default(false),
  })
  .strict();
export type RsvpSubmission = z.infer<typeof rsvpSubmissionObject>;

/** The attendance details an accepted applicant must give when confirming. */
export function rsvpRules(v: RsvpSubmission, ctx: z.RefinementCtx, applicantStatus: string): void {
  if (v.response !== 'accepted' || applicantStatus !== 'accepted') return;
  if (!v.preferredName)
    ctx.addIssue({ code: 'custom', path: ['preferredName'], message: 'Preferred name is required' });
  if (!v.schoolName)
    ctx.addIssue({ code: 'custom', path: ['schoolName'], message: 'School name is required' });
  if (!v.pronoun) ctx.addIssue({ code: 'custom', path: ['pronoun'], message: 'Pronoun is required' });
  if (v.pronoun === 'Other' && !v.pronounOther) {
    ctx.addIssue({ code: 'custom', path: ['pronounOther'], message: 'Please specify your pronoun' });
  }
  if (!v.liabilityWaiverAccepted) {
    ctx.addIssue({
      code: 'custom',
      path: ['liabilityWaiverAccepted'],
      message: 'You must accept the liability waiver',
    });
  }
  if (v.photoClearanceAccepted === v.photoSharingOptOut) {
    ctx.addIssue({ code: 'custom', path: ['photoClearanceAccepted'], message: 'Choose a photo preference' });
  }
}

/** The pronoun as stored: a preset, or the applicant's own words for Other. */
export function storedPronoun(v: Pick<RsvpSubmission, 'pronoun' | 'pronounOther'>): string | null {
  if (!v.pronoun) return null;
  return v.pronoun === 'Other' ? v.pronounOther : v.pronoun;
}

export const LIABILITY_FILTERS = ['accepted', 'declined', 'n/a'] as const;
export const PHOTO_FILTERS = ['allow_sharing', 'no_public_sharing', 'declined', 'n/a'] as const;
/** At the door: checked in (the desk says so now) or not. */
export const CHECKIN_FILTERS = ['checked_in', 'not_checked_in'] as const;

export const adminRsvpQuerySchema = z
  .object({
    search: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(200).optional()),
    status: multi(['accepted', 'waitlisted', 'rejected'] as const),
    role: multi(APPLICANT_ROLES),
    // `expired`: offers whose own deadline passed unanswered (they are not "no response").
    rsvp_status: multi([...RSVP_STATUSES, 'no_response', 'expired'] as const),
    liability: multi(LIABILITY_FILTERS),
    photo: multi(PHOTO_FILTERS),
    checkin: multi(CHECKIN_FILTERS),
    page: pageQuerySchema,
    limit: z.coerce.number().int().min(1).max(200).default(PAGE_SIZE),
  })
  .strict();
export type AdminRsvpFilters = z.output<typeof adminRsvpQuerySchema>;

export const rsvpRowSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(APPLICANT_ROLES),
  status: z.enum(APPLICATION_STATUSES),
  rsvp_status: z.enum(RSVP_STATUSES).nullable(),
  rsvp_at: z.string().nullable(),
  preferred_name: z.string().nullable(),
  school_name: z.string().nullable(),
  pronoun: z.string().nullable(),
  linkedin_url: z.string().nullable(),
  github_url: z.string().nullable(),
  liability_waiver_accepted: z.boolean().nullable(),
  photo_clearance_accepted: z.boolean().nullable(),
  photo_sharing_opt_out: z.boolean().nullable(),
  /** An acceptance with its own RSVP deadline, or that has expired (offers that expire). */
  offer: offerStateSchema.optional(),
});
export type RsvpRow = z.infer<typeof rsvpRowSchema>;

export const rsvpStatsSchema = z.object({
  total_rsvp: z.number().int(),
  accepted: z.number().int(),
  declined: z.number().int(),
  maybe: z.number().int(),
  /** Unanswered and not expired. */
  no_response: z.number().int(),
  /** Offers whose own deadline passed unanswered; present only when there are any. */
  expired: z.number().int().optional(),
});

export const adminRsvpResponseSchema = z.object({
  applications: z.array(rsvpRowSchema),
  rsvp_stats: rsvpStatsSchema,
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
});

const nullableLink = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => v === '' || /^https?:\/\//i.test(v), 'Enter a full link starting with http:// or https://')
  .nullable()
  .optional();

/** PUT /api/admin/applications/:id/rsvp. `rsvp_status: null` clears the answer. */
export const adminRsvpBodySchema = z
  .object({
    rsvp_status: z.enum(RSVP_STATUSES).nullable(),
    preferred_name: z.string().trim().max(200).nullable().optional(),
    school_name: z.string().trim().max(200).nullable().optional(),
    pronoun: z.string().trim().max(50).nullable().optional(),
    linkedin_url: nullableLink,
    github_url: nullableLink,
    liability_waiver_accepted: z.boolean().nullable().optional(),
    photo_clearance_accepted: z.boolean().nullable().optional(),
    photo_sharing_opt_out: z.boolean().nullable().optional(),
  })
  .strict();
