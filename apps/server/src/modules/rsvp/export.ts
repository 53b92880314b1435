import { and, asc, gt, type SQL } from 'drizzle-orm';
import type { RsvpRow } from '@lanyard/shared/rsvp';
import type { Db } from '../../db/client';
import { applications } from '../../db/schema/index';
import { csvDocument, type CsvColumn } from '../../lib/csv';
import { toRsvpRow } from './service';

const RSVP_COLUMNS: readonly CsvColumn<RsvpRow>[] = [
  { header: 'id', value: (x) => x._id },
  { header: 'name', value: (x) => x.name },
  { header: 'email', value: (x) => x.email },
  { header: 'role', value: (x) => x.role },
  { header: 'status', value: (x) => x.status },
  { header: 'rsvp_status', value: (x) => x.rsvp_status ?? 'no_response' },
  { header: 'rsvp_at', value: (x) => x.rsvp_at },
  { header: 'preferred_name', value: (x) => x.preferred_name },
  { header: 'school_name', value: (x) => x.school_name },
  { header: 'pronoun', value: (x) => x.pronoun },
  { header: 'linkedin_url', value: (x) => x.linkedin_url },
  { header: 'github_url', value: (x) => x.github_url },
  { header: 'liability_waiver_accepted', value: (x) => x.liability_waiver_accepted },
  { header: 'photo_clearance_accepted', value: (x) => x.photo_clearance_accepted },
  { header: 'photo_sharing_opt_out', value: (x) => x.photo_sharing_opt_out },
];

/** The applications `where` matches, as the RSVP list shows them, as CSV in id order. */
export function rsvpCsv(db: Db, where: SQL | undefined): AsyncIterable<string> {
  async function* batches() {
    let afterId: string | undefined;
    for (;;) {
      const cursor: SQL | undefined = afterId ? gt(applications.id, afterId) : undefined;
      const batch = await db
        .select()
        .from(applications)
        .where(and(where, cursor))
        .orderBy(asc(applications.id))
        .limit(1000);
      if (!batch.length) return;
      yield batch.map((r) => toRsvpRow(r));
      afterId = batch[batch.length - 1]!.id;
    }
  }
  return csvDocument(RSVP_COLUMNS, batches());
}

/** rsvp_export_<UTC date>.csv: one file name a day, so downloads sort by date. */
export function rsvpExportFileName(now = new Date()): string {
  return `rsvp_export_${now.toISOString().slice(0, 10)}.csv`;
}
