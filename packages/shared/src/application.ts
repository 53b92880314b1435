/**
 * The HTTP contract these schemas serve (routes, bodies, errors) is written out in
 * docs/api-applicant.md at the repository root: read it before calling the applicant API.
 */
import { z } from 'zod';
import { APPLICANT_VIEW_STATUSES, WORD_LIMITS } from './constants';
import { offerStateSchema } from './capacity';
import { countWords, isUnder18On, isValidBirthday } from './dates';
import {
  CUSTOM_LIMITS,
  customAnswersSchema,
  customAnswerViewSchema,
  customQuestionSchema,
} from './questions/custom';
import { answersShape } from './questions/schema';

export {
  AVAILABILITY,
  GENDER_LABELS,
  GENDERS,
  HIGH_SCHOOL_YEAR_LABELS,
  HIGH_SCHOOL_YEARS,
  MENTOR_PRESETS,
  ONSITE_AVAILABILITY,
  RACE_LABELS,
  RACES,
  SOCIAL_MEDIA_CONNECTIONS,
  WORKSHOP_INTEREST,
} from './questions/options';
export { optionalHttpUrl } from './questions/validators';

/** The hacker application answers, as the question catalogue declares them. */
export const hackerAnswersObject = z.object(answersShape('hacker'));
export type HackerAnswers = z.infer<typeof hackerAnswersObject>;

export const BIRTHDAY_MESSAGE = 'Please enter a valid birthday';
export const TERMS_MESSAGE = 'You must accept the terms to apply.';
export const GUARDIAN_MESSAGE = "Guardian's name is required for applicants under 18.";

/**
 * Rules across fields (a real birthday, a guardian under 18, the "other" descriptions, both terms);
 * `eventStartDate` is the event config's YYYY-MM-DD.
 */
function hackerRules(eventStartDate: string) {
  return (v: HackerAnswers, ctx: z.RefinementCtx) => {
    if (!isValidBirthday(v.birthYear, v.birthMonth, v.birthDay)) {
      ctx.addIssue({ code: 'custom', path: ['birthDay'], message: BIRTHDAY_MESSAGE });
    } else if (isUnder18On(eventStartDate, v.birthYear, v.birthMonth, v.birthDay) && !v.guardianName) {
      ctx.addIssue({ code: 'custom', path: ['guardianName'], message: GUARDIAN_MESSAGE });
    }
    if (v.isHighSchool && !v.highSchoolYear) {
      ctx.addIssue({ code: 'custom', path: ['highSchoolYear'], message: 'Year in high school is required' });
    }
    if (v.gender === 'other' && !v.genderOther) {
      ctx.addIssue({ code: 'custom', path: ['genderOther'], message: 'Please describe your gender' });
    }
    if (v.race === 'raceOther' && !v.raceOther) {
      ctx.addIssue({
        code: 'custom',
        path: ['raceOther'],
        message: 'Please describe your race or ethnicity',
      });
    }
    if (!v.termsAccepted) ctx.addIssue({ code: 'custom', path: ['termsAccepted'], message: TERMS_MESSAGE });
    if (!v.mlhTermsAccepted)
      ctx.addIssue({ code: 'custom', path: ['mlhTermsAccepted'], message: TERMS_MESSAGE });
  };
}

/** The form's schema: the answers and every validation rule. */
export function hackerAnswersSchema(eventStartDate: string) {
  return hackerAnswersObject.superRefine(hackerRules(eventStartDate));
}

const accessCodeField = z.string().trim().max(64).optional();

export const ACCOUNT_EMAIL_MESSAGE = 'Email must be the address of your account; it cannot be changed here.';

/**
 * The account's own e-mail, which the forms show read-only among the answers. A body may carry it
 * back; the server checks it against the account (ignoring case) and never stores it from the body.
 */
const accountEmailField = z.string().trim().max(254, 'Email is too long').optional();

/** POST /api/applications/hacker: the answers, the uploaded resume and the late-mode code; nothing else. */
export function hackerSubmissionSchema(eventStartDate: string) {
  return hackerAnswersObject
    .extend({
      /** The `file_url` answered by POST /api/upload/resume. */
      resume_url: z.string({ error: 'Resume is required' }).min(1, 'Resume is required').max(300),
      access_code: accessCodeField,
      email: accountEmailField,
      /** Answers to the role's custom questions by id, checked by the server against their definitions. */
      custom: customAnswersSchema.optional(),
    })
    .strict()
    .superRefine(hackerRules(eventStartDate));
}

export const mentorAnswersObject = z.object(answersShape('mentor'));
export type MentorAnswers = z.infer<typeof mentorAnswersObject>;

export const MENTOR_WORD_LIMIT_MESSAGE = 'Why are you a good fit question must be 150 words or less.';
export const MENTOR_TERMS_MESSAGE = 'Please accept both terms and conditions.';

