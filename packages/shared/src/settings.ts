import { z } from 'zod';
import { isoDateTimeSchema } from './dates';
import { formCustomQuestionsSchema } from './questions/custom';

export const WINDOW_STATUSES = ['open', 'late', 'closed'] as const;
export type WindowStatus = (typeof WINDOW_STATUSES)[number];

export interface WindowSettings {
  applicationDeadline: Date | null;
  allowLateApplications: boolean;
  requireAccessCode: boolean;
  forceApplicationOpen: boolean;
}

export interface ApplicationWindow {
  status: WindowStatus;
  /** The applicant must give a valid access code to submit. */
  codeRequired: boolean;
  forcedOpen: boolean;
  message: string;
}

/**
 * The application window (open, not yet open, closed), decided by the server's clock (the form only shows it).
 * Forced open wins; a passed deadline closes unless late applications are allowed; late mode
 * (a code is needed) when a code is required for all or the deadline passed with late allowed.
 * A submission exactly at the deadline is still on time.
 */
export function applicationWindow(s: WindowSettings, now: Date): ApplicationWindow {
  if (s.forceApplicationOpen) {
    return {
      status: 'open',
      codeRequired: false,
      forcedOpen: true,
      message: 'Applications are open (admin override).',
    };
  }
  const deadlinePassed = s.applicationDeadline !== null && now.getTime() > s.applicationDeadline.getTime();
  if (deadlinePassed && !s.allowLateApplications) {
    return {
      status: 'closed',
      codeRequired: false,
      forcedOpen: false,
      message: 'The application deadline has passed and late applications are not being accepted.',
    };
  }
  if (deadlinePassed || s.requireAccessCode) {
    return {
      status: 'late',
      codeRequired: true,
      forcedOpen: false,
      message: deadlinePassed
        ? 'The application deadline has passed. You can still apply with a special access code.'
        : 'Applications currently require a special access code.',
    };
  }
  return { status: 'open', codeRequired: false, forcedOpen: false, message: 'Applications are open.' };
}

/** What the server answers; what it takes is bounded by isoDateTimeSchema (dates.ts). */
const isoDateTime = z.iso.datetime({ offset: true });

/** GET /api/settings/public. Access codes are never public: see docs/decisions. */
export const publicSettingsSchema = z.object({
  status: z.enum(WINDOW_STATUSES),
  message: z.string(),
  require_access_code: z.boolean(),
  application_deadline: isoDateTime.nullable(),
  allow_late_applications: z.boolean(),
  force_application_open: z.boolean(),
  hacker_decisions_released: z.boolean(),
  mentor_decisions_released: z.boolean(),
  rsvp_deadline: isoDateTime.nullable(),
  rsvp_open: z.boolean(),
  server_time: isoDateTime,
  /** The custom questions each form asks (issue 19), in the same cached response as the window. */
  custom_questions: formCustomQuestionsSchema.optional(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** GET /api/settings (admin): the public shape plus the access codes. */
export const adminSettingsSchema = publicSettingsSchema.extend({
  special_access_codes: z.array(z.string()),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

export const accessCodeSchema = z
  .string()
  .trim()
  .min(1, 'Access code is required')
  .max(64, 'Access code is too long')
  .regex(/^[A-Za-z0-9_-]+$/, 'Access codes use letters, digits, - and _ only')
  .transform((v) => v.toUpperCase());

/** Upper-cases, drops empties and duplicates, as the admin settings store access codes. */
export function normaliseAccessCodes(codes: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of codes) {
    const code = raw.trim().toUpperCase();
    if (code && !out.includes(code)) out.push(code);
  }
  return out;
}

/** PUT /api/settings: any subset of the settings fields. */
export const updateSettingsBodySchema = z
  .object({
    application_deadline: isoDateTimeSchema.nullable(),
    allow_late_applications: z.boolean(),
    require_access_code: z.boolean(),
    force_application_open: z.boolean(),
    rsvp_deadline: isoDateTimeSchema.nullable(),
    rsvp_open: z.boolean(),
    special_access_codes: z.array(z.string().max(64)).max(500),
  })
  .partial()
  .strict();
export type UpdateSettingsBody = z.infer<typeof updateSettingsBodySchema>;
