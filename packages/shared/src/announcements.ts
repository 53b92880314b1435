import { z } from 'zod';
import { pageQuerySchema } from './common';
import { applicationFiltersSchema, type ApplicationFiltersValue } from './admin';
import { titleLabel } from './labels';
import { adminRsvpQuerySchema } from './rsvp';

/**
 * Announcements (issue 17): an e-mail to a segment, that is to every applicant one of the admin
 * lists matches with a given filter. The filters are the lists' own schemas, so a segment can say
 * exactly what the list can, and the server evaluates it with the list's own WHERE clause.
 */

export const ANNOUNCEMENT_SUBJECT_MAX = 200;
export const ANNOUNCEMENT_BODY_MAX = 20_000;
/** What a body and subject may name as {{variable}}; anything else stays as typed. */
export const ANNOUNCEMENT_VARIABLES = ['first_name', 'event', 'rsvp_deadline', 'dashboard_link'] as const;
export type AnnouncementVariable = (typeof ANNOUNCEMENT_VARIABLES)[number];
/** How far ahead a send may be scheduled. */
export const ANNOUNCEMENT_MAX_SCHEDULE_DAYS = 366;

/** The RSVP list's filters without its paging. */
export const rsvpSegmentFiltersSchema = adminRsvpQuerySchema.omit({ page: true, limit: true }).strict();
export type RsvpSegmentFilters = z.output<typeof rsvpSegmentFiltersSchema>;

export const SEGMENT_LISTS = ['applications', 'rsvps'] as const;
export type SegmentList = (typeof SEGMENT_LISTS)[number];

export const segmentSchema = z.discriminatedUnion('list', [
  z.object({ list: z.literal('applications'), filters: applicationFiltersSchema }).strict(),
  z.object({ list: z.literal('rsvps'), filters: rsvpSegmentFiltersSchema }).strict(),
]);
export type Segment = z.output<typeof segmentSchema>;
export type SegmentInput = z.input<typeof segmentSchema>;

const subject = z
  .string('Subject is required')
  .trim()
  .min(1, 'Subject is required')
  .max(ANNOUNCEMENT_SUBJECT_MAX, `Subject must be at most ${ANNOUNCEMENT_SUBJECT_MAX} characters`);
const body = z
  .string('Message is required')
  .trim()
  .min(1, 'Message is required')
  .max(
    ANNOUNCEMENT_BODY_MAX,
    `Message must be at most ${ANNOUNCEMENT_BODY_MAX.toLocaleString('en-US')} characters`,
  );

const draftFields = { subject, body, segment: segmentSchema };
/** Which recipient of the segment the preview renders for: 0 is the first in the list's order. */
const index = z.number().int().min(0).max(1_000_000).default(0);

/** POST /api/admin/announcements/preview */
export const announcementPreviewBodySchema = z.object({ ...draftFields, index }).strict();
/** POST /api/admin/announcements/test: rendered for the previewed recipient, sent to the admin. */
export const announcementTestBodySchema = announcementPreviewBodySchema;
/** POST /api/admin/announcements: without send_at (or null) it goes now. */
export const createAnnouncementBodySchema = z
  .object({
    ...draftFields,
    send_at: z.iso.datetime({ offset: true, message: 'Choose a valid date and time' }).nullable().optional(),
  })
  .strict();
export type CreateAnnouncementBody = z.input<typeof createAnnouncementBodySchema>;

