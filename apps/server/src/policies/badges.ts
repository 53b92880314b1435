/**
 * Printed badges and passes. A badge carries the door QR code only when its record belongs to a
 * confirmed attendee now: a record made at the desk or by CSV has no application to encode, and one
 * kept only because its person had checked in before their decision changed would not open the door.
 */
import { isConfirmedAttendee, type RsvpFacts } from './rsvp';

export function badgeCarriesCode(record: { applicationId: string | null }, facts: RsvpFacts | null): boolean {
  return record.applicationId !== null && facts !== null && isConfirmedAttendee(facts);
}

/** The name a badge or pass leads with: what they asked to be called, else their first name. */
export function badgeName(person: { preferredName: string | null; firstName: string }): string {
  return person.preferredName?.trim() || person.firstName.trim();
}
