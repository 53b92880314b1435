import {
  CAPACITY_MAX_PLACES,
  attendeesFromOffers,
  type AdmissionsRole,
  type CapacitySettings,
  type Share,
} from '@lanyard/shared/capacity';
import type { ApplicantRole } from '@lanyard/shared/constants';
import { formatCount } from './labels';

/**
 * The words of admissions to capacity: the Admissions card on the Bulk Actions tab and the
 * Capacity card on the Settings tab say the same things the same way.
 */

export const ROLE_PLURAL: Record<ApplicantRole, { title: string; lower: string }> = {
  hacker: { title: 'Hackers', lower: 'hackers' },
  mentor: { title: 'Mentors', lower: 'mentors' },
};

/** The projection is rounded to one decimal: "412.5", "1,200". */
export function formatDecimal(n: number): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: 1 });
}

export function formatPercent(n: number): string {
  return `${formatDecimal(n)}%`;
}

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/**
 * Beside a share's setting: what this event measured, or how many answers it waits for. Attendance
 * is measured at the door (check-ins among confirmed people), so it does not speak of answers.
 */
export function measuredText(kind: 'attend' | 'yes', share: Share, minAnswers: number): string {
  if (share.measured_percent === null) {
    const who = minAnswers === 1 ? '1 person has' : `${formatCount(minAnswers)} people have`;
    return `Measured once ${who} ${kind === 'yes' ? 'answered' : 'checked in'}`;
  }
  const measured = formatPercent(share.measured_percent);
  return kind === 'yes'
    ? `Measured: ${measured} of ${plural(share.answers, 'answer', 'answers')}`
    : `Measured: ${measured} of confirmed people, from ${plural(share.answers, 'check-in', 'check-ins')}`;
}

/** Which share the projection uses: the setting, or this event's own once it is allowed and known. */
export function usedShareText(share: Share): string {
  const measured = share.measured_percent !== null && share.used_percent === share.measured_percent;
  return `${formatPercent(share.used_percent)} (${measured ? 'measured' : 'setting'})`;
}

/** "82.5% of the places" beside the bar; the bar itself stops at full. */
export function placesFilled(expected: number, places: number | null): number | null {
  if (places === null || places <= 0) return null;
  return (100 * expected) / places;
}

/** The suggestion under the calculator; null when there is nothing to say (no places set). */
export function suggestionText(role: Pick<AdmissionsRole, 'places' | 'suggested_offers'>): string | null {
  if (role.places === null) return null;
  if (role.suggested_offers === null) return 'No suggestion: with these shares an offer brings nobody.';
  if (role.suggested_offers === 0) return 'Expected attendance already fills the places.';
  return `Suggested: send ${plural(role.suggested_offers, 'more offer', 'more offers')} to fill the places.`;
}

export type OffersInput = { offers: number | null; error: string | null };

/** The calculator's field as typed: '' is nothing yet, anything but a whole number is an error. */
export function parseOffers(typed: string): OffersInput {
  const v = typed.trim();
  if (v === '') return { offers: null, error: null };
  const n = /^\d{1,6}$/.test(v) ? Number(v) : Number.NaN;
  if (!(n <= CAPACITY_MAX_PLACES)) {
    return { offers: null, error: `Enter a whole number from 0 to ${formatCount(CAPACITY_MAX_PLACES)}.` };
  }
  return { offers: n, error: null };
}

/** "If we send 100 more offers, we expect about 51 more attendees." with the shares the projection uses. */
export function calculatorText(offers: number, role: Pick<AdmissionsRole, 'attend' | 'yes'>): string {
  const attendees = attendeesFromOffers(offers, role.attend.used_percent, role.yes.used_percent);
  const sent = plural(offers, 'more offer', 'more offers');
  return `If we send ${sent}, we expect about ${formatDecimal(attendees)} more ${attendees === 1 ? 'attendee' : 'attendees'}.`;
}

export type PromotionState = 'On' | 'Off' | 'Paused';

/**
 * Automatic promotion of one role, as the Admissions card shows it, and what it still waits for
 * when it is on but cannot act yet (the server promotes only with places set and decisions out).
 */
export function promotionState(
  role: Pick<AdmissionsRole, 'role' | 'places' | 'released'>,
  settings: Pick<CapacitySettings, 'hacker' | 'mentor' | 'promotion_paused'>,
): { state: PromotionState; note: string | null } {
  if (!settings[role.role].auto_promote) return { state: 'Off', note: null };
  if (settings.promotion_paused) return { state: 'Paused', note: 'Freed places stay empty until resumed.' };
  if (role.places === null) return { state: 'On', note: 'Waits for the places to be set.' };
  if (!role.released) return { state: 'On', note: `Waits for ${role.role} decisions to be released.` };
  return { state: 'On', note: null };
}

/** Whether the pause button has anything to pause: some role promotes automatically. */
export function anyAutoPromote(settings: Pick<CapacitySettings, 'hacker' | 'mentor'>): boolean {
  return settings.hacker.auto_promote || settings.mentor.auto_promote;
}