export const announcementsQuerySchema = z
  .object({
    page: pageQuerySchema,
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();

/** `sending` is a sent announcement whose e-mails are still queued in the outbox. */
export const ANNOUNCEMENT_STATUSES = ['scheduled', 'sending', 'sent', 'cancelled'] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];

/**
 * A segment as answers carry it: the filters' plain values (answers are encoded, and the filters'
 * preprocessing of query strings only works one way).
 */
export const storedSegmentSchema = z.object({
  list: z.enum(SEGMENT_LISTS),
  filters: z.record(z.string(), z.union([z.string(), z.number(), z.array(z.string())])),
});

export const announcementSchema = z.object({
  _id: z.string(),
  subject: z.string(),
  body: z.string(),
  segment: storedSegmentSchema,
  segment_summary: z.string(),
  status: z.enum(ANNOUNCEMENT_STATUSES),
  created_by: z.string().nullable(),
  created_at: z.string(),
  /** When it goes (or went): the scheduled time, or the moment "Send now" was pressed. */
  send_at: z.string(),
  /** When its e-mails were queued; null until then. */
  sent_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  cancelled_by: z.string().nullable(),
  /** Why it was stopped when no person did (e.g. a segment the lists no longer understand). */
  note: z.string().nullable(),
  /** How many the segment matched when it was sent; null before. */
  recipients: z.number().int().nullable(),
  delivered: z.number().int(),
  failed: z.number().int(),
  queued: z.number().int(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const announcementsResponseSchema = z.object({
  announcements: z.array(announcementSchema),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
});

export const announcementPreviewSchema = z.object({
  /** How many the segment matches now (it is evaluated again when the announcement goes). */
  recipients: z.number().int(),
  index: z.number().int(),
  recipient: z.object({ application_id: z.string(), name: z.string(), email: z.string() }).nullable(),
  segment_summary: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});
export type AnnouncementPreview = z.infer<typeof announcementPreviewSchema>;

export const announcementTestResponseSchema = z.object({ ok: z.literal(true), to: z.string() });

/** The announcements one applicant was sent, for the application's detail dialog. */
export const receivedAnnouncementsSchema = z.object({
  announcements: z.array(
    z.object({
      announcement_id: z.string(),
      subject: z.string(),
      queued_at: z.string(),
      sent_at: z.string().nullable(),
      delivery: z.enum(['queued', 'sending', 'sent', 'failed']),
    }),
  ),
});
export type ReceivedAnnouncements = z.infer<typeof receivedAnnouncementsSchema>;

/** Segments organisers ask for most, offered in the composer and named in summaries. */
export const SEGMENT_PRESETS: readonly { key: string; label: string; segment: Segment }[] = [
  {
    key: 'confirmed_hackers',
    label: 'Confirmed hackers',
    segment: {
      list: 'rsvps',
      filters: { status: ['accepted'], role: ['hacker'], rsvp_status: ['accepted'] },
    },
  },
  {
    key: 'confirmed_mentors',
    label: 'Confirmed mentors',
    segment: {
      list: 'rsvps',
      filters: { status: ['accepted'], role: ['mentor'], rsvp_status: ['accepted'] },
    },
  },
  {
    key: 'accepted_unanswered',
    label: 'Accepted but not yet answered',
    segment: { list: 'rsvps', filters: { status: ['accepted'], rsvp_status: ['no_response'] } },
  },
  {
    key: 'checked_in',
    label: 'Checked in',
    segment: { list: 'rsvps', filters: { checkin: ['checked_in'] } },
  },
  {
    key: 'waitlisted_hackers',
    label: 'Waitlisted hackers',
    segment: { list: 'applications', filters: { status: ['waitlisted'], role: ['hacker'] } },
  },
  {
    key: 'waitlisted_mentors',
    label: 'Waitlisted mentors',
    segment: { list: 'applications', filters: { status: ['waitlisted'], role: ['mentor'] } },
  },
];

/** A segment's filters in one canonical form (keys sorted, list values sorted, empties dropped). */
function canonical(segment: Segment): string {
  const filters = segment.filters as Record<string, unknown>;
  const entries = Object.keys(filters)
    .filter((k) => filters[k] !== undefined && !(Array.isArray(filters[k]) && !filters[k].length))
    .sort()
    .map((k) => {
      const v = filters[k];
      return [k, Array.isArray(v) ? [...(v as string[])].sort() : v];
    });
  return JSON.stringify([segment.list, entries]);
}

export function presetOf(segment: Segment): (typeof SEGMENT_PRESETS)[number] | undefined {
  const key = canonical(segment);
  return SEGMENT_PRESETS.find((p) => canonical(p.segment) === key);
}

const LIST_NAMES: Record<SegmentList, string> = { applications: 'Applications list', rsvps: 'RSVP list' };
const words = (values: readonly string[] | undefined) => (values ?? []).map(titleLabel).join(' or ');

function applicationParts(f: ApplicationFiltersValue): string[] {
  const parts: string[] = [];
  if (f.search) parts.push(`matching “${f.search}”`);
  if (f.status?.length) parts.push(`status ${words(f.status)}`);
  if (f.role?.length) parts.push(`role ${words(f.role)}`);
  if (f.rsvp_status?.length) parts.push(`RSVP ${words(f.rsvp_status)}`);
  if (f.school) parts.push(`school “${f.school}”`);
  if (f.major) parts.push(`major “${f.major}”`);
  if (f.date_start) parts.push(`submitted from ${f.date_start}`);
  if (f.date_end) parts.push(`submitted until ${f.date_end}`);
  if (f.is_high_school) parts.push(f.is_high_school === 'true' ? 'high school' : 'college');
  if (f.age_under_18) parts.push(f.age_under_18 === 'true' ? 'under 18' : '18 or over');
  if (f.review_state?.length) parts.push(`review ${words(f.review_state)}`);
  if (f.score_min !== undefined) parts.push(`score at least ${f.score_min}`);
  if (f.score_max !== undefined) parts.push(`score at most ${f.score_max}`);
  return parts;
}

function rsvpParts(f: RsvpSegmentFilters): string[] {
  const parts: string[] = [];
  if (f.search) parts.push(`matching “${f.search}”`);
  if (f.status?.length) parts.push(`status ${words(f.status)}`);
  if (f.role?.length) parts.push(`role ${words(f.role)}`);
  if (f.rsvp_status?.length) parts.push(`RSVP ${words(f.rsvp_status)}`);
  if (f.liability?.length) parts.push(`waiver ${words(f.liability)}`);
  if (f.photo?.length) parts.push(`photo ${words(f.photo)}`);
  if (f.checkin?.length) parts.push(words(f.checkin).toLowerCase());
  return parts;
}

/**
 * The segment in words, as the composer and the record show it:
 * "Confirmed hackers (RSVP list: status Accepted, role Hacker, RSVP Accepted)".
 */
export function segmentSummary(segment: Segment): string {
  const parts =
    segment.list === 'applications' ? applicationParts(segment.filters) : rsvpParts(segment.filters);
  const where = parts.length
    ? `${LIST_NAMES[segment.list]}: ${parts.join(', ')}`
    : `everyone on the ${LIST_NAMES[segment.list]}`;
  const preset = presetOf(segment);
  return preset ? `${preset.label} (${where})` : where.charAt(0).toUpperCase() + where.slice(1);
}
