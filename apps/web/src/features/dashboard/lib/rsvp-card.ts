const RSVP_STATUSES = ['accepted', 'rejected', 'waitlisted'] as const;

/**
 * Spec §2: the RSVP card shows only when the status is accepted, rejected or waitlisted and
 * decisions are released for the applicant's role.
 */
export function shouldShowRsvpCard(status: string, released: boolean): boolean {
  return released && (RSVP_STATUSES as readonly string[]).includes(status);
}
