/**
 * The event and the public settings the web tests run against, in one place: a test overrides
 * only what it is about, and a new required field is added here once.
 */
import { eventConfigSchema, type EventConfig } from '@lanyard/shared/event';
import type { PublicSettings } from '@lanyard/shared/settings';

const EVENT_INPUT = {
  name: 'Test Hacks',
  edition: 'I',
  startDate: '2025-09-19',
  endDate: '2025-09-21',
  dates: {
    applicationsOpen: 'July 3, 2025',
    applicationDeadline: 'August 18, 2025',
    expectedDecisions: 'Early August',
    rsvpDeadline: 'Mid August',
    event: 'Sept 19-21, 2025',
  },
  venue: { name: 'Hall', address: '1 Main St', city: 'Town' },
  contactEmail: 'team@example.org',
  supportEmail: 'help@example.org',
  websiteUrl: 'https://example.org',
  faqUrl: 'https://example.org/faq',
  instagramUrl: 'https://instagram.com/example',
  socialLinks: [],
  liabilityWaiverUrl: 'https://example.org/waiver.pdf',
  photoReleaseUrl: 'https://example.org/photo.pdf',
  brandColor: '#4f46e5',
  footerCredit: 'Built by tests',
};

/** Parsed as the app parses the server's, so the schema's defaults are filled in as in production. */
export function testEventConfig(overrides: Partial<EventConfig> = {}): EventConfig {
  return eventConfigSchema.parse({ ...EVENT_INPUT, ...overrides });
}

export const testEvent: EventConfig = testEventConfig();

/** GET /api/settings/public while applications are open and no decision is released. */
export function testPublicSettings(overrides: Partial<PublicSettings> = {}): PublicSettings {
  return {
    status: 'open',
    message: 'Applications are open.',
    require_access_code: false,
    application_deadline: null,
    allow_late_applications: false,
    force_application_open: false,
    hacker_decisions_released: false,
    mentor_decisions_released: false,
    rsvp_deadline: null,
    rsvp_open: true,
    server_time: '2025-08-01T12:00:00Z',
    ...overrides,
  };
}
