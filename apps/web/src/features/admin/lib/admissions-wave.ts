import { PROMOTE_MAX, type AdmissionsRole, type PromotePreview } from '@lanyard/shared/capacity';
import type { ApplicantRole } from '@lanyard/shared/constants';
import { formatDecimal } from './admissions';
import { formatCount } from './labels';
import { formatScoreExact } from './review-labels';

/**
 * The words of a wave: promoting the next N from a role's waitlist by hand, in the Admissions card.
 * The e2e tests and the organisers' guide quote these, so they live in one place.
 */

const ROLE_WORDS: Record<ApplicantRole, { one: string; many: string }> = {
  hacker: { one: 'hacker', many: 'hackers' },
  mentor: { one: 'mentor', many: 'mentors' },
};

const people = (n: number, role: ApplicantRole) =>
  `${formatCount(n)} ${n === 1 ? ROLE_WORDS[role].one : ROLE_WORDS[role].many}`;

const titleCase = (s: string) => `${s.charAt(0).toUpperCase()}${s.slice(1)}`;

/**
 * What the field starts with: the offers suggested to fill the places, but never more than are
 * waiting; empty when there is no suggestion or nothing to promote, so nobody previews a guess.
 */
export function defaultWaveCount(role: Pick<AdmissionsRole, 'suggested_offers' | 'waitlisted'>): string {
  if (role.suggested_offers === null) return '';
  const n = Math.min(role.suggested_offers, role.waitlisted, PROMOTE_MAX);
  return n >= 1 ? String(n) : '';
}

export type WaveCountInput = { count: number | null; error: string | null };

/** The field as typed: a whole number from 1 to PROMOTE_MAX, as the server takes it. */
export function parseWaveCount(typed: string): WaveCountInput {
  const v = typed.trim();
  if (v === '') return { count: null, error: 'Enter how many to promote.' };
  const n = /^\d{1,6}$/.test(v) ? Number(v) : Number.NaN;
  if (!(n >= 1 && n <= PROMOTE_MAX)) {
    return { count: null, error: `Enter a whole number from 1 to ${formatCount(PROMOTE_MAX)}.` };
  }
  return { count: n, error: null };
}

/** Why the wave cannot start: nobody can be promoted. */
export function emptyWaitlistText(role: ApplicantRole): string {
  return `Nobody is waiting on the ${ROLE_WORDS[role].one} waitlist.`;
}

/** "Promote 12 of 25 waitlisted hackers" */
export function waveSummary(p: Pick<PromotePreview, 'role' | 'count' | 'waitlisted'>): string {
  if (p.count === 0) return `Nobody on the ${ROLE_WORDS[p.role].one} waitlist can be promoted.`;
  const waiting = p.waitlisted === 1 ? ROLE_WORDS[p.role].one : ROLE_WORDS[p.role].many;
  return `Promote ${formatCount(p.count)} of ${formatCount(p.waitlisted)} waitlisted ${waiting}`;
}

/** The confirmation's first line: "Promote 12 of 25 waitlisted hackers, from Ada Lovelace to Bob Null." */
export function waveRangeText(
  p: Pick<PromotePreview, 'role' | 'count' | 'waitlisted' | 'first' | 'last'>,
): string {
  if (p.count === 0) return waveSummary(p);
  const first = p.first[0]?.name;
  const last = (p.last.at(-1) ?? p.first.at(-1))?.name;
  const range = first && last && p.count > 1 ? `, from ${first} to ${last}` : first ? `: ${first}` : '';
  return `${waveSummary(p)}${range}.`;
}

/** "3 flagged applications are left out", or null when none are. */
export function waveFlaggedText(excluded: number): string | null {
  if (excluded === 0) return null;
  return excluded === 1
    ? '1 flagged application is left out'
    : `${formatCount(excluded)} flagged applications are left out`;
}

/** "Expected attendance: 200.6 → 206.7 of 500 places" */
export function waveProjectionText(
  p: Pick<PromotePreview, 'expected_attendance_before' | 'expected_attendance_after'>,
  places: number | null,
): string {
  const of = places === null ? '' : ` of ${formatCount(places)} places`;
  return `Expected attendance: ${formatDecimal(p.expected_attendance_before)} → ${formatDecimal(p.expected_attendance_after)}${of}`;
}

/** A score beside a name; an applicant nobody has scored yet is promoted after the scored ones. */
export function waveScoreText(score: number | null): string {
  return score === null ? 'no score' : formatScoreExact(score);
}

/** The button that opens the confirmation: "Promote 12 Hackers". */
export function promoteButtonLabel(count: number, role: ApplicantRole): string {
  const words = ROLE_WORDS[role];
  return `Promote ${formatCount(count)} ${titleCase(count === 1 ? words.one : words.many)}`;
}

/** The confirmation's title: "Promote 12 hackers from the waitlist?" */
export function promoteDialogTitle(count: number, role: ApplicantRole): string {
  return `Promote ${people(count, role)} from the waitlist?`;
}

/** Whether promoted people hear now or at release: the decisions' visibility is the role's. */
export function waveReleaseText(role: ApplicantRole, released: boolean): string {
  return released
    ? 'Promoted applicants are e-mailed their decision at once.'
    : `Promoted applicants stay hidden until you release ${ROLE_WORDS[role].one} decisions.`;
}

/** The success toast's title and words. */
export function promotedToast(p: Pick<PromotePreview, 'role' | 'count'>): {
  title: string;
  description: string;
} {
  const words = ROLE_WORDS[p.role];
  return {
    title: `${titleCase(p.count === 1 ? words.one : words.many)} Promoted`,
    description: `Promoted ${people(p.count, p.role)} from the waitlist.`,
  };
}

/** The server names the field it refused ("confirm: Type 11 to confirm: ..."); the dialog needs only the words. */
export function withoutFieldPrefix(message: string): string {
  return message.replace(/^confirm:\s*/, '');
}
