import type { OfferState } from '@lanyard/shared/capacity';
import type { RsvpStatus } from '@lanyard/shared/constants';
import { isApiError } from '@/lib/api-client';
import { isOfferExpired } from './offer';

const RSVP_STATUSES = ['accepted', 'waitlisted'] as const;

/**
 * The RSVP card shows only for a decision there is something to answer to (accepted or waitlisted),
 * once decisions are released for the applicant's role. Rejected applicants see only the
 * decision message, which the status card already gives (issue 14, item 9).
 */
export function shouldShowRsvpCard(status: string, released: boolean): boolean {
  return released && (RSVP_STATUSES as readonly string[]).includes(status);
}

/** Statuses that answer an RSVP: the accepted attend or not, the waitlisted stay or leave. */
export type RsvpApplicantStatus = 'accepted' | 'waitlisted';
export type RsvpResponse = 'accepted' | 'declined';

export const RSVP_SUBMIT_ERROR = 'Failed to submit RSVP. Please try again.';

/** What the card shows. */
export type RsvpCardState =
  | { kind: 'hidden' }
  /** An answer is on file: thanks, and how to ask for a change. */
  | { kind: 'recorded'; status: RsvpApplicantStatus; rsvp: RsvpStatus }
  /** The RSVP settings are not known yet (or could not be loaded). */
  | { kind: 'unknown' }
  | { kind: 'closed' }
  | { kind: 'deadline_passed' }
  /** Offers that expire: the applicant's own deadline passed unanswered; they can no longer RSVP. */
  | { kind: 'expired'; dueAt: string | null }
  /** `dueAt`: the applicant's own deadline ("Confirm by …"), when their offer has one. */
  | { kind: 'form'; status: RsvpApplicantStatus; dueAt?: string };

export interface RsvpCardInput {
  status: string;
  released: boolean;
  rsvpStatus: RsvpStatus | null;
  /** The application's `offer`: present only while offers expire (absent, everything is as before). */
  offer?: OfferState;
  /** GET /api/settings/public; undefined until it has loaded. */
  settings: { rsvp_open: boolean; rsvp_deadline: string | null } | undefined;
  /** The current time (ms), ideally on the server's clock. */
  now: number;
}

/**
 * Rejected applicants get no card; a recorded answer shows the
 * thank-you state (even once RSVPs close); otherwise the form shows only while RSVPs are open and
 * the deadline has not passed (a deadline is still open at its exact moment, as on the server).
 */
export function rsvpCardState({
  status,
  released,
  rsvpStatus,
  offer,
  settings,
  now,
}: RsvpCardInput): RsvpCardState {
  if (!shouldShowRsvpCard(status, released)) return { kind: 'hidden' };
  const applicantStatus = status as RsvpApplicantStatus;
  if (rsvpStatus) return { kind: 'recorded', status: applicantStatus, rsvp: rsvpStatus };
  // An expired offer is final whatever the RSVP window says, and needs no settings to be known.
  const ownOffer = applicantStatus === 'accepted' ? offer : undefined;
  if (ownOffer && isOfferExpired(ownOffer, now)) return { kind: 'expired', dueAt: ownOffer.due_at };
  if (!settings) return { kind: 'unknown' };
  if (!settings.rsvp_open) return { kind: 'closed' };
  if (isDeadlinePassed(settings.rsvp_deadline, now)) return { kind: 'deadline_passed' };
  return ownOffer?.due_at
    ? { kind: 'form', status: applicantStatus, dueAt: ownOffer.due_at }
    : { kind: 'form', status: applicantStatus };
}

export function isDeadlinePassed(deadline: string | null, now: number): boolean {
  if (!deadline) return false;
  const at = Date.parse(deadline);
  return Number.isFinite(at) && now > at;
}

/** What the "I can no longer attend" dialog says (decision 015): final like a decline. */
export function releaseCopy(eventName: string): ConfirmationCopy {
  return {
    title: 'Release your spot?',
    description: `You're giving up your spot at ${eventName} so that someone on the waitlist can have it. This cannot be undone in the portal.`,
    actionLabel: 'Release My Spot',
    destructive: true,
    typed: true,
  };
}

/** The word the applicant types to confirm a final answer. */
export const CONFIRM_WORD = 'confirm';

/**
 * Declining a spot or leaving the waitlist is final: the applicant types "confirm".
 * Confirming attendance needs no typed word (issue 14, item 6, decision 015): the checked waiver
 * and one tap are enough, since the place can now be released in the portal.
 */
export function requiresTypedConfirmation(_status: RsvpApplicantStatus, response: RsvpResponse): boolean {
  return response === 'declined';
}

