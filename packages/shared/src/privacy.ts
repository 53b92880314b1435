/**
 * Privacy (issue 21): the applicant's consent to share their application and resume with the
 * event's sponsors, the privacy page's settings in the event config, and the requests of the
 * applicant's own data (download, delete). The resume book (the sponsors' side) reads the consent
 * through the server policy `hasSponsorConsent` (apps/server/src/policies/privacy.ts), never the
 * answers record: the consent is `applications.sponsor_consent`, changed at any time from the
 * dashboard, each change kept in `consent_events`.
 */
import { z } from 'zod';

export const DEFAULT_SPONSOR_CONSENT_TEXT =
  "Share my application and resume with the event's sponsors, so they may contact me about jobs and internships. I can withdraw this at any time from my dashboard.";
export const DEFAULT_SPONSOR_CONSENT_VERSION = '1';
export const DEFAULT_POLICY_PATH = '/privacy';

/** The event config's `privacy` block (config/event.json); every field has a default. */
export const privacyConfigSchema = z
  .object({
    /** The words of the sponsor consent, on the form and the dashboard. */
    sponsorConsentText: z.string().trim().min(1).max(1000).default(DEFAULT_SPONSOR_CONSENT_TEXT),
    /** Raised whenever the words change: every consent change records the version it was given under. */
    sponsorConsentVersion: z.string().trim().min(1).max(40).default(DEFAULT_SPONSOR_CONSENT_VERSION),
    /** Where the public privacy page lives; the footer links to it. */
    policyPath: z
      .string()
      .regex(/^\/[a-z0-9-]+(\/[a-z0-9-]+)*$/, 'A path such as /privacy')
      .default(DEFAULT_POLICY_PATH),
    /** The organisers' own privacy text (Markdown, HTML off); without it the page shows the built-in one. */
    policyMarkdown: z.string().max(50_000).optional(),
  })
  .strict()
  .default({
    sponsorConsentText: DEFAULT_SPONSOR_CONSENT_TEXT,
    sponsorConsentVersion: DEFAULT_SPONSOR_CONSENT_VERSION,
    policyPath: DEFAULT_POLICY_PATH,
  });
export type PrivacyConfig = z.infer<typeof privacyConfigSchema>;

/** Where a consent change came from. */
export const CONSENT_SOURCES = ['application', 'dashboard'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** The consents that exist; one for now, named so the history table can hold more later. */
export const CONSENT_KINDS = ['sponsor_sharing'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** One recorded change: given or withdrawn, when, under which wording. */
export const consentEventSchema = z.object({
  kind: z.enum(CONSENT_KINDS),
  given: z.boolean(),
  version: z.string(),
  source: z.enum(CONSENT_SOURCES),
  at: z.string(),
});
export type ConsentEvent = z.infer<typeof consentEventSchema>;

/** GET /api/privacy/consent: the current consent and its history, newest first. */
export const consentStateSchema = z.object({
  /** False also when the applicant has no application yet (there is nothing to share). */
  has_application: z.boolean(),
  sponsor_consent: z.boolean(),
  sponsor_consent_at: z.string().nullable(),
  /** The wording version the current answer was given under (null: never answered). */
  version: z.string().nullable(),
  current_version: z.string(),
  history: z.array(consentEventSchema),
});
export type ConsentState = z.infer<typeof consentStateSchema>;

/** PUT /api/privacy/consent */
export const consentBodySchema = z.object({ sponsor_consent: z.boolean() }).strict();
export type ConsentBody = z.infer<typeof consentBodySchema>;

/** GET /api/privacy/policy: the privacy page's HTML, rendered by the server with HTML input off. */
export const privacyPolicySchema = z.object({ html: z.string(), custom: z.boolean() });
export type PrivacyPolicy = z.infer<typeof privacyPolicySchema>;

/** The word an applicant types to confirm deleting their account. */
export const DELETE_CONFIRM_WORD = 'delete';

/** POST /api/privacy/delete-account: the password again and the typed word. */
export const deleteAccountBodySchema = z
  .object({
    password: z.string().min(1, 'Password is required').max(128),
    confirm: z
      .string()
      .trim()
      .refine((v) => v.toLowerCase() === DELETE_CONFIRM_WORD, `Type "${DELETE_CONFIRM_WORD}" to confirm`),
  })
  .strict();
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/** The tombstone's audit action when an applicant deletes their own account. */
export const SELF_DELETE_ACTION = 'user.delete_self';
