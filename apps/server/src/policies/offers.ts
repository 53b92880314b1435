/**
 * The one home of "offers that expire" (issue 17). While the organisers set a number of days, an
 * accepted applicant gets their own RSVP deadline when their decision is released to them (or they
 * are promoted): the end of the day that many days later, in the event's time zone, and never later
 * than the global RSVP deadline. When it passes unanswered the offer has expired: the applicant can
 * no longer RSVP and the place is free. Without the setting nobody has a deadline of their own, and
 * the global deadline alone applies, exactly as before.
 */
import type { ApplicationStatus, RsvpStatus } from '@lanyard/shared/constants';
import { endOfDayAfter } from '@lanyard/shared/deadlines';

export interface OfferFacts {
  status: ApplicationStatus;
  rsvpStatus: RsvpStatus | null;
  rsvpDueAt: Date | null;
  /** Set by the expiry job; the RSVP itself stays unanswered, so every answer-reader is unchanged. */
  rsvpExpiredAt: Date | null;
}

export const OFFER_EXPIRED_MESSAGE =
  'Your offer has expired: the deadline to confirm your place has passed. Please e-mail the organizers.';

/** The deadline a new offer gets now; null while offers do not expire. */
export function newOfferDueAt(now: Date, offerDays: number | null, timeZone: string): Date | null {
  return offerDays === null ? null : endOfDayAfter(now, offerDays, timeZone);
}

/** An offer's own deadline as it applies: never later than the global RSVP deadline. */
export function offerDueAt(ownDue: Date | null, globalDeadline: Date | null): Date | null {
  if (!ownDue) return null;
  return globalDeadline && globalDeadline.getTime() < ownDue.getTime() ? globalDeadline : ownDue;
}

/** Waiting for an answer, not marked expired: accepted with no RSVP. */
export function isOpenOffer(facts: Pick<OfferFacts, 'status' | 'rsvpStatus' | 'rsvpExpiredAt'>): boolean {
  return facts.status === 'accepted' && facts.rsvpStatus === null && facts.rsvpExpiredAt === null;
}

/**
 * Has this offer expired? Marked so by the expiry job, or past its deadline already (the job runs
 * every few seconds; the applicant must not be able to answer in between). "At the second": the
 * deadline itself is still in time.
 */
export function offerExpired(facts: OfferFacts, globalDeadline: Date | null, now: Date): boolean {
  if (facts.status !== 'accepted' || facts.rsvpStatus !== null) return false;
  if (facts.rsvpExpiredAt !== null) return true;
  const due = offerDueAt(facts.rsvpDueAt, globalDeadline);
  return due !== null && now.getTime() > due.getTime();
}

/**
 * The offer as the applicant and admins see it, where it has a deadline of its own or has expired;
 * undefined otherwise (no offer, an answered one, or offers that do not expire), so every answer
 * without the setting is exactly as before.
 */
export function offerView(
  facts: OfferFacts,
  globalDeadline: Date | null,
  now: Date,
): { due_at: string | null; expired: boolean } | undefined {
  if (facts.status !== 'accepted' || facts.rsvpStatus !== null) return undefined;
  if (facts.rsvpDueAt === null && facts.rsvpExpiredAt === null) return undefined;
  return {
    due_at: offerDueAt(facts.rsvpDueAt, globalDeadline)?.toISOString() ?? null,
    expired: offerExpired(facts, globalDeadline, now),
  };
}
