/**
 * One scan at a station, online or replayed: judged by the shared rule (judgeScan), stored once per
 * device scan, audited, and told to every desk. Scans of one person wait for each other on their
 * check-in record's row lock, so two desks scanning them at once count them once.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { EventConfig } from '@lanyard/shared/event';
import {
  judgeScan,
  SCAN_DENIAL_MESSAGES,
  STATION_LIMITS,
  stationAdmits,
  type PreviousScan,
  type ScanDenial,
  type ScanOutcome,
  type ScanResult,
} from '@lanyard/shared/stations';
import type { DbOrTx } from '../../db/client';
import { scans } from '../../db/schema/index';
import { errors } from '../../errors';
import { auditStatement, type AuditActor } from '../../lib/audit';
import { checkInWithin } from '../checkin/door';
import type { Publish } from '../checkin/live';
import { personColumns, personFor, type PersonRow } from './people';
import type { StationRow } from './store';

export interface ScanInput {
  /** Replayed scans' stations were checked with their batch; online scans need one not archived. */
  stationId: string;
  /** The person: their record, or the application a code names (no record: not attending). */
  target: { recordId: string } | { applicationId: string };
  at: Date;
  source: 'online' | 'replayed';
  deviceId: string;
  clientScanId: string;
  confirm: boolean;
}

type ScanRow = typeof scans.$inferSelect;

interface Locked {
  station: StationRow;
  person: PersonRow | undefined;
  /** The scan already stored under this device's scan id (its queue sent again). */
  storedId: string | null;
}

type LockedRow = Partial<PersonRow> & {
  st_id: string;
  st_name: string;
  st_kind: StationRow['kind'];
  st_rule: StationRow['rule'];
  st_audience: StationRow['audience'];
  st_express: boolean;
  st_archived_at: Date | string | null;
  st_created_at: Date | string;
  st_updated_at: Date | string;
  stored_id: string | null;
};

const dateOrNull = (v: Date | string | null) => (v === null ? null : new Date(v));

/**
 * The station, the person's record locked, and any scan stored under this device scan id: one
 * statement, as the scan's first step. The lock is what two desks scanning one person wait on;
 * what the person was counted for is read after it (lastCounted), in a statement of its own, so it
 * sees a scan committed while this one waited.
 */
async function lockedPerson(tx: DbOrTx, input: ScanInput): Promise<Locked> {
  const { target } = input;
  const where =
    'recordId' in target
      ? sql`r.id = ${target.recordId}::uuid`
      : sql`r.application_id = ${target.applicationId}::uuid`;
  const { rows } = await tx.execute<LockedRow & Record<string, unknown>>(sql`
    select st.id as st_id, st.name as st_name, st.kind as st_kind, st.rule as st_rule,
           st.audience as st_audience, st.express as st_express, st.archived_at as st_archived_at,
           st.created_at as st_created_at, st.updated_at as st_updated_at,
           (select s.id from scans s
             where s.device_id = ${input.deviceId} and s.client_scan_id = ${input.clientScanId}::uuid) as stored_id,
           p.*
      from stations st
      left join lateral (
        select ${personColumns} from checkin_records r left join applications a on a.id = r.application_id
         where ${where} for update of r) p on true
     where st.id = ${input.stationId}::uuid`);
  const row = rows[0];
  if (!row) throw errors.notFound('No such station.', 'unknown_station');
  const station: StationRow = {
    id: row.st_id,
    name: row.st_name,
    kind: row.st_kind,
    rule: row.st_rule,
    audience: row.st_audience,
    express: row.st_express,
    archivedAt: dateOrNull(row.st_archived_at),
    createdAt: new Date(row.st_created_at),
    updatedAt: new Date(row.st_updated_at),
  };
  if (station.archivedAt && input.source === 'online')
    throw errors.notFound('This station is archived.', 'unknown_station');
  const person = row.record_id ? (row as unknown as PersonRow) : undefined;
  return { station, person, storedId: row.stored_id };
}

