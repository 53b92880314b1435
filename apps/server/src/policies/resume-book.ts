/**
 * Who is in the resume book (issue 21): the one home of the rule, as one SQL condition on
 * `applications` that every book query uses (list, filters, profile, stars, downloads, zip). It is
 * read at each request, so a withdrawn consent or a cancelled RSVP takes effect on the next read.
 * An application is in the book while all of these hold:
 * - its applicant consents to sharing with sponsors now (policies/privacy.ts);
 * - it meets the event's rule: a confirmed attendee (policies/rsvp.ts isConfirmedAttendee), or,
 *   when admins choose so, someone checked in at the door;
 * - its applicant is 18 or over on the event's first day (isUnder18On); an unknown birth date
 *   counts as under 18, so a minor is never in the book whatever their consent.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { BookRule } from '@lanyard/shared/sponsors';
import { applications, checkinRecords } from '../db/schema/index';
import { sponsorConsentCondition } from './privacy';

/**
 * The latest birth date that is 18 on `eventStart` (YYYY-MM-DD), as isUnder18On counts: a birthday
 * counts once reached, so 29 February turns 18 on 1 March in a common year.
 */
export function adultBirthCutoff(eventStart: string): [number, number, number] {
  const [y, m, d] = eventStart.split('-').map(Number) as [number, number, number];
  return [y - 18, m, d];
}

/** In the book: the condition on `applications` every book query uses (list, profile, stars, zip). */
export function inResumeBook(rule: BookRule, eventStart: string): SQL {
  const [y, m, d] = adultBirthCutoff(eventStart);
  const attending =
    rule === 'checked_in'
      ? sql`exists (select 1 from ${checkinRecords} where ${checkinRecords.applicationId} = ${applications.id} and ${checkinRecords.checkedIn})`
      : sql`(${applications.status} = 'accepted' and ${applications.rsvpStatus} = 'accepted')`;
  // A row comparison: null in any part of the birth date is not true, so it is left out.
  const adult = sql`(${applications.birthYear}, ${applications.birthMonth}, ${applications.birthDay}) <= (${y}::int, ${m}::int, ${d}::int)`;
  return sql`(${sponsorConsentCondition()} and ${attending} and ${adult})`;
}
