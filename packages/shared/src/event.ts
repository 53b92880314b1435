import { z } from 'zod';
import { badgeConfigSchema } from './badges';
import { privacyConfigSchema } from './privacy';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD');

/** One event config drives every event-specific word and date, so another hackathon reuses the portal. */
export const eventConfigSchema = z.object({
  name: z.string().min(1),
  edition: z.string().default(''),
  tagline: z.string().default(''),
  description: z.string().default(''),
  startDate: isoDate,
  endDate: isoDate,
  timeZone: z.string().default('America/New_York'),
  dates: z.object({
    applicationsOpen: z.string(),
    applicationDeadline: z.string(),
    expectedDecisions: z.string(),
    rsvpDeadline: z.string(),
    event: z.string(),
    mentorDeadline: z.string().default('ASAP Rolling'),
  }),
  venue: z.object({
    name: z.string(),
    address: z.string(),
    city: z.string(),
    /** Where the venue is (decimal degrees): the Insights map and its distance bands measure from it. */
    latitude: z.number().min(-90).max(90).optional(),
    longitude: z.number().min(-180).max(180).optional(),
  }),
  contactEmail: z.string().email(),
  supportEmail: z.string().email(),
  websiteUrl: z.string().url(),
  faqUrl: z.string().url(),
  instagramUrl: z.string().url(),
  socialLinks: z.array(z.object({ label: z.string(), url: z.string().url() })).max(4),
  liabilityWaiverUrl: z.string().url(),
  photoReleaseUrl: z.string().url(),
  brandColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  footerCredit: z.string(),
  prizes: z.string().default(''),
  /** Printed name badges: the role bands' colours (hex), each defaulting when left out. */
  badges: badgeConfigSchema,
  /** The sponsor consent's words and version, and the privacy page's path and text (./privacy.ts). */
  privacy: privacyConfigSchema,
});
export type EventConfig = z.infer<typeof eventConfigSchema>;
