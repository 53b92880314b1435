// Business constants and limits, shared by server and web.
export const PAGE_SIZE = 50;
export const USER_SEARCH_DEBOUNCE_MS = 300;
export const HACKER_RESUME_MAX_BYTES = 10 * 1024 * 1024;
export const MENTOR_RESUME_MAX_BYTES = 5 * 1024 * 1024;
export const WORD_LIMITS = { background: 200, householdObject: 50, whyAttend: 200, mentorFit: 150 } as const;
export const GUARDIAN_FIELD_BIRTH_YEAR_AFTER = 2006;
export const DASHBOARD_POLL_MS = 30_000;
export const POST_LOGIN_NAVIGATION_DELAY_MS = 100;
export const SCHOOL_PICKER_SUGGESTIONS = { empty: 10, filtered: 20 } as const;
export const QUERY_GC_MS = 5 * 60_000;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const APPLICANT_ROLES = ['hacker', 'mentor'] as const;
export type ApplicantRole = (typeof APPLICANT_ROLES)[number];
export const USER_ROLES = ['hacker', 'mentor', 'admin', 'volunteer', 'reviewer', 'sponsor'] as const;
export type UserRole = (typeof USER_ROLES)[number];
/**
 * Accounts admins create for the event's staff; they sign in at /admin/login. Sponsors too: they
 * read the resume book (/sponsor) and nothing else, during their access window.
 */
export const STAFF_ROLES = ['admin', 'volunteer', 'reviewer', 'sponsor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role ?? '');
}

/** Statuses stored on an application (admin view). */
export const APPLICATION_STATUSES = ['pending', 'submitted', 'accepted', 'rejected', 'waitlisted'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const DECISION_STATUSES = ['accepted', 'rejected', 'waitlisted'] as const;
/**
 * Submitted and awaiting a decision: a submit stores "pending" (the spec's word); "submitted" is the
 * same state set by an admin. Review hands out only these.
 */
export const AWAITING_DECISION_STATUSES = [
  'pending',
  'submitted',
] as const satisfies readonly ApplicationStatus[];
export function isAwaitingDecision(status: ApplicationStatus): boolean {
  return (AWAITING_DECISION_STATUSES as readonly string[]).includes(status);
}
export type DecisionStatus = (typeof DECISION_STATUSES)[number];

/** Statuses an applicant sees on the dashboard. */
export const APPLICANT_VIEW_STATUSES = [
  'not_started',
  'in_progress',
  'submitted',
  'accepted',
  'rejected',
  'waitlisted',
] as const;
export type ApplicantViewStatus = (typeof APPLICANT_VIEW_STATUSES)[number];

export const RSVP_STATUSES = ['accepted', 'declined', 'maybe'] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];

// 'organiser' is not in the spec's list: organising staff wear badges too (issue 20, decision 025).
export const CHECKIN_ROLES = ['hacker', 'mentor', 'judge', 'sponsor', 'mentor + judge', 'organiser'] as const;
export type CheckinRole = (typeof CHECKIN_ROLES)[number];

export const SHIRT_SIZES = ['xs', 's', 'm', 'l', 'xl', 'xxl'] as const;
export const PRONOUN_PRESETS = ['He/Him', 'She/Her', 'They/Them', 'Other'] as const;

/** Role label shown to applicants (hackers are shown as "Participant"). */
export function roleLabel(role: string): string {
  if (role === 'hacker') return 'Participant';
  if (role === 'mentor') return 'Mentor';
  if (role === 'admin') return 'Admin';
  if (role === 'volunteer') return 'Volunteer';
  if (role === 'reviewer') return 'Reviewer';
  if (role === 'sponsor') return 'Sponsor';
  return role;
}
