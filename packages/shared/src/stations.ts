/**
 * Event-day stations (issue 20): what crosses the wire, and the one rule that judges a scan. The
 * server judges online scans and replays with it; the scanner judges offline scans with it against
 * its snapshot, so a device without network says what the server would.
 */
import { z } from 'zod';
import { CHECKIN_ROLES } from './constants';
import { isoDateTimeSchema } from './dates';

export const STATION_KINDS = ['checkin', 'meal', 'swag', 'workshop', 'other'] as const;
export type StationKind = (typeof STATION_KINDS)[number];
/** The kinds an admin may create: the check-in desk is the one station "Check-in", made by migration. */
export const CREATABLE_STATION_KINDS = ['meal', 'swag', 'workshop', 'other'] as const;
export const STATION_KIND_LABELS: Record<StationKind, string> = {
  checkin: 'Check-in',
  meal: 'Meal',
  swag: 'Swag',
  workshop: 'Workshop',
  other: 'Other',
};

export const STATION_RULES = ['once', 'once_per_day', 'unlimited'] as const;
export type StationRule = (typeof STATION_RULES)[number];
export const STATION_RULE_LABELS: Record<StationRule, string> = {
  once: 'Once per person',
  once_per_day: 'Once per person per day',
  unlimited: 'Unlimited',
};

/** Who a station lets through: checked-in attendees (the default), or every confirmed attendee. */
export const STATION_AUDIENCES = ['checked_in', 'confirmed'] as const;
export type StationAudience = (typeof STATION_AUDIENCES)[number];
export const STATION_AUDIENCE_LABELS: Record<StationAudience, string> = {
  checked_in: 'Checked-in attendees only',
  confirmed: 'Every confirmed attendee',
};

export const STATION_LIMITS = {
  name: 80,
  stations: 100,
  /** Scans one replay may carry. */
  replayBatch: 1000,
  /** How old a replayed scan may be, and how far ahead of the server's clock. */
  replayMaxAgeHours: 48,
  replayMaxSkewSeconds: 120,
  /** The scanner offers Undo this long; the server takes it a little longer, for a slow network. */
  undoSeconds: 10,
  undoGraceSeconds: 20,
} as const;

export const stationSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(STATION_KINDS),
  rule: z.enum(STATION_RULES),
  audience: z.enum(STATION_AUDIENCES),
  /** Check-in station only: true checks in on the scan itself; false asks the volunteer to tap. */
  express: z.boolean(),
  archived: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Station = z.infer<typeof stationSchema>;
export const stationsResponseSchema = z.object({ stations: z.array(stationSchema) });

/** POST /api/checkin/stations (admin). */
export const stationCreateBodySchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(STATION_LIMITS.name),
    kind: z.enum(CREATABLE_STATION_KINDS),
    rule: z.enum(STATION_RULES),
    audience: z.enum(STATION_AUDIENCES).default('checked_in'),
  })
  .strict();
export type StationCreateBody = z.input<typeof stationCreateBodySchema>;

/** PUT /api/checkin/stations/:id (admin): any of these; the check-in station takes `express` only. */
export const stationUpdateBodySchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(STATION_LIMITS.name).optional(),
    rule: z.enum(STATION_RULES).optional(),
    audience: z.enum(STATION_AUDIENCES).optional(),
    express: z.boolean().optional(),
    archived: z.boolean().optional(),
  })
  .strict();
export type StationUpdateBody = z.infer<typeof stationUpdateBodySchema>;

/** What the result screen shows of a person, and nothing more (no e-mail, phone or resume). */
export const scanPersonSchema = z.object({
  name: z.string(),
  pronoun: z.string().nullable(),
  under_18: z.boolean(),
  role: z.enum(CHECKIN_ROLES),
  /** At swag stations only. */
  shirt_size: z.string().nullable(),
  /** At meal stations only. */
  dietary: z.string().nullable(),
});
export type ScanPerson = z.infer<typeof scanPersonSchema>;

export const SCAN_OUTCOMES = ['ok', 'already', 'denied'] as const;
export type ScanOutcome = (typeof SCAN_OUTCOMES)[number];
export const SCAN_DENIALS = [
  'not_checked_in',
  'not_confirmed',
  'invalid_code',
  'needs_confirmation',
] as const;
export type ScanDenial = (typeof SCAN_DENIALS)[number];
export const SCAN_DENIAL_MESSAGES: Record<ScanDenial, string> = {
  not_checked_in: 'Not checked in yet: send them to the check-in desk.',
  not_confirmed: 'Not a confirmed attendee: please send them to an organizer.',
  invalid_code: 'This code is not for this event (forged, altered or from another event).',
  needs_confirmation: 'Tap "Check in" to confirm.',
};

/** An earlier scan that makes this one a repeat: when, and at which station. */
export const previousScanSchema = z.object({ at: z.string(), station_name: z.string() });
export type PreviousScan = z.infer<typeof previousScanSchema>;

