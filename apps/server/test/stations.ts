/** Fixtures for the station tests: attendees with door codes, stations, and scans through the API. */
import crypto from 'node:crypto';
import type { ScanResult, Station, StationCreateBody } from '@lanyard/shared/stations';
import { makeQrToken } from '../src/modules/checkin/qr';
import { asUser, seedApplication } from './admin';
import type { TestContext } from './helper';

export interface Attendee {
  applicationId: string;
  recordId: string;
  code: string;
}

/** A confirmed attendee (their record made by the database), checked in unless told. */
export async function attendee(
  ctx: TestContext,
  opts: { checkedIn?: boolean; columns?: Record<string, unknown> } = {},
): Promise<Attendee> {
  const seeded = await seedApplication(ctx, {
    status: 'accepted',
    rsvpStatus: 'accepted',
    ...(opts.columns ?? {}),
  });
  const { rows } = await ctx.database.pool.query<{ id: string }>(
    'update checkin_records set checked_in = $2, checked_in_at = case when $2 then now() end where application_id = $1 returning id',
    [seeded.id, opts.checkedIn ?? true],
  );
  return {
    applicationId: seeded.id,
    recordId: rows[0]!.id,
    code: makeQrToken(ctx.config.sessionSecret, ctx.config.event, seeded.id),
  };
}

export async function makeStation(
  ctx: TestContext,
  adminToken: string,
  body: Partial<StationCreateBody> = {},
): Promise<Station> {
  const res = await asUser(ctx, adminToken)('POST', '/api/checkin/stations', {
    name: `Station ${crypto.randomUUID().slice(0, 8)}`,
    kind: 'meal',
    rule: 'once',
    ...body,
  });
  if (res.statusCode !== 201) throw new Error(`station failed: ${res.statusCode} ${res.body}`);
  return res.json() as Station;
}

export async function checkinStation(ctx: TestContext, token: string): Promise<Station> {
  const res = await asUser(ctx, token)('GET', '/api/checkin/stations');
  return (res.json() as { stations: Station[] }).stations.find((s) => s.kind === 'checkin')!;
}

/** Scans `code` at `station` as `token` from one device; the raw response. */
export function scanAt(
  ctx: TestContext,
  token: string,
  station: { id: string },
  code: string,
  extra: { device_id?: string; client_scan_id?: string; confirm?: boolean } = {},
) {
  return asUser(ctx, token)('POST', `/api/checkin/stations/${station.id}/scan`, {
    token: code,
    device_id: extra.device_id ?? 'device-a',
    client_scan_id: extra.client_scan_id ?? crypto.randomUUID(),
    ...(extra.confirm === undefined ? {} : { confirm: extra.confirm }),
  });
}

export async function scanned(
  ctx: TestContext,
  token: string,
  station: { id: string },
  code: string,
  extra: Parameters<typeof scanAt>[4] = {},
): Promise<ScanResult> {
  const res = await scanAt(ctx, token, station, code, extra);
  if (res.statusCode !== 200) throw new Error(`scan failed: ${res.statusCode} ${res.body}`);
  return res.json() as ScanResult;
}