function mentorRules(v: MentorAnswers, ctx: z.RefinementCtx) {
  if (countWords(v.whyGoodFit) > WORD_LIMITS.mentorFit) {
    ctx.addIssue({ code: 'custom', path: ['whyGoodFit'], message: MENTOR_WORD_LIMIT_MESSAGE });
  }
  if (!v.termsAccepted || !v.mlhTermsAccepted) {
    ctx.addIssue({ code: 'custom', path: ['termsAccepted'], message: MENTOR_TERMS_MESSAGE });
  }
}

export const mentorAnswersSchema = mentorAnswersObject.superRefine(mentorRules);

/** POST /api/applications/mentor: the resume is optional for mentors. */
export const mentorSubmissionSchema = mentorAnswersObject
  .extend({
    resume_url: z.string().max(300).optional(),
    access_code: accessCodeField,
    email: accountEmailField,
    custom: customAnswersSchema.optional(),
  })
  .strict()
  .superRefine(mentorRules);

/**
 * The built-in answers fit in 100,000 characters; the custom ones (`answers.custom`) have their own
 * room, as an organiser may ask many paragraphs of up to CUSTOM_LIMITS.paragraphChars each.
 */
function draftFits({ custom, ...builtIn }: Record<string, unknown>): boolean {
  return (
    JSON.stringify(builtIn).length <= 100_000 &&
    (custom === undefined || JSON.stringify(custom).length <= CUSTOM_LIMITS.draftChars)
  );
}

/** Drafts hold whatever has been typed so far: every answer optional, bounded in size. */
export const draftBodySchema = z
  .object({
    role: z.enum(['hacker', 'mentor']),
    answers: z.record(z.string().max(64), z.unknown()).refine(draftFits, 'Draft is too large'),
    resume_url: z.string().max(300).nullable().optional(),
    /**
     * The page saving (a random id per form it shows) and its count of saves. Of two saves from one
     * page the higher count wins whichever lands last; a save from another page always applies.
     */
    client_tab: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, 'client_tab must be 8 to 64 letters, digits, - or _')
      .optional(),
    client_seq: z.number().int().min(1).max(2_147_483_647).optional(),
  })
  .strict()
  .refine((b) => (b.client_tab === undefined) === (b.client_seq === undefined), {
    message: 'client_tab and client_seq go together',
    path: ['client_seq'],
  });
export type DraftBody = z.infer<typeof draftBodySchema>;

export const uploadedFileSchema = z.object({
  file_url: z.string(),
  name: z.string(),
  original_name: z.string(),
  size: z.number().int(),
  content_type: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

export const draftResponseSchema = z.object({
  draft: z
    .object({
      role: z.enum(['hacker', 'mentor']),
      answers: z.record(z.string(), z.unknown()),
      resume: uploadedFileSchema.nullable(),
      updated_at: z.string(),
      /**
       * GET only: the role's custom questions as this applicant is held to them (changes apply to
       * applications started afterwards). Absent when the role asks none.
       */
      custom_questions: z.array(customQuestionSchema).optional(),
    })
    .nullable(),
});
export type DraftResponse = z.infer<typeof draftResponseSchema>;

/** GET /api/applications/me: the applicant's own record; decisions hidden until released. */
export const myApplicationSchema = z.object({
  _id: z.string(),
  role: z.enum(['hacker', 'mentor']),
  status: z.enum(APPLICANT_VIEW_STATUSES),
  /** True until the role's decisions are released: the dashboard says "Under Review" meanwhile. */
  under_review: z.boolean(),
  decisions_released: z.boolean(),
  email: z.string(),
  submitted_at: z.string(),
  updated_at: z.string(),
  resume: uploadedFileSchema.nullable(),
  answers: z.record(z.string(), z.unknown()),
  rsvp_status: z.enum(['accepted', 'declined', 'maybe']).nullable(),
  /** An acceptance with its own RSVP deadline, or that has expired (offers that expire). */
  offer: offerStateSchema.optional(),
  /** What the applicant gave when confirming attendance (null until then). */
  rsvp_details: z
    .object({
      preferred_name: z.string().nullable(),
      school_name: z.string().nullable(),
      pronoun: z.string().nullable(),
    })
    .nullable(),
  /**
   * True once the dashboard has celebrated this released acceptance (on any device); a later decision
   * starts false again. Always false before release and for any other decision.
   */
  celebrated: z.boolean(),
  /** The custom questions' answers in words, each under the wording it was answered under. */
  custom: z.array(customAnswerViewSchema).optional(),
});
export type MyApplication = z.infer<typeof myApplicationSchema>;
export const myApplicationResponseSchema = z.object({ application: myApplicationSchema.nullable() });

export const signedUrlResponseSchema = z.object({ signed_url: z.string(), expires_at: z.string() });

export const citySuggestionSchema = z.object({
  label: z.string(),
  name: z.string(),
  region: z.string(),
  country: z.string(),
});
export const citiesResponseSchema = z.object({ cities: z.array(citySuggestionSchema) });
export type CitySuggestion = z.infer<typeof citySuggestionSchema>;