/** The words of a radio choice, by the applicant's status. */
export function responseChoices(
  status: RsvpApplicantStatus,
): { value: RsvpResponse; label: string; description: string }[] {
  return status === 'accepted'
    ? [
        {
          value: 'accepted',
          label: 'I will attend',
          description: 'Confirm your spot and give us a few details for the event.',
        },
        {
          value: 'declined',
          label: 'I cannot attend',
          description: 'Give up your spot so someone else can have it.',
        },
      ]
    : [
        {
          value: 'accepted',
          label: 'Keep me on the waitlist',
          description: "We'll e-mail you if a spot opens up.",
        },
        {
          value: 'declined',
          label: 'Remove me from the waitlist',
          description: "You won't be considered if a spot opens up.",
        },
      ];
}

export interface ConfirmationCopy {
  title: string;
  description: string;
  actionLabel: string;
  destructive: boolean;
  /** The applicant types CONFIRM_WORD before the action is enabled. */
  typed: boolean;
}

/**
 * What the confirmation dialog says before an answer is sent, or null when the answer is sent at
 * once: an accepted applicant confirming attendance (decision 015).
 */
export function confirmationCopy(
  status: RsvpApplicantStatus,
  response: RsvpResponse,
  eventName: string,
): ConfirmationCopy | null {
  const typed = requiresTypedConfirmation(status, response);
  if (status === 'accepted' && response === 'accepted') return null;
  if (status === 'accepted') {
    return {
      title: 'Decline your spot?',
      description: `You're giving up your spot at ${eventName}. This cannot be undone in the portal.`,
      actionLabel: 'Decline My Spot',
      destructive: true,
      typed,
    };
  }
  if (response === 'accepted') {
    return {
      title: 'Stay on the waitlist?',
      description: "You'll stay on the waitlist, and we'll e-mail you if a spot opens up.",
      actionLabel: 'Stay on Waitlist',
      destructive: false,
      typed,
    };
  }
  return {
    title: 'Leave the waitlist?',
    description: `You'll be removed from the waitlist for ${eventName}. This cannot be undone in the portal.`,
    actionLabel: 'Remove Me',
    destructive: true,
    typed,
  };
}

/** An accepted applicant confirming attendance gives the attendance details; every other answer is one word. */
export function isAttending(status: RsvpApplicantStatus, response: RsvpResponse | undefined): boolean {
  return status === 'accepted' && response === 'accepted';
}

/**
 * A 403 whose message says RSVPs are closed or the deadline has passed shows that message
 * instead of the form; so does an offer that expired while the form was open (by its code);
 * anything else is a failed submission.
 */
export function rsvpRefusal(err: unknown): 'closed' | 'deadline_passed' | 'offer_expired' | null {
  if (!isApiError(err) || err.status !== 403) return null;
  if (err.code === 'offer_expired') return 'offer_expired';
  if (err.message.includes('RSVPs are currently closed')) return 'closed';
  if (err.message.includes('RSVP deadline has passed')) return 'deadline_passed';
  return null;
}

/** The thank-you state's badge label (Accepted, Staying on Waitlist, Declined). */
export function recordedLabel(status: RsvpApplicantStatus, rsvp: RsvpStatus): string {
  if (rsvp === 'declined') return 'Declined';
  if (rsvp === 'maybe') return 'Maybe';
  return status === 'waitlisted' ? 'Staying on Waitlist' : 'Accepted';
}

export const RSVP_CHANGE_SUBJECT = 'RSVP change request';

/** A mail to the organisers asking for a change; the body names the account so they can find it. */
export function rsvpChangeMailto(contactEmail: string, accountEmail: string): string {
  const body = `Hello,\n\nI would like to change my RSVP.\n\nAccount e-mail: ${accountEmail}\n`;
  return `mailto:${contactEmail}?subject=${encodeURIComponent(RSVP_CHANGE_SUBJECT)}&body=${encodeURIComponent(body)}`;
}

export interface FormattedDeadline {
  text: string;
  /** The zone the text is written in: the event's, or the browser's when the event's is unusable. */
  timeZone: string | undefined;
}

/**
 * "Friday, August 15, 2025 at 11:59 PM EDT", in the event's time zone (the abbreviation labels it);
 * in the browser's own zone when the configured one is not a valid IANA name.
 */
export function formatDeadline(
  iso: string,
  timeZone: string | undefined,
  locale = 'en-US',
): FormattedDeadline {
  const date = new Date(iso);
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  };
  try {
    return { text: new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(date), timeZone };
  } catch {
    return { text: new Intl.DateTimeFormat(locale, options).format(date), timeZone: undefined };
  }
}

/**
 * The server's clock, as best the browser knows it: the settings answer carries `server_time`, and
 * the time it arrived tells how far the browser's clock is off.
 */
export function serverClockOffset(serverTime: string | undefined, receivedAt: number): number {
  if (!serverTime || !receivedAt) return 0;
  const at = Date.parse(serverTime);
  return Number.isFinite(at) ? at - receivedAt : 0;
}
