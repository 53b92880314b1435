import type { CheckinStats } from '@lanyard/shared/checkin';
import { roleTitle } from '@lanyard/shared/labels';

/** "Sep 19, 10:42 AM" in the desk's own time zone; the year only when it is not this year. */
export function formatCheckedInAt(iso: string | null, now = new Date()): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** Shirt sizes are shown upper-case, however they were typed or imported. */
export function formatShirtSize(size: string | null): string {
  return size ? size.toUpperCase() : '';
}

export function fullName(r: { firstName: string; lastName: string }): string {
  return `${r.firstName} ${r.lastName}`.trim();
}

/**
 * What a person goes by, said beside their name at the door: "“Countess” · She/Her". A preferred
 * name that is only the first name again is left out.
 */
export function goesBy(r: {
  firstName: string;
  preferred_name: string | null;
  pronoun: string | null;
}): string {
  const preferred = r.preferred_name?.trim() ?? '';
  const pronoun = r.pronoun?.trim() ?? '';
  const parts: string[] = [];
  if (preferred && preferred.toLowerCase() !== r.firstName.trim().toLowerCase()) parts.push(`“${preferred}”`);
  if (pronoun) parts.push(pronoun);
  return parts.join(' · ');
}

/**
 * Everyone at the door by role, under the cards that count hackers only:
 * "Everyone 3 of 7 checked in · Hacker 1 of 3 checked in · Mentor 0 of 1 checked in".
 */
export function roleCountsLine(stats: Pick<CheckinStats, 'total' | 'checked_in' | 'by_role'>): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const parts = [`Everyone ${n(stats.checked_in)} of ${n(stats.total)} checked in`];
  for (const r of stats.by_role) {
    if (r.total > 0) parts.push(`${roleTitle(r.role)} ${n(r.checked_in)} of ${n(r.total)} checked in`);
  }
  return parts.join(' · ');
}
