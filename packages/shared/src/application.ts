/**
 * The HTTP contract these schemas serve (routes, bodies, errors) is written out in
 * docs/api-applicant.md at the repository root: read it before calling the applicant API.
 */
import { z } from 'zod';
import { APPLICANT_VIEW_STATUSES, SHIRT_SIZES, WORD_LIMITS } from './constants';
import { countWords, isUnder18On, isValidBirthday } from './dates';

export const HIGH_SCHOOL_YEARS = ['freshman', 'sophomore', 'junior', 'senior'] as const;
export const GENDERS = ['male', 'female', 'other', 'prefer-not-to-say'] as const;
export const RACES = [
  'asian',
  'black',
  'hispanic',
  'white',
  'native',
  'pacific',
  'raceOther',
  'race-prefer-not-to-say',
] as const;
export const SOCIAL_MEDIA_CONNECTIONS = ['yes', 'will-do-now'] as const;
export const AVAILABILITY = ['yes', 'no', 'likely'] as const;
export const WORKSHOP_INTEREST = ['yes', 'no'] as const;
export const ONSITE_AVAILABILITY = ['onsite', 'virtual', 'hybrid'] as const;

export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  male: 'Male',
  female: 'Female',
  other: 'Other',
  'prefer-not-to-say': 'Prefer not to say',
};
export const RACE_LABELS: Record<(typeof RACES)[number], string> = {
  asian: 'Asian',
  black: 'Black or African American',
  hispanic: 'Hispanic or Latino',
  white: 'White',
  native: 'American Indian or Alaska Native',
  pacific: 'Native Hawaiian or Other Pacific Islander',
  raceOther: 'Other',
  'race-prefer-not-to-say': 'Prefer not to say',
};
export const HIGH_SCHOOL_YEAR_LABELS: Record<(typeof HIGH_SCHOOL_YEARS)[number], string> = {
  freshman: 'Freshman',
  sophomore: 'Sophomore',
  junior: 'Junior',
  senior: 'Senior',
};

/** Mentor preset lists (spec §3); custom entries are allowed beside them. */
export const MENTOR_PRESETS = {
  expertiseAreas: [
    'Android',
    'iOS',
    'Web Development',
    'Hardware',
    'Windows',
    'macOS',
    'Cloud',
    'Machine Learning',
    'Data Science',
    'UI/UX Design',
    'Backend',
    'Frontend',
    'DevOps',
  ],
  programmingLanguages: [
    'Java',
    'Python',
    'JavaScript',
    'TypeScript',
    'C',
    'C++',
    'C#',
    'Go',
    'Rust',
    'Swift',
    'Kotlin',
    'Ruby',
    'PHP',
  ],
  buildTools: [
    'npm',
    'Yarn',
    'Webpack',
    'Vite',
    'Gradle',
    'Maven',
    'Make',
    'CMake',
    'Bazel',
    'Docker',
    'Cargo',
  ],
  frameworks: [
    'React',
    'Angular',
    'Vue',
    'Svelte',
    'Next.js',
    'Express',
    'Django',
    'Flask',
    'Spring',
    'Rails',
    'Flutter',
    'React Native',
  ],
  databases: [
    'PostgreSQL',
    'MySQL',
    'SQLite',
    'MongoDB',
    'Redis',
    'Firebase',
    'DynamoDB',
    'Cassandra',
    'Elasticsearch',
    'Supabase',
  ],
} as const;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
const optionalText = (max: number) =>
  z.string().trim().max(max, `Must be at most ${max} characters`).default('');
const essay = (label: string) => text(label, 10_000);

/** http(s) links only; empty means "not provided". */
export const optionalHttpUrl = z
  .string()
  .trim()
  .max(2048, 'Link is too long')
  .refine(
    (v) => v === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v),
    'Enter a full link starting with http:// or https://',
  )
  .default('');

const phone = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(1, 'Phone number is required')
  .max(40, 'Phone number is too long')
  .regex(/^[+()\d\s.-]{7,}$/, 'Enter a valid phone number');

/** Birth parts as the form sends them (numbers); validity is checked as a whole below. */
const birthPart = (label: string) =>
  z.number({ error: `${label} is required` }).int(`${label} must be a whole number`);

