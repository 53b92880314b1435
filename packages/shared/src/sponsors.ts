/**
 * Sponsors and the resume book (issue 21). A sponsor account reads the book during its access
 * window and nothing else. The book holds attendees who consented to sharing (./privacy.ts) and
 * meet the event's rule; a sponsor sees only the fields below: never contact details, date of
 * birth, gender, race, or anyone under 18 on the event's first day.
 */
import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './constants';
import { isoDateTimeSchema } from './dates';

/** Who the book lists, besides consent: confirmed attendees, or only those checked in at the door. */
export const BOOK_RULES = ['confirmed', 'checked_in'] as const;
export type BookRule = (typeof BOOK_RULES)[number];
export const BOOK_RULE_LABELS: Record<BookRule, string> = {
  confirmed: 'Confirmed attendees',
  checked_in: 'Checked-in attendees only',
};

/** At most this many resumes in one zip (a selection, or the starred list). */
export const SPONSOR_ZIP_MAX = 1000;
export const BOOK_PAGE_SIZE = 50;

/** The error code of every sponsor request outside the account's access window. */
export const SPONSOR_WINDOW_CLOSED = 'sponsor_window_closed';

const windowShape = {
  company: z.string().trim().min(1, 'Company is required').max(120),
  access_from: isoDateTimeSchema,
  access_until: isoDateTimeSchema,
};
const windowInOrder = (v: { access_from?: string; access_until?: string }) =>
  v.access_from === undefined ||
  v.access_until === undefined ||
  Date.parse(v.access_until) > Date.parse(v.access_from);
const WINDOW_ORDER = { message: 'Access must end after it starts', path: ['access_until'] };

/** POST /api/admin/sponsors: the account and its company and window. */
export const createSponsorBodySchema = z
  .object({
    email: z.string().trim().toLowerCase().email('Enter a valid email address').max(254),
    password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX),
    ...windowShape,
  })
  .strict()
  .refine(windowInOrder, WINDOW_ORDER);
export type CreateSponsorBody = z.infer<typeof createSponsorBodySchema>;

/** PUT /api/admin/sponsors/:id: a new company name or window (ending it early closes access at once). */
export const updateSponsorBodySchema = z
  .object(windowShape)
  .partial()
  .strict()
  .refine(windowInOrder, WINDOW_ORDER);
export type UpdateSponsorBody = z.infer<typeof updateSponsorBodySchema>;

/** One sponsor with its activity, as admins see it. */
export const adminSponsorSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  company: z.string(),
  access_from: z.string(),
  access_until: z.string(),
  resumes_viewed: z.number().int(),
  resumes_downloaded: z.number().int(),
  last_activity_at: z.string().nullable(),
});
export type AdminSponsor = z.infer<typeof adminSponsorSchema>;
export const adminSponsorsResponseSchema = z.object({
  sponsors: z.array(adminSponsorSchema),
  book_rule: z.enum(BOOK_RULES),
});
export type AdminSponsorsResponse = z.infer<typeof adminSponsorsResponseSchema>;

/** PUT /api/admin/sponsors/settings */
export const bookSettingsBodySchema = z.object({ book_rule: z.enum(BOOK_RULES) }).strict();
export type BookSettingsBody = z.infer<typeof bookSettingsBodySchema>;

/** GET /api/sponsor/me */
export const sponsorMeSchema = z.object({
  company: z.string(),
  access_from: z.string(),
  access_until: z.string(),
});
export type SponsorMe = z.infer<typeof sponsorMeSchema>;

const filterText = z.string().trim().max(200);

/** GET /api/sponsor/book: filters, search and page (the web keeps them in the URL). */
export const bookQuerySchema = z
  .object({
    search: filterText.optional(),
    school: filterText.optional(),
    major: filterText.optional(),
    graduation_year: z
      .string()
      .trim()
      .regex(/^\d{4}$/, 'A four-digit year')
      .optional(),
    starred: z.enum(['true', 'false']).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict();
export type BookQuery = z.infer<typeof bookQuerySchema>;

/** One person in the book: exactly what a sponsor may see. */
export const bookEntrySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    school: z.string(),
    major: z.string(),
    graduation_year: z.string().nullable(),
    linkedin_url: z.string().nullable(),
    github_url: z.string().nullable(),
    portfolio_url: z.string().nullable(),
    has_resume: z.boolean(),
    starred: z.boolean(),
  })
  .strict();
export type BookEntry = z.infer<typeof bookEntrySchema>;

export const bookResponseSchema = z.object({
  entries: z.array(bookEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
});
export type BookResponse = z.infer<typeof bookResponseSchema>;

/** GET /api/sponsor/book/filters: the choices of the filter menus, from the book itself. */
export const bookFiltersSchema = z.object({
  schools: z.array(z.string()),
  majors: z.array(z.string()),
  graduation_years: z.array(z.string()),
});
export type BookFilters = z.infer<typeof bookFiltersSchema>;

/** A short-lived signed link to one resume (to preview inline, or to download). */
export const resumeLinkSchema = z.object({ url: z.string(), expires_at: z.string() });
export type ResumeLink = z.infer<typeof resumeLinkSchema>;

/** GET /api/sponsor/book/:id: the person and a preview link to their resume. */
export const bookProfileSchema = z.object({
  entry: bookEntrySchema,
  preview: resumeLinkSchema.nullable(),
});
export type BookProfile = z.infer<typeof bookProfileSchema>;

/** POST /api/sponsor/book/zip: the selected people, or the sponsor's starred list. */
export const sponsorZipBodySchema = z.union([
  z.object({ application_ids: z.array(z.string().uuid()).min(1).max(SPONSOR_ZIP_MAX) }).strict(),
  z.object({ starred: z.literal(true) }).strict(),
]);
export type SponsorZipBody = z.infer<typeof sponsorZipBodySchema>;

export const starResponseSchema = z.object({ starred: z.boolean() });