export const scanResultSchema = z.object({
  /** The scan as stored (null for a code that is not ours: nothing to undo or count). */
  scan_id: z.string().nullable(),
  client_scan_id: z.string(),
  outcome: z.enum(SCAN_OUTCOMES),
  reason: z.enum(SCAN_DENIALS).nullable(),
  message: z.string(),
  person: scanPersonSchema.nullable(),
  previous: previousScanSchema.nullable(),
  /** Until when Undo is taken (ok scans only). */
  undo_until: z.string().nullable(),
});
export type ScanResult = z.infer<typeof scanResultSchema>;

const deviceId = z.string().trim().min(1).max(64);

/** POST /api/checkin/stations/:id/scan (staff). `confirm`: the volunteer tapped "Check in". */
export const stationScanBodySchema = z
  .object({
    token: z.string().min(1).max(200),
    device_id: deviceId,
    client_scan_id: z.string().uuid(),
    confirm: z.boolean().optional(),
  })
  .strict();
export type StationScanBody = z.infer<typeof stationScanBodySchema>;

/** POST /api/checkin/stations/:id/scan-record (staff): the same scan, of someone found by name. */
export const stationRecordScanBodySchema = stationScanBodySchema
  .omit({ token: true })
  .extend({ record_id: z.string().uuid() })
  .strict();
export type StationRecordScanBody = z.infer<typeof stationRecordScanBodySchema>;

/** POST /api/checkin/scans/replay (staff): scans made offline, in the order they were made. */
export const replayBodySchema = z
  .object({
    device_id: deviceId,
    scans: z
      .array(
        z
          .object({
            client_scan_id: z.string().uuid(),
            station_id: z.string().uuid(),
            token: z.string().min(1).max(200),
            scanned_at: isoDateTimeSchema,
          })
          .strict(),
      )
      .min(1)
      .max(STATION_LIMITS.replayBatch),
  })
  .strict();
export type ReplayBody = z.infer<typeof replayBodySchema>;
export const replayResponseSchema = z.object({ results: z.array(scanResultSchema) });

/** One person in a station's snapshot, keyed by the SHA-256 of their code (base64url), never the code. */
export const snapshotEntrySchema = z.object({
  key: z.string(),
  person: scanPersonSchema,
  /** May this station serve them (its audience); the reason when not. */
  eligible: z.boolean(),
  reason: z.enum(SCAN_DENIALS).nullable(),
  /** Their latest counted scan at this station (for "once" and "once per day"). */
  last: previousScanSchema.nullable(),
});
export type SnapshotEntry = z.infer<typeof snapshotEntrySchema>;

/** GET /api/checkin/stations/:id/snapshot (staff): signed by the server (HMAC over the rest). */
export const stationSnapshotSchema = z.object({
  station: stationSchema,
  time_zone: z.string(),
  generated_at: z.string(),
  entries: z.array(snapshotEntrySchema),
  signature: z.string(),
});
export type StationSnapshot = z.infer<typeof stationSnapshotSchema>;

/** GET /api/checkin/stations/counts (staff): counted scans per station. */
export const stationCountsSchema = z.object({
  stations: z.array(
    z.object({
      station_id: z.string(),
      today: z.number().int(),
      last_15_min: z.number().int(),
      /** Counted scans per minute over the last 5 minutes. */
      per_minute: z.number(),
    }),
  ),
});
export type StationCounts = z.infer<typeof stationCountsSchema>;

/** A scan as the attendee's record lists it. */
export const recordScanSchema = z.object({
  id: z.string(),
  station_name: z.string(),
  scanned_at: z.string(),
  outcome: z.enum(SCAN_OUTCOMES),
  reason: z.enum(SCAN_DENIALS).nullable(),
  source: z.enum(['online', 'replayed']),
  by_email: z.string().nullable(),
  undone: z.boolean(),
});
export const recordScansResponseSchema = z.object({ scans: z.array(recordScanSchema) });

/** The calendar day of an instant in the event's time zone (YYYY-MM-DD). */
export function eventDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** Whether a station serves a person at all (before any repeat rule), and why not. */
export function stationAdmits(
  audience: StationAudience,
  person: { attending: boolean; checkedIn: boolean },
): ScanDenial | null {
  if (!person.attending) return 'not_confirmed';
  if (audience === 'checked_in' && !person.checkedIn) return 'not_checked_in';
  return null;
}

/**
 * The verdict on one scan at `at`: denied (not served), already (a counted scan the rule forbids a
 * repeat of: ever for "once", that event day for "once per day"), or ok. `last` is the person's
 * latest counted scan at this station before this one.
 */
export function judgeScan(input: {
  rule: StationRule;
  denial: ScanDenial | null;
  last: PreviousScan | null;
  at: Date;
  timeZone: string;
}): { outcome: ScanOutcome; reason: ScanDenial | null; previous: PreviousScan | null } {
  if (input.denial) return { outcome: 'denied', reason: input.denial, previous: null };
  const { last } = input;
  if (last && input.rule === 'once') return { outcome: 'already', reason: null, previous: last };
  if (
    last &&
    input.rule === 'once_per_day' &&
    eventDay(new Date(last.at), input.timeZone) === eventDay(input.at, input.timeZone)
  ) {
    return { outcome: 'already', reason: null, previous: last };
  }
  return { outcome: 'ok', reason: null, previous: null };
}