/** The person's latest counted scan at the station at or before `at`, or their door check-in. */
async function lastCounted(
  tx: DbOrTx,
  station: StationRow,
  person: PersonRow,
  at: Date,
): Promise<PreviousScan | null> {
  if (station.kind === 'checkin') {
    if (!person.checked_in) return null;
    return { at: new Date(person.checked_in_at ?? at).toISOString(), station_name: station.name };
  }
  const { rows } = await tx.execute<{ at: Date | string }>(sql`
    select scanned_at as at from scans
     where station_id = ${station.id}::uuid and record_id = ${person.record_id}::uuid
       and outcome = 'ok' and undone_at is null and scanned_at <= ${at.toISOString()}::timestamptz
     order by scanned_at desc limit 1`);
  return rows[0] ? { at: new Date(rows[0].at).toISOString(), station_name: station.name } : null;
}

/**
 * A replayed scan made before one already counted (two desks offline, the later one synced first):
 * the earlier scan counts, and the later one becomes the repeat, as if both had been online.
 */
async function yieldLaterScan(
  tx: DbOrTx,
  station: StationRow,
  person: PersonRow,
  at: Date,
  timeZone: string,
) {
  if (station.rule === 'unlimited' || station.kind === 'checkin') return;
  const { rows } = await tx.execute<{ id: string; at: Date | string }>(sql`
    select id, scanned_at as at from scans
     where station_id = ${station.id}::uuid and record_id = ${person.record_id}::uuid
       and outcome = 'ok' and undone_at is null and scanned_at > ${at.toISOString()}::timestamptz
     order by scanned_at limit 1`);
  const later = rows[0];
  if (!later) return;
  const verdict = judgeScan({
    rule: station.rule,
    denial: null,
    last: { at: at.toISOString(), station_name: station.name },
    at: new Date(later.at),
    timeZone,
  });
  if (verdict.outcome === 'already')
    await tx.execute(sql`update scans set outcome = 'already' where id = ${later.id}::uuid`);
}

function message(
  station: StationRow,
  outcome: ScanOutcome,
  reason: ScanDenial | null,
  previous: PreviousScan | null,
) {
  if (reason) return SCAN_DENIAL_MESSAGES[reason];
  if (outcome === 'already') return `Already scanned at ${previous?.station_name ?? station.name}.`;
  return station.kind === 'checkin' ? 'Checked in.' : 'OK';
}

export function resultOf(
  station: StationRow,
  row: Pick<ScanRow, 'id' | 'clientScanId' | 'outcome' | 'reason' | 'source' | 'receivedAt'> | null,
  verdict: { outcome: ScanOutcome; reason: ScanDenial | null; previous: PreviousScan | null },
  person: PersonRow | undefined,
  eventStart: string,
  clientScanId: string,
): ScanResult {
  const undoMs = (STATION_LIMITS.undoSeconds + STATION_LIMITS.undoGraceSeconds) * 1000;
  return {
    scan_id: row?.id ?? null,
    client_scan_id: clientScanId,
    outcome: verdict.outcome,
    reason: verdict.reason,
    message: message(station, verdict.outcome, verdict.reason, verdict.previous),
    person: person ? personFor(person, station.kind, eventStart) : null,
    previous: verdict.previous,
    undo_until:
      row && verdict.outcome === 'ok' && row.source === 'online'
        ? new Date(row.receivedAt.getTime() + undoMs).toISOString()
        : null,
  };
}

