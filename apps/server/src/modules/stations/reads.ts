/** What desks read of stations: counts per station, a person's scans, and a station's scans as CSV. */
import { sql } from 'drizzle-orm';
import type { EventConfig } from '@lanyard/shared/event';
import type { ScanDenial, ScanOutcome, StationCounts } from '@lanyard/shared/stations';
import type { Db, DbOrTx } from '../../db/client';
import { csvDocument, type CsvColumn } from '../../lib/csv';
import type { StationRow } from './store';

/**
 * Counted scans per station: today (the event's day), the last 15 minutes, and per minute over the
 * last 5. The door counts its check-ins, desk ones included, from the check-in list itself.
 */
export async function stationCounts(db: DbOrTx, event: EventConfig): Promise<StationCounts> {
  const dayStart = sql`(date_trunc('day', now() at time zone ${event.timeZone}) at time zone ${event.timeZone})`;
  const { rows } = await db.execute<{ station_id: string; today: number; last15: number; last5: number }>(sql`
    with counted as (
      select s.station_id, s.scanned_at as at from scans s
        join stations st on st.id = s.station_id and st.kind <> 'checkin'
       where s.outcome = 'ok' and s.undone_at is null
         and s.scanned_at >= least(${dayStart}, now() - interval '15 minutes')
      union all
      select st.id, r.checked_in_at from checkin_records r
        join stations st on st.kind = 'checkin'
       where r.checked_in and r.checked_in_at >= least(${dayStart}, now() - interval '15 minutes')
    )
    select st.id as station_id,
           count(c.at) filter (where c.at >= ${dayStart})::int as today,
           count(c.at) filter (where c.at >= now() - interval '15 minutes')::int as last15,
           count(c.at) filter (where c.at >= now() - interval '5 minutes')::int as last5
      from stations st left join counted c on c.station_id = st.id
     group by st.id`);
  return {
    stations: rows.map((r) => ({
      station_id: r.station_id,
      today: r.today,
      last_15_min: r.last15,
      per_minute: Math.round((r.last5 / 5) * 10) / 10,
    })),
  };
}

/** A person's scans at every station, newest first. */
export async function recordScans(db: DbOrTx, recordId: string) {
  const { rows } = await db.execute<{
    id: string;
    station_name: string;
    scanned_at: Date | string;
    outcome: ScanOutcome;
    reason: ScanDenial | null;
    source: 'online' | 'replayed';
    by_email: string | null;
    undone: boolean;
  }>(sql`
    select s.id, st.name as station_name, s.scanned_at, s.outcome, s.reason, s.source,
           s.scanned_by_email as by_email, s.undone_at is not null as undone
      from scans s join stations st on st.id = s.station_id
     where s.record_id = ${recordId}::uuid
     order by s.scanned_at desc, s.id
     limit 500`);
  return { scans: rows.map((r) => ({ ...r, scanned_at: new Date(r.scanned_at).toISOString() })) };
}

interface ScanCsvRow {
  id: string;
  scanned_at: Date;
  received_at: Date;
  outcome: string;
  reason: string | null;
  first_name: string | null;
  last_name: string | null;
  role: string | null;
  source: string;
  device_id: string;
  scanned_by_email: string | null;
  undone_at: Date | null;
}

const SCAN_COLUMNS: CsvColumn<ScanCsvRow>[] = [
  { header: 'scanned_at', value: (r) => r.scanned_at },
  { header: 'outcome', value: (r) => r.outcome },
  { header: 'reason', value: (r) => r.reason },
  { header: 'first_name', value: (r) => r.first_name },
  { header: 'last_name', value: (r) => r.last_name },
  { header: 'role', value: (r) => r.role },
  { header: 'source', value: (r) => r.source },
  { header: 'device_id', value: (r) => r.device_id },
  { header: 'scanned_by', value: (r) => r.scanned_by_email },
  { header: 'received_at', value: (r) => r.received_at },
  { header: 'undone_at', value: (r) => r.undone_at },
];

const BATCH = 2000;

/** Every scan of a station, oldest first, read in batches so a long day streams. */
export function stationScansCsv(db: Db, station: StationRow): AsyncIterable<string> {
  async function* batches() {
    let after: { at: string; id: string } | undefined;
    for (;;) {
      const { rows } = await db.execute<ScanCsvRow & Record<string, unknown>>(sql`
        select s.id, s.scanned_at, s.received_at, s.outcome, s.reason, r.first_name, r.last_name,
               r.role::text as role, s.source, s.device_id, s.scanned_by_email, s.undone_at
          from scans s left join checkin_records r on r.id = s.record_id
         where s.station_id = ${station.id}::uuid
           ${after ? sql`and (s.scanned_at, s.id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
         order by s.scanned_at, s.id
         limit ${BATCH}`);
      if (!rows.length) return;
      const typed = rows.map((r) => ({
        ...r,
        scanned_at: new Date(r.scanned_at),
        received_at: new Date(r.received_at),
        undone_at: r.undone_at ? new Date(r.undone_at) : null,
      }));
      yield typed;
      const last = typed[typed.length - 1]!;
      after = { at: last.scanned_at.toISOString(), id: last.id };
    }
  }
  return csvDocument(SCAN_COLUMNS, batches());
}
