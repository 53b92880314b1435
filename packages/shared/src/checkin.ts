import { z } from 'zod';
import { pageQuerySchema } from './common';
import { CHECKIN_ROLES, PAGE_SIZE } from './constants';
import { parseBirthMonth } from './dates';

export const checkinStatsSchema = z.object({
  total: z.number().int(),
  checked_in: z.number().int(),
  not_checked_in: z.number().int(),
  /** Each role on its own, in CHECKIN_ROLES order: "Total Hackers" reads the hacker row. */
  by_role: z.array(
    z.object({ role: z.enum(CHECKIN_ROLES), total: z.number().int(), checked_in: z.number().int() }),
  ),
});
export type CheckinStats = z.infer<typeof checkinStatsSchema>;

/** A check-in record as the check-in portal shows it. */
export const checkinRecordSchema = z.object({
  _id: z.string(),
  application_id: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  school_name: z.string(),
  role: z.enum(CHECKIN_ROLES),
  major: z.string().nullable(),
  birthYear: z.number().int().nullable(),
  birthMonth: z.number().int().nullable(),
  birthDay: z.number().int().nullable(),
  isHighSchool: z.boolean().nullable(),
  preferred_name: z.string().nullable(),
  pronoun: z.string().nullable(),
  linkedin_url: z.string().nullable(),
  github_url: z.string().nullable(),
  gender: z.string().nullable(),
  race: z.string().nullable(),
  shirtSize: z.string().nullable(),
  travelFrom: z.string().nullable(),
  checked_in: z.boolean(),
  checked_in_at: z.string().nullable(),
  checked_in_by_email: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CheckinRecord = z.infer<typeof checkinRecordSchema>;

const triState = z.preprocess(
  (v) => (v === '' || v === 'all' ? undefined : v),
  z.enum(['true', 'false']).optional(),
);
const text = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string().trim().max(200).optional(),
);

export const checkinRecordsQuerySchema = z
  .object({
    search: text,
    checked_in: triState,
    school: text,
    major: text,
    is_high_school: triState,
    role: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(CHECKIN_ROLES).optional()),
    page: pageQuerySchema,
    limit: z.coerce.number().int().min(1).max(200).default(PAGE_SIZE),
  })
  .strict();
export type CheckinRecordsQuery = z.input<typeof checkinRecordsQuerySchema>;

export const checkinRecordsResponseSchema = z.object({
  records: z.array(checkinRecordSchema),
  /** Exact, unless `total_capped`: then at least this many match (CHECKIN_COUNT_AHEAD past the page). */
  total: z.number().int(),
  total_capped: z.boolean(),
  page: z.number().int(),
  pages: z.number().int(),
});

/**
 * How far past the page's first record the list counts ("2,000+ found"): a desk needs no more, and
 * the count's cost stays bounded on a platform's 100,000 records. Above BADGE_SELECTION_MAX, so a
 * bounded total is always too many to print as a selection.
 */
export const CHECKIN_COUNT_AHEAD = 2000;

const optionalText = (max: number) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (typeof v === 'string' ? v.trim().slice(0, max) : v));

/** Whole numbers from forms and CSV files alike ("2004", 2004, "" for none). */
const optionalInt = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v === '') return v === undefined ? undefined : null;
    const n = typeof v === 'number' ? v : Number(String(v).trim());
    if (!Number.isInteger(n)) {
      ctx.addIssue({ code: 'custom', message: 'Must be a whole number' });
      return z.NEVER;
    }
    return n;
  });

const birthMonth = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v === '') return v === undefined ? undefined : null;
    const month = parseBirthMonth(v);
    if (!month) {
      ctx.addIssue({ code: 'custom', message: 'Birth month must be 1-12 or a month name' });
      return z.NEVER;
    }
    return month;
  });

/** yes/no, true/false, 1/0, y/n; empty for unknown. */
export function parseLooseBoolean(v: unknown): boolean | null | undefined {
  if (v === undefined) return undefined;
  if (v === null || v === '') return null;
  if (typeof v === 'boolean') return v;
  const t = String(v).trim().toLowerCase();
  if (['true', 'yes', 'y', '1'].includes(t)) return true;
  if (['false', 'no', 'n', '0'].includes(t)) return false;
  return undefined;
}

