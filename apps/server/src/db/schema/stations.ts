// Event-day stations (issue 20): where people are scanned (meals, swag, workshops, the door), and
// every scan made at one, online or replayed from a device that was offline.
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type {
  ScanDenial,
  ScanOutcome,
  StationAudience,
  StationKind,
  StationRule,
} from '@lanyard/shared/stations';
import { checkinRecords } from './checkin';
import { applications, timestamps, users } from './core';

export const stations = pgTable(
  'stations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    kind: text('kind').$type<StationKind>().notNull(),
    rule: text('rule').$type<StationRule>().notNull(),
    audience: text('audience').$type<StationAudience>().notNull().default('checked_in'),
    // The check-in station only: a scan checks in by itself (false: the volunteer taps to confirm).
    express: boolean('express').notNull().default(true),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('stations_name_key').on(sql`lower(${t.name})`),
    // The door is one station, made by the migration.
    uniqueIndex('stations_one_checkin')
      .on(t.kind)
      .where(sql`${t.kind} = 'checkin'`),
    check('stations_kind_check', sql`${t.kind} in ('checkin', 'meal', 'swag', 'workshop', 'other')`),
    check('stations_rule_check', sql`${t.rule} in ('once', 'once_per_day', 'unlimited')`),
    check('stations_audience_check', sql`${t.audience} in ('checked_in', 'confirmed')`),
  ],
);

/**
 * One row per judged scan, kept even when it was refused: the count is of rows `outcome = 'ok'`
 * not undone. The person is their check-in record; the application is kept beside it so a scan
 * still counts after the record leaves the list.
 */
export const scans = pgTable(
  'scans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'restrict' }),
    recordId: uuid('record_id').references(() => checkinRecords.id, { onDelete: 'set null' }),
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'set null' }),
    // When the volunteer scanned (a replayed scan keeps its device's time), and when it arrived.
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    scannedBy: uuid('scanned_by').references(() => users.id, { onDelete: 'set null' }),
    scannedByEmail: text('scanned_by_email'),
    deviceId: text('device_id').notNull(),
    clientScanId: uuid('client_scan_id').notNull(),
    source: text('source').$type<'online' | 'replayed'>().notNull(),
    outcome: text('outcome').$type<ScanOutcome>().notNull(),
    reason: text('reason').$type<ScanDenial>(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [
    // A device's scan is applied once, however often its queue is sent.
    uniqueIndex('scans_device_scan_key').on(t.deviceId, t.clientScanId),
    index('scans_counted_person_idx')
      .on(t.stationId, t.recordId, t.scannedAt)
      .where(sql`${t.outcome} = 'ok' and ${t.undoneAt} is null`),
    index('scans_counted_time_idx')
      .on(t.stationId, t.scannedAt)
      .where(sql`${t.outcome} = 'ok' and ${t.undoneAt} is null`),
    index('scans_record_idx').on(t.recordId, t.scannedAt),
    check('scans_source_check', sql`${t.source} in ('online', 'replayed')`),
    check('scans_outcome_check', sql`${t.outcome} in ('ok', 'already', 'denied')`),
  ],
);
