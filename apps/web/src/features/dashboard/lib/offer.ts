import type { OfferState } from '@lanyard/shared/capacity';

/**
 * Offers that expire (issue 17), as the applicant reads them: their own deadline on the RSVP card
 * ("Confirm by Fri 15 Aug, 23:59") and what an expired offer says. The server decides; this only
 * words it, and notices a deadline passing while the page is open (the expiry job runs every few
 * seconds, so the page should not keep offering a form the server will refuse).
 */

export interface OfferDue {
  /** "Fri 15 Aug, 23:59": short weekday, day, short month, 24-hour time. */
  text: string;
  /** The zone's abbreviation ("EDT"), so an applicant elsewhere reads the time right; '' if unknown. */
  zone: string;
}

const PARTS: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
};

function partsIn(date: Date, timeZone: string | undefined): Intl.DateTimeFormatPart[] {
  try {
    return new Intl.DateTimeFormat('en-US', { ...PARTS, timeZone }).formatToParts(date);
  } catch {
    // A zone name Intl does not know: the browser's own, rather than no deadline at all.
    return new Intl.DateTimeFormat('en-US', PARTS).formatToParts(date);
  }
}

/**
 * An offer's deadline in the event's time zone. Built from parts rather than a locale's pattern, so
 * the words are the same in every browser ("Sep", never "Sept"; 23:59, never 11:59 PM).
 */
export function formatOfferDue(iso: string, timeZone: string | undefined): OfferDue {
  const parts = partsIn(new Date(iso), timeZone);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  // Some engines write midnight as "24" even with h23.
  const hour = get('hour') === '24' ? '00' : get('hour');
  return {
    text: `${get('weekday')} ${get('day')} ${get('month')}, ${hour}:${get('minute')}`,
    zone: get('timeZoneName'),
  };
}

/** The line on the RSVP card while the offer is open. */
export function confirmByText(iso: string, timeZone: string | undefined): string {
  return `Confirm by ${formatOfferDue(iso, timeZone).text}`;
}

/**
 * Expired: the server says so, or the deadline has passed on the server's clock (it is still in
 * time at its exact second, as on the server).
 */
export function isOfferExpired(offer: OfferState | undefined, now: number): boolean {
  if (!offer) return false;
  if (offer.expired) return true;
  if (!offer.due_at) return false;
  const due = Date.parse(offer.due_at);
  return Number.isFinite(due) && now > due;
}

/** The RSVP card of an expired offer: when it expired, and that only the organisers can help now. */
export function offerExpiredMessage(dueAt: string | null, timeZone: string | undefined): string {
  if (!dueAt) {
    return 'Your offer has expired: it was not confirmed in time, so you can no longer RSVP in the portal.';
  }
  const due = formatOfferDue(dueAt, timeZone);
  const when = due.zone ? `${due.text} ${due.zone}` : due.text;
  return `Your offer expired on ${when}: it was not confirmed in time, so you can no longer RSVP in the portal.`;
}

/** The status card of an expired offer, which must not say they can still answer. */
export function offerExpiredStatusMessage(eventName: string): string {
  return `Your offer to attend ${eventName} has expired because it wasn't confirmed by its deadline. If you have questions, please e-mail the organizers.`;
}

export const OFFER_EXPIRED_SUBJECT = 'Expired offer';

/** A mail to the organisers about an expired offer; the body names the account so they can find it. */
export function offerExpiredMailto(contactEmail: string, accountEmail: string): string {
  const body = `Hello,\n\nMy offer to attend has expired. Could you help?\n\nAccount e-mail: ${accountEmail}\n`;
  return `mailto:${contactEmail}?subject=${encodeURIComponent(OFFER_EXPIRED_SUBJECT)}&body=${encodeURIComponent(body)}`;
}