/** Judges and stores one scan inside `tx`; the same device scan again answers as it did the first time. */
export async function applyScan(
  tx: DbOrTx,
  actor: AuditActor,
  event: EventConfig,
  input: ScanInput,
  publish: Publish,
): Promise<ScanResult> {
  const { station, person, storedId } = await lockedPerson(tx, input);
  if (storedId) return storedResult(tx, station, storedId, person, event.startDate);

  const denial: ScanDenial | null = person
    ? stationAdmits(station.kind === 'checkin' ? 'confirmed' : station.audience, {
        attending: person.attending,
        checkedIn: person.checked_in,
      })
    : 'not_confirmed';
  const last = person && !denial ? await lastCounted(tx, station, person, input.at) : null;
  const verdict = judgeScan({
    rule: station.kind === 'checkin' ? 'once' : station.rule,
    denial,
    last,
    at: input.at,
    timeZone: event.timeZone,
  });
  if (station.kind === 'checkin' && verdict.outcome === 'ok' && !station.express && !input.confirm) {
    const ask = { outcome: 'denied' as const, reason: 'needs_confirmation' as const, previous: null };
    return resultOf(station, null, ask, person, event.startDate, input.clientScanId);
  }
  if (verdict.outcome === 'ok' && person) {
    if (station.kind === 'checkin') await checkInWithin(tx, actor, person.record_id, publish);
    else if (input.source === 'replayed') await yieldLaterScan(tx, station, person, input.at, event.timeZone);
  }
  // The scan and its audit row in one statement: one round trip fewer on every scan.
  const scanId = crypto.randomUUID();
  const recordId = person?.record_id ?? null;
  const applicationId =
    person?.application_id ?? ('applicationId' in input.target ? input.target.applicationId : null);
  const audited = auditStatement(actor, {
    action: 'station.scan',
    targetType: 'checkin_record',
    targetId: recordId,
    after: {
      scan_id: scanId,
      station: station.name,
      outcome: verdict.outcome,
      reason: verdict.reason,
      source: input.source,
      scanned_at: input.at.toISOString(),
      device_id: input.deviceId,
    },
  });
  const { rows: inserted } = await tx.execute<{ received_at: Date | string }>(sql`
    with audited as (${audited})
    insert into ${scans} (id, station_id, record_id, application_id, scanned_at, scanned_by, scanned_by_email,
                          device_id, client_scan_id, source, outcome, reason)
    values (${scanId}::uuid, ${station.id}::uuid, ${recordId}::uuid, ${applicationId}::uuid,
            ${input.at.toISOString()}::timestamptz, ${actor.id}::uuid, ${actor.email}, ${input.deviceId},
            ${input.clientScanId}::uuid, ${input.source}, ${verdict.outcome}, ${verdict.reason})
    returning received_at`);
  const row = {
    id: scanId,
    clientScanId: input.clientScanId,
    outcome: verdict.outcome,
    reason: verdict.reason,
    source: input.source,
    receivedAt: new Date(inserted[0]!.received_at),
  };
  await publish({
    type: 'scan',
    record_id: person?.record_id ?? null,
    checked_in: null,
    by: actor.email,
    station_id: station.id,
  });
  return resultOf(station, row, verdict, person, event.startDate, input.clientScanId);
}

/** A device scan already stored (its queue sent again): the answer it had, recomputed from the row. */
async function storedResult(
  tx: DbOrTx,
  station: StationRow,
  id: string,
  person: PersonRow | undefined,
  eventStart: string,
): Promise<ScanResult> {
  const { rows } = await tx.execute<{
    client_scan_id: string;
    outcome: ScanOutcome;
    reason: ScanDenial | null;
    source: 'online' | 'replayed';
    received_at: Date | string;
    previous_at: Date | string | null;
  }>(sql`
    select s.client_scan_id, s.outcome, s.reason, s.source, s.received_at,
           (select p.scanned_at from scans p
             where p.station_id = s.station_id and p.record_id = s.record_id and p.id <> s.id
               and p.outcome = 'ok' and p.undone_at is null and p.scanned_at <= s.scanned_at
             order by p.scanned_at desc limit 1) as previous_at
      from scans s where s.id = ${id}::uuid`);
  const r = rows[0]!;
  const previous =
    r.outcome === 'already' && r.previous_at
      ? { at: new Date(r.previous_at).toISOString(), station_name: station.name }
      : null;
  const row = {
    id,
    clientScanId: r.client_scan_id,
    outcome: r.outcome,
    reason: r.reason,
    source: r.source,
    receivedAt: new Date(r.received_at),
  };
  return resultOf(
    station,
    row,
    { outcome: r.outcome, reason: r.reason, previous },
    person,
    eventStart,
    r.client_scan_id,
  );
}
