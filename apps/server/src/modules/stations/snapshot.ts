/**
 * A station's snapshot for the offline scanner: everyone with a door code, keyed by the SHA-256 of
 * the code, with what the result screen shows, whether the station serves them, and their last
 * counted scan there. Signed with a key of this server's, so a replayed verdict can be checked
 * against what the server really sent. Never an e-mail address, a phone number or a resume.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { EventConfig } from '@lanyard/shared/event';
import { stationAdmits, type SnapshotEntry, type StationSnapshot } from '@lanyard/shared/stations';
import type { DbOrTx } from '../../db/client';
import { makeQrToken } from '../checkin/qr';
import { personColumns, personFor, tokenKey, type PersonRow } from './people';
import { toStation, type StationRow } from './store';

// Codes never change for an application under one secret and event: each is worked out once per
// process, not per snapshot. The cache is per secret and event, so a process serving several (test
// files sharing a module graph, as the server suite runs) never hands out another's key.
const keyCaches = new Map<string, Map<string, string>>();
/** The door-code key of an application under `secret` and `event`, worked out once per process. */
function keysFor(secret: string, event: EventConfig): (applicationId: string) => string {
  const id = crypto
    .createHash('sha256')
    .update(secret)
    .update('\0')
    .update(JSON.stringify(event))
    .digest('hex');
  const keys = keyCaches.get(id) ?? new Map<string, string>();
  if (!keyCaches.has(id)) {
    if (keyCaches.size >= 4) keyCaches.clear();
    keyCaches.set(id, keys);
  }
  return (applicationId) => {
    let key = keys.get(applicationId);
    if (!key) {
      if (keys.size > 200_000) keys.clear();
      key = tokenKey(makeQrToken(secret, event, applicationId));
      keys.set(applicationId, key);
    }
    return key;
  };
}

export function signSnapshot(secret: string, body: Omit<StationSnapshot, 'signature'>): string {
  const key = crypto.createHmac('sha256', secret).update('station-snapshot').digest();
  return crypto.createHmac('sha256', key).update(JSON.stringify(body)).digest('base64url');
}

export async function buildSnapshot(
  db: DbOrTx,
  config: { secret: string; event: EventConfig },
  station: StationRow,
): Promise<{ snapshot: StationSnapshot; etag: string }> {
  const lastAt =
    station.kind === 'checkin'
      ? sql`case when r.checked_in then r.checked_in_at end`
      : sql`(select max(s.scanned_at) from scans s
              where s.station_id = ${station.id}::uuid and s.record_id = r.id
                and s.outcome = 'ok' and s.undone_at is null)`;
  const { rows } = await db.execute<
    PersonRow & { last_at: Date | string | null } & Record<string, unknown>
  >(sql`
    select ${personColumns}, ${lastAt} as last_at
      from checkin_records r left join applications a on a.id = r.application_id
     where r.application_id is not null
     order by r.id`);
  const audience = station.kind === 'checkin' ? 'confirmed' : station.audience;
  const keyOf = keysFor(config.secret, config.event);
  const entries: SnapshotEntry[] = rows.map((row) => {
    const reason = stationAdmits(audience, { attending: row.attending, checkedIn: row.checked_in });
    return {
      key: keyOf(row.application_id!),
      person: personFor(row, station.kind, config.event.startDate),
      eligible: reason === null,
      reason,
      last: row.last_at ? { at: new Date(row.last_at).toISOString(), station_name: station.name } : null,
    };
  });
  const stationView = toStation(station);
  const etag = `"${crypto
    .createHash('sha256')
    .update(JSON.stringify([stationView, config.event.timeZone, entries]))
    .digest('base64url')}"`;
  const body = {
    station: stationView,
    time_zone: config.event.timeZone,
    generated_at: new Date().toISOString(),
    entries,
  };
  return { snapshot: { ...body, signature: signSnapshot(config.secret, body) }, etag };
}