/** The hacker application answers (spec §3). The e-mail comes from the account, never the body. */
export const hackerAnswersObject = z.object({
  firstName: text('First name', 100),
  lastName: text('Last name', 100),
  phone,
  major: text('Major', 200),
  university: text('School', 200),
  isHighSchool: z.boolean().default(false),
  highSchoolYear: z.enum(HIGH_SCHOOL_YEARS).optional(),
  graduationYear: text('Graduation year', 20),
  birthDay: birthPart('Birth day'),
  birthMonth: birthPart('Birth month'),
  birthYear: birthPart('Birth year'),
  travelFrom: text('Travelling from', 200),
  gender: z.enum(GENDERS).optional(),
  genderOther: optionalText(100),
  race: z.enum(RACES).optional(),
  raceOther: optionalText(100),
  shirtSize: z.enum(SHIRT_SIZES).optional(),
  needsVisa: z.boolean().default(false),
  needsAccommodation: z.boolean().default(false),
  howDidYouHear: text('How did you hear about us', 500),
  dietaryRestrictions: optionalText(500),
  backgroundQuestion: essay('Background answer'),
  householdObjectQuestion: essay('Household object answer'),
  whyAttendQuestion: essay('Why attend answer'),
  portfolio: optionalHttpUrl,
  recruitmentEmails: z.boolean().default(false),
  termsAccepted: z.boolean().default(false),
  mlhTermsAccepted: z.boolean().default(false),
  guardianName: optionalText(200),
  socialMediaConnection: z.enum(SOCIAL_MEDIA_CONNECTIONS).optional(),
  referralName: optionalText(200),
});
export type HackerAnswers = z.infer<typeof hackerAnswersObject>;

export const BIRTHDAY_MESSAGE = 'Please enter a valid birthday';
export const TERMS_MESSAGE = 'You must accept the terms to apply.';
export const GUARDIAN_MESSAGE = "Guardian's name is required for applicants under 18.";

/** Cross-field rules of spec §5; `eventStartDate` is the event config's YYYY-MM-DD. */
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

/** The form's schema: the answers and every rule of spec §5. */
export function hackerAnswersSchema(eventStartDate: string) {
  return hackerAnswersObject.superRefine(hackerRules(eventStartDate));
}

const accessCodeField = z.string().trim().max(64).optional();

/** POST /api/applications/hacker: the answers, the uploaded resume and the late-mode code; nothing else. */
export function hackerSubmissionSchema(eventStartDate: string) {
  return hackerAnswersObject
    .extend({
      /** The `file_url` answered by POST /api/upload/resume. */
      resume_url: z.string({ error: 'Resume is required' }).min(1, 'Resume is required').max(300),
      access_code: accessCodeField,
    })
    .strict()
    .superRefine(hackerRules(eventStartDate));
}

const listEntry = z.string().trim().min(1).max(60);
const mentorList = z
  .array(listEntry)
  .max(40, 'Choose at most 40 entries')
  .default([])
  .transform((items) => [...new Set(items)]);

export const mentorAnswersObject = z.object({
  firstName: text('First name', 100),
  lastName: text('Last name', 100),
  phone,
  title: text('Title', 200),
  affiliation: text('Affiliation', 200),
  workEmail: z
    .string()
    .trim()
    .max(254)
    .refine((v) => v === '' || z.string().email().safeParse(v).success, 'Enter a valid work email')
    .default(''),
  mentorAvailability: z.enum(AVAILABILITY, { error: 'Please answer all availability questions.' }),
  judgeAvailability: z.enum(AVAILABILITY, { error: 'Please answer all availability questions.' }),
  workshopInterest: z.enum(WORKSHOP_INTEREST, { error: 'Please answer all availability questions.' }),
  onsiteAvailability: z.enum(ONSITE_AVAILABILITY, { error: 'Please answer all availability questions.' }),
  expertiseAreas: mentorList,
  programmingLanguages: mentorList,
  buildTools: mentorList,
  frameworks: mentorList,
  databases: mentorList,
  whyGoodFit: z.string().trim().max(5000).default(''),
  additionalInfo: optionalText(5000),
  howDidYouHear: optionalText(500),
  termsAccepted: z.boolean().default(false),
  mlhTermsAccepted: z.boolean().default(false),
});
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
  .extend({ resume_url: z.string().max(300).optional(), access_code: accessCodeField })
  .strict()
  .superRefine(mentorRules);

/** Drafts hold whatever has been typed so far: every answer optional, bounded in size. */
export const draftBodySchema = z
  .object({
    role: z.enum(['hacker', 'mentor']),
    answers: z
      .record(z.string().max(64), z.unknown())
      .refine((v) => JSON.stringify(v).length <= 100_000, 'Draft is too large'),
    resume_url: z.string().max(300).nullable().optional(),
  })
  .strict();
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