const looseBoolean = z
  .union([z.boolean(), z.string(), z.number(), z.null()])
  .optional()
  .transform((v, ctx) => {
    const parsed = parseLooseBoolean(v);
    if (parsed === undefined && v !== undefined) {
      ctx.addIssue({ code: 'custom', message: 'Must be true or false' });
      return z.NEVER;
    }
    return parsed;
  });

const link = z
  .union([z.string(), z.null()])
  .optional()
  .refine((v) => !v || /^https?:\/\/\S+$/i.test(v.trim()), 'Links must start with http:// or https://')
  .transform((v) => (typeof v === 'string' ? v.trim() || null : v));

/** Every editable field of a check-in record; which are required depends on create vs edit. */
export const checkinFieldsSchema = z
  .object({
    firstName: optionalText(100),
    lastName: optionalText(100),
    email: optionalText(254),
    phone: optionalText(40),
    school_name: optionalText(200),
    // A spreadsheet from an American team says "organizer"; it is the same role.
    role: z.preprocess(
      (v) => (v === '' ? undefined : v === 'organizer' ? 'organiser' : v),
      z.enum(CHECKIN_ROLES).optional(),
    ),
    major: optionalText(200),
    birthYear: optionalInt,
    birthMonth,
    birthDay: optionalInt,
    isHighSchool: looseBoolean,
    preferred_name: optionalText(200),
    pronoun: optionalText(50),
    linkedin_url: link,
    github_url: link,
    gender: optionalText(50),
    race: optionalText(100),
    shirtSize: optionalText(10),
    travelFrom: optionalText(200),
  })
  .strict();
export type CheckinFields = z.output<typeof checkinFieldsSchema>;

export const CHECKIN_REQUIRED_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'school_name',
  'role',
] as const;

/** The names of required fields left empty ("Missing fields" lists them). */
export function missingCheckinFields(v: Partial<Record<string, unknown>>): string[] {
  return CHECKIN_REQUIRED_FIELDS.filter(
    (k) => v[k] === undefined || v[k] === null || String(v[k]).trim() === '',
  );
}

/** The check-in CSV columns, in order (role is optional and defaults to hacker). */
export const CHECKIN_CSV_COLUMNS = [
  'email',
  'major',
  'phone',
  'birthYear',
  'isHighSchool',
  'preferred_name',
  'school_name',
  'pronoun',
  'linkedin_url',
  'github_url',
  'birthDay',
  'birthMonth',
  'firstName',
  'gender',
  'lastName',
  'race',
  'shirtSize',
  'travelFrom',
] as const;

export const checkInBodySchema = z.object({ checked_in: z.boolean() }).strict();
export const uploadCsvResponseSchema = z.object({ processed_count: z.number().int(), replaced: z.boolean() });
/**
 * "Import from RSVPs" puts the list in step with confirmed RSVPs again (the database keeps it so on
 * every change, decision 014): records made, details copied again, records of people no longer
 * confirmed removed (never one already checked in).
 */
export const importRsvpsResponseSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
});
export const scanBodySchema = z.object({ token: z.string().min(1).max(200) }).strict();
export const qrResponseSchema = z.object({ token: z.string() });

/**
 * 409 from a check-in of someone already checked in: the message, and their record as it is now,
 * so the desk can say loudly who checked them in and when (in its own time zone).
 */
export const alreadyCheckedInSchema = z.object({
  error: z.string(),
  code: z.literal('already_checked_in'),
  record: checkinRecordSchema,
});
export type AlreadyCheckedIn = z.infer<typeof alreadyCheckedInSchema>;

/** A change one desk made, pushed to every other desk (server-sent events). */
export const checkinEventSchema = z.object({
  /** `scan`: a station counted, refused or undid a scan (its station in `station_id`). */
  type: z.enum(['updated', 'created', 'deleted', 'reloaded', 'scan']),
  record_id: z.string().nullable(),
  checked_in: z.boolean().nullable(),
  by: z.string().nullable(),
  at: z.string(),
  station_id: z.string().optional(),
});
export type CheckinEvent = z.infer<typeof checkinEventSchema>;
