/**
 * The one home of "who counts as attending". An RSVP answers one decision: staying on the waitlist
 * is not attending, and when an admin changes the decision (waitlisted to accepted, accepted to
 * waitlisted and back, anything after an answer was recorded) the answer is voided in the same
 * transaction as the change, so the applicant is asked again for the new decision. A stored RSVP is
 * therefore always an answer to the current decision, and every reader (dashboard, QR, check-in
 * import, admin lists, counts and CSV) can trust it.
 */
import type { ApplicationStatus, RsvpStatus } from '@lanyard/shared/constants';

export interface RsvpFacts {
  status: ApplicationStatus;
  rsvpStatus: RsvpStatus | null;
}

/** Decisions an applicant answers: the accepted attend or not, the waitlisted stay or leave. */
export function answersRsvp(status: ApplicationStatus): status is 'accepted' | 'waitlisted' {
  return status === 'accepted' || status === 'waitlisted';
}

/**
 * May this applicant send an RSVP now? Only to a decision they can see (released for their role)
 * and only once per decision. The RSVP window is checked beside this, with its own messages.
 */
export function mayRespond(facts: RsvpFacts, released: boolean): boolean {
  return released && answersRsvp(facts.status) && facts.rsvpStatus === null;
}

/**
 * A confirmed attendee: accepted, and answered that acceptance with "I will attend" (with the
 * waiver and photo choice the attendance form requires). A waitlisted "keep me on the list" is also
 * stored as `accepted` but never counts: the status is not accepted, and a later acceptance voids it.
 */
export function isConfirmedAttendee(facts: RsvpFacts): boolean {
  return facts.status === 'accepted' && facts.rsvpStatus === 'accepted';
}

/** The door QR code: a confirmed attendee who can see their decision. */
export function mayHaveQr(facts: RsvpFacts, released: boolean): boolean {
  return released && isConfirmedAttendee(facts);
}

/** The columns an RSVP consists of: all cleared together when it is voided. */
export const VOIDED_RSVP = {
  rsvpStatus: null,
  rsvpAt: null,
  preferredName: null,
  schoolName: null,
  pronoun: null,
  linkedinUrl: null,
  githubUrl: null,
  liabilityWaiverAccepted: null,
  photoClearanceAccepted: null,
  photoSharingOptOut: null,
} as const;

/**
 * An admin sets `next` on an application with these facts: does its recorded RSVP stop counting?
 * Any real change of decision voids it; setting the same decision again (a bulk accept that
 * includes people already accepted) keeps it.
 */
export function voidsRsvp(facts: RsvpFacts, next: ApplicationStatus): boolean {
  return facts.rsvpStatus !== null && facts.status !== next;
}

/**
 * May an applicant release their own place ("I can no longer attend", decision 015)? Only a
 * confirmed attendee who can see their decision and has not been checked in at the door. It is the
 * one change to an answer the portal allows, because it only ever frees a place; it is allowed
 * whatever the RSVP window says, since a freed place is welcome at any time.
 */
export function mayWithdraw(facts: RsvpFacts, released: boolean, checkedIn: boolean): boolean {
  return released && isConfirmedAttendee(facts) && !checkedIn;
}
