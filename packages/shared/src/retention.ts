import { z } from 'zod';

/**
 * Data retention (issue 21): how many days after the event (or after sign-up, for unverified
 * accounts) each kind of personal data is kept. null turns a rule off: an event that must keep
 * everything (a dispute, a grant report) says so here instead of editing the job.
 */
const days = z
  .number({ message: 'Enter a number of days' })
  .int('Use whole days')
  .min(1, 'At least 1 day')
  .max(3650, 'At most 3650 days (10 years)')
  .nullable();

export const retentionSettingsSchema = z
  .object({
    /** Resumes are deleted this many days after the event ends. */
    resume_days: days,
    /** Applicants who did not check in are deleted (anonymised) this many days after the event ends. */
    non_attendee_days: days,
    /** Unverified accounts that never started an application, counted from sign-up. */
    unverified_days: days,
  })
  .strict();
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;

export const DEFAULT_RETENTION_SETTINGS: RetentionSettings = {
  resume_days: 90,
  non_attendee_days: 180,
  unverified_days: 30,
};

export const RETENTION_RULES = ['resumes', 'non_attendees', 'unverified'] as const;
export type RetentionRule = (typeof RETENTION_RULES)[number];

const isoDateTime = z.iso.datetime({ offset: true });

/** GET /api/settings/retention (admin): the settings and what the next runs would do. */
export const retentionPreviewSchema = z.object({
  settings: retentionSettingsSchema,
  /** False until an organiser first saves the periods: until then the job deletes nothing. */
  active: z.boolean(),
  /** When the event ends: the day after the event config's endDate, 00:00 UTC. */
  event_end: isoDateTime,
  rules: z.array(
    z.object({
      rule: z.enum(RETENTION_RULES),
      enabled: z.boolean(),
      /** Rows the rule would remove if it ran at `due_at` with today's data. */
      count: z.number().int().nonnegative(),
      /** When the rule first applies (unverified accounts: the next daily run), null when off. */
      due_at: isoDateTime.nullable(),
    }),
  ),
});
export type RetentionPreview = z.infer<typeof retentionPreviewSchema>;

const DAY_MS = 86_400_000;

/**
 * The moment the event is over: the end of its last day (the config's endDate is required, so no
 * length guess is needed). UTC, not the event's time zone: a few hours either way cannot matter
 * against retention periods counted in days, and every instance agrees on it.
 */
export function eventEnd(endDate: string): Date {
  return new Date(Date.parse(`${endDate}T00:00:00Z`) + DAY_MS);
}

/** `from` plus whole days. */
export function addDays(from: Date, n: number): Date {
  return new Date(from.getTime() + n * DAY_MS);
}
