/**
 * The door's rules about a check-in record. A record linked to an application follows its person's
 * RSVP (policies/rsvp.ts, "confirmed attendee"); one made at the desk or by CSV import has no
 * application and answers to the staff alone.
 */

interface RecordFacts {
  /** The application the record was made for; null for a record made at the desk or by CSV. */
  applicationId: string | null;
}

/** May this record be checked in? An unlinked one always; a linked one while its person attends. */
export function mayCheckIn(record: RecordFacts, attending: boolean): boolean {
  return record.applicationId === null || attending;
}

/**
 * Does undoing this check-in take the record off the list? Only a linked record whose person no
 * longer attends: it stayed only because they had come, and now it is as if they never had.
 */
export function undoRemovesRecord(record: RecordFacts, attending: boolean): boolean {
  return !mayCheckIn(record, attending);
}
