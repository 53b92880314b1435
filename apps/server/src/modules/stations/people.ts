/**
 * A person as a station sees them: from their check-in record (and application, for dietary needs
 * and whether they still attend), reduced to what the result screen shows. Never an e-mail address,
 * a phone number or a resume: the offline snapshot is made of these.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { isRealDate, isUnder18On, parseBirthMonth } from '@lanyard/shared/dates';
import type { CheckinRole } from '@lanyard/shared/constants';
import type { ScanPerson, StationKind } from '@lanyard/shared/stations';
import { stationShows } from '../../policies/stations';

/** The columns a station reads of a person (personColumns selects them). */
export interface PersonRow {
  record_id: string;
  application_id: string | null;
  first_name: string;
  preferred_name: string | null;
  pronoun: string | null;
  role: CheckinRole;
  birth_year: number | null;
  birth_month: number | null;
  birth_day: number | null;
  shirt_size: string | null;
  dietary: string | null;
  checked_in: boolean;
  checked_in_at: Date | string | null;
  /** Unlinked records (made at the desk or by CSV) attend on the staff's word. */
  attending: boolean;
}

/** Selects a PersonRow from `checkin_records r left join applications a`. */
export const personColumns = sql`
  r.id as record_id, r.application_id, r.first_name, r.preferred_name, r.pronoun, r.role,
  r.birth_year, r.birth_month, r.birth_day, r.shirt_size,
  nullif(trim(a.answers->>'dietaryRestrictions'), '') as dietary,
  r.checked_in, r.checked_in_at,
  (r.application_id is null or coalesce(lanyard_confirmed_attendee(a.status, a.rsvp_status), false)) as attending`;

function under18(row: PersonRow, eventStart: string): boolean {
  const month = parseBirthMonth(row.birth_month ?? undefined);
  const { birth_year: year, birth_day: day } = row;
  if (year === null || day === null || month === undefined || !isRealDate(year, month, day)) return false;
  return isUnder18On(eventStart, year, month, day);
}

export function personFor(row: PersonRow, kind: StationKind, eventStart: string): ScanPerson {
  const shows = stationShows(kind);
  return {
    name: row.preferred_name?.trim() || row.first_name,
    pronoun: row.pronoun?.trim() || null,
    under_18: under18(row, eventStart),
    role: row.role,
    shirt_size: shows.shirt ? row.shirt_size : null,
    dietary: shows.dietary ? row.dietary : null,
  };
}

/** The snapshot's key for a code: SHA-256 of the token, so the snapshot never holds a code itself. */
export function tokenKey(token: string): string {
  return crypto.createHash('sha256').update(token.trim(), 'utf8').digest('base64url');
}
