import type { OfferState } from '@lanyard/shared/capacity';
import type { BadgeProps } from '@/components/ui/badge';
import { isApiError } from '@/lib/api-client';
import { formatCount } from './labels';
import { rsvpStatusLabel, rsvpStatusTone } from './rsvp-labels';
import { DEFAULT_TIME, isoToLocalParts } from '../components/settings/settings-draft';

/**
 * Offers that expire (issue 17) in the admin views: the RSVP column, the Extend deadline dialogs
 * (one person's from the RSVP list, everyone's from the Admissions card) and their messages.
 * Times are the admin's own, like every other date and time field of the admin portal.
 */

type Tone = NonNullable<BadgeProps['tone']>;

export const EXPIRED_LABEL = 'Expired';

/** "15 Aug, 23:59", as the applicant's "Confirm by Fri 15 Aug, 23:59" writes it, in the admin's zone. */
export function formatDueShort(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  const parts = new Intl.DateTimeFormat('en-US', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(d);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const hour = get('hour') === '24' ? '00' : get('hour');
  return `${get('day')} ${get('month')}, ${hour}:${get('minute')}`;
}

export interface RsvpCell {
  label: string;
  tone: Tone;
  /** Under the badge: "Due 15 Aug, 23:59" for an open offer with its own deadline. */
  note: string | null;
}

/** The RSVP column: an expired offer reads "Expired"; an open one says when it is due. */
export function rsvpCell(row: { rsvp_status: string | null; status: string; offer?: OfferState }): RsvpCell {
  if (row.offer?.expired) {
    const note = row.offer.due_at ? `Was due ${formatDueShort(row.offer.due_at)}` : null;
    return { label: EXPIRED_LABEL, tone: 'gray', note };
  }
  return {
    label: rsvpStatusLabel(row.rsvp_status, row.status),
    tone: rsvpStatusTone(row.rsvp_status),
    note: row.offer?.due_at ? `Due ${formatDueShort(row.offer.due_at)}` : null,
  };
}

/** Only an offer with a deadline of its own (or an expired one) can be extended from the list. */
export function canExtendOffer(row: { offer?: OfferState }): boolean {
  return row.offer !== undefined;
}

/**
 * The dialog's starting point: the end of the day two days on, from the current deadline when it is
 * still ahead (extending should give more time, not less), else from now.
 */
export function defaultExtendParts(offer: OfferState | undefined, now: Date): { date: string; time: string } {
  const due = offer && !offer.expired && offer.due_at ? new Date(offer.due_at) : null;
  const from = due && due.getTime() > now.getTime() ? due : now;
  const at = new Date(from.getFullYear(), from.getMonth(), from.getDate() + 2, 23, 59);
  return { date: isoToLocalParts(at.toISOString()).date, time: DEFAULT_TIME };
}

/** "Extended 3 deadlines" after everyone's offers moved. */
export function extendedTitle(extended: number): string {
  return `Extended ${formatCount(extended)} ${extended === 1 ? 'deadline' : 'deadlines'}`;
}

export function extendedDescription(extended: number, dueAt: string): string {
  if (extended === 0) return `No open offer with a deadline ended before ${formatDueShort(dueAt)}.`;
  return `Those offers can now be answered until ${formatDueShort(dueAt)}.`;
}

/**
 * A refused extension, where the dialog shows it: the server names the field of a bad time
 * ("due_at: Choose a time in the future."), shown under the field without its prefix; anything
 * else (not an open offer, a role refused) above the buttons.
 */
export function extendError(err: unknown, fallback: string): { field: string | null; form: string | null } {
  if (!isApiError(err) || err.status < 400 || err.status >= 500) return { field: null, form: fallback };
  const m = /^due_at: (.+)$/s.exec(err.message);
  if (m) return { field: m[1]!, form: null };
  return { field: null, form: err.message };
}
