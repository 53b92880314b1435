import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationSnapshotSchema, type ScanResult } from '@lanyard/shared/stations';
import { asUser } from '../../../test/admin';
import { createVolunteer } from '../../../test/checkin';
import { bearer, createAdmin, createTestContext, type TestContext } from '../../../test/helper';
import { attendee, makeStation, scanned } from '../../../test/stations';
import { makeQrToken } from '../checkin/qr';
import { buildSnapshot, signSnapshot } from './snapshot';
import { stationRow } from './store';

let ctx: TestContext;
let admin: string;
let volunteer: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await createAdmin(ctx)).token;
  volunteer = (await createVolunteer(ctx, admin)).token;
});
afterAll(() => ctx.close());

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const scan = (
  station: { id: string },
  token: string,
  scanned_at: string,
  client_scan_id = crypto.randomUUID(),
) => ({
  client_scan_id,
  station_id: station.id,
  token,
  scanned_at,
});

function replay(device_id: string, scans: ReturnType<typeof scan>[], as = volunteer) {
  return asUser(ctx, as)('POST', '/api/checkin/scans/replay', { device_id, scans });
}

const results = async (res: Awaited<ReturnType<typeof replay>>): Promise<ScanResult[]> => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results;
};

const countedAt = async (stationId: string) =>
  (
    await ctx.database.pool.query(
      "select count(*)::int as n from scans where station_id = $1 and outcome = 'ok' and undone_at is null",
      [stationId],
    )
  ).rows[0].n as number;

describe('replaying scans made offline', () => {
  it('applies them in the order and at the times they were made, and a batch sent twice applies nothing twice', async () => {
    const lunch = await makeStation(ctx, admin, { name: 'Offline lunch' });
    const [a, b, c] = [await attendee(ctx), await attendee(ctx), await attendee(ctx)];
    // Sent out of order: the server applies them by time, so the 2nd scan of `a` is the repeat.
    const batch = [
      scan(lunch, a.code, ago(3)),
      scan(lunch, b.code, ago(5)),
      scan(lunch, a.code, ago(4)),
      scan(lunch, c.code, ago(2)),
    ];
    const first = await results(await replay('device-r', batch));
    expect(first.map((r) => r.outcome)).toEqual(['already', 'ok', 'ok', 'ok']);
    expect(first.map((r) => r.client_scan_id)).toEqual(batch.map((s) => s.client_scan_id));
    const { rows } = await ctx.database.pool.query(
      "select scanned_at, source from scans where station_id = $1 and outcome = 'ok' order by scanned_at",
      [lunch.id],
    );
    expect(rows.map((r) => new Date(r.scanned_at).toISOString())).toEqual(
      [batch[1]!, batch[2]!, batch[3]!].map((x) => x.scanned_at),
    );
    expect(rows.every((r) => r.source === 'replayed')).toBe(true);

    const again = await results(await replay('device-r', batch));
    expect(again.map((r) => [r.outcome, r.scan_id])).toEqual(first.map((r) => [r.outcome, r.scan_id]));
    expect(await countedAt(lunch.id)).toBe(3);
    const total = await ctx.database.pool.query(
      'select count(*)::int as n from scans where station_id = $1',
      [lunch.id],
    );
    expect(total.rows[0].n).toBe(4);
  });

  it('two desks offline scan the same person: counted once, the later scan reported as already scanned', async () => {
    const swag = await makeStation(ctx, admin, { name: 'Offline swag', kind: 'swag' });
    const a = await attendee(ctx);
    // Desk B scanned later but syncs first; desk A's earlier scan then counts, and B's becomes the repeat.
    const fromB = await results(await replay('desk-b', [scan(swag, a.code, ago(1))]));
    expect(fromB[0]!.outcome).toBe('ok');
    const fromA = await results(await replay('desk-a', [scan(swag, a.code, ago(2))]));
    expect(fromA[0]!.outcome).toBe('ok');
    expect(await countedAt(swag.id)).toBe(1);
    const { rows } = await ctx.database.pool.query(
      'select device_id, outcome from scans where station_id = $1 order by scanned_at',
      [swag.id],
    );
    expect(rows).toEqual([
      { device_id: 'desk-a', outcome: 'ok' },
      { device_id: 'desk-b', outcome: 'already' },
    ]);
    // A third desk syncing a scan after both is told "already scanned".
    const fromC = await results(await replay('desk-c', [scan(swag, a.code, ago(0.5))]));
    expect(fromC[0]).toMatchObject({ outcome: 'already', previous: { station_name: 'Offline swag' } });
  });

  it('a scan sent again names the scan it repeated, the latest counted before it, not the first ever', async () => {
    const breakfast = await makeStation(ctx, admin, { name: 'Daily breakfast', rule: 'once_per_day' });
    const a = await attendee(ctx);
    // Yesterday's breakfast and today's, 28 hours apart (always two days), then a second helping a
    // minute after today's, kept clear of the event's midnight so both fall on one day.
    const minuteOfDay = (d: Date) => {
      const parts = new Intl.DateTimeFormat('en-GB', {
        timeZone: ctx.config.event.timeZone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).formatToParts(d);
      const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
      return part('hour') * 60 + part('minute');
    };
    let today = new Date(Date.now() - 16 * 3600_000);
    if (minuteOfDay(today) > 23 * 60 + 50) today = new Date(today.getTime() - 20 * 60_000);
    const yesterday = new Date(today.getTime() - 28 * 3600_000);
    const again = new Date(today.getTime() + 60_000);
    const batch = [
      scan(breakfast, a.code, yesterday.toISOString()),
      scan(breakfast, a.code, today.toISOString()),
      scan(breakfast, a.code, again.toISOString()),
    ];
    const first = await results(await replay('device-b', batch));
    expect(first.map((r) => r.outcome)).toEqual(['ok', 'ok', 'already']);
    expect(first[2]!.previous?.at).toBe(today.toISOString());
    const resent = await results(await replay('device-b', batch));
    expect(resent.map((r) => r.scan_id)).toEqual(first.map((r) => r.scan_id));
    expect(resent[2]!.previous).toEqual(first[2]!.previous);
  });

  it('refuses a batch with a future time, a time over 48 hours old, an unknown station or a repeated id, naming each', async () => {
    const lunch = await makeStation(ctx, admin, { name: 'Strict lunch' });
    const a = await attendee(ctx);
    const dup = crypto.randomUUID();
    const res = await replay('device-bad', [
      scan(lunch, a.code, ago(1)),
      scan(lunch, a.code, new Date(Date.now() + 10 * 60_000).toISOString()),
      scan(lunch, a.code, ago(49 * 60)),
      scan({ id: crypto.randomUUID() }, a.code, ago(1)),
      scan(lunch, a.code, ago(1), dup),
      scan(lunch, a.code, ago(1), dup),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_batch');
    expect(res.json().issues.map((i: { index: number }) => i.index)).toEqual([1, 2, 3, 5]);
    expect(res.json().issues[0].message).toBe('scans[1]: scanned_at is in the future');
    expect(await countedAt(lunch.id)).toBe(0);

    for (const body of [
      { device_id: 'd', scans: [] },
      { device_id: 'd', scans: [{ ...scan(lunch, a.code, ago(1)), scanned_at: 'yesterday' }] },
      { device_id: 'd', scans: Array.from({ length: 1001 }, () => scan(lunch, a.code, ago(1))) },
      { device_id: '', scans: [scan(lunch, a.code, ago(1))] },
    ]) {
      expect((await asUser(ctx, volunteer)('POST', '/api/checkin/scans/replay', body)).statusCode).toBe(400);
    }
  });

  it('a forged code in a queue is a refused scan in the answer, not a failed batch', async () => {
    const lunch = await makeStation(ctx, admin, { name: 'Forged lunch' });
    const a = await attendee(ctx);
    const out = await results(
      await replay('device-f', [scan(lunch, 'LY1.forged', ago(1)), scan(lunch, a.code, ago(1))]),
    );
    expect(out.map((r) => [r.outcome, r.reason])).toEqual([
      ['denied', 'invalid_code'],
      ['ok', null],
    ]);
  });
});

describe('the snapshot a scanner keeps', () => {
  it('keys each code under the secret it was made with: another secret in the same process gets its own', async () => {
    const dinner = await makeStation(ctx, admin, { name: 'Two secrets dinner' });
    const a = await attendee(ctx);
    const row = await stationRow(ctx.database.db, dinner.id);
    const key = (code: string) => crypto.createHash('sha256').update(code).digest('base64url');
    const keysUnder = async (secret: string) =>
      (await buildSnapshot(ctx.database.db, { secret, event: ctx.config.event }, row)).snapshot.entries.map(
        (e) => e.key,
      );
    expect(await keysUnder(ctx.config.sessionSecret)).toContain(key(a.code));
    // Read second, from the same process: the first secret's keys must not be handed out again.
    const other = 'another-session-secret-of-at-least-32-chars';
    const otherCode = makeQrToken(other, ctx.config.event, a.applicationId);
    const otherKeys = await keysUnder(other);
    expect(otherKeys).toContain(key(otherCode));
    expect(otherKeys).not.toContain(key(a.code));
  });

  it('holds what the result screen shows, keyed by the code’s hash, signed, never an e-mail or phone', async () => {
    const dinner = await makeStation(ctx, admin, { name: 'Snapshot dinner' });
    const a = await attendee(ctx, {
      columns: { firstName: 'Grace', answers: { dietaryRestrictions: 'Halal' } },
    });
    const away = await attendee(ctx, { checkedIn: false });
    await scanned(ctx, volunteer, dinner, a.code);
    const res = await asUser(ctx, volunteer)('GET', `/api/checkin/stations/${dinner.id}/snapshot`);
    expect(res.statusCode).toBe(200);
    const snapshot = stationSnapshotSchema.parse(res.json());
    const key = (code: string) => crypto.createHash('sha256').update(code).digest('base64url');
    const mine = snapshot.entries.find((e) => e.key === key(a.code))!;
    expect(mine).toMatchObject({ eligible: true, reason: null, person: { dietary: 'Halal' } });
    expect(mine.last?.station_name).toBe('Snapshot dinner');
    expect(snapshot.entries.find((e) => e.key === key(away.code))).toMatchObject({
      eligible: false,
      reason: 'not_checked_in',
      last: null,
    });

    const text = res.body;
    const { rows } = await ctx.database.pool.query(
      'select email, phone from checkin_records where phone <> $1',
      [''],
    );
    for (const r of rows) {
      expect(text).not.toContain(r.email);
      expect(text).not.toContain(r.phone);
    }
    expect(text).not.toContain(a.code);
    expect(text).not.toContain(a.applicationId);
    expect(text).not.toMatch(/@/);
    const { signature, ...body } = snapshot;
    expect(signature).toBe(signSnapshot(ctx.config.sessionSecret, body));

    const etag = res.headers.etag as string;
    const same = await ctx.app.inject({
      method: 'GET',
      url: `/api/checkin/stations/${dinner.id}/snapshot`,
      headers: { ...bearer(volunteer), 'if-none-match': etag },
    });
    expect(same.statusCode).toBe(304);
    await scanned(ctx, volunteer, dinner, (await attendee(ctx)).code);
    const changed = await ctx.app.inject({
      method: 'GET',
      url: `/api/checkin/stations/${dinner.id}/snapshot`,
      headers: { ...bearer(volunteer), 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
  });
});

describe('counts, a person’s scans and the station CSV', () => {
  it('counts what counted, lists a person’s scans, and exports a station to admins only', async () => {
    const snacks = await makeStation(ctx, admin, { name: 'Midnight snacks', rule: 'unlimited' });
    const a = await attendee(ctx, { columns: { firstName: '=HYPERLINK("x")' } });
    await scanned(ctx, volunteer, snacks, a.code);
    const undone = await scanned(ctx, volunteer, snacks, a.code);
    await asUser(ctx, volunteer)('POST', `/api/checkin/scans/${undone.scan_id}/undo`);
    await scanned(ctx, volunteer, snacks, a.code);

    const counts = await asUser(ctx, volunteer)('GET', '/api/checkin/stations/counts');
    const mine = counts.json().stations.find((s: { station_id: string }) => s.station_id === snacks.id);
    expect(mine).toMatchObject({ today: 2, last_15_min: 2, per_minute: 0.4 });

    const scans = await asUser(ctx, volunteer)('GET', `/api/checkin/records/${a.recordId}/scans`);
    expect(
      scans
        .json()
        .scans.map((s: { undone: boolean }) => s.undone)
        .sort(),
    ).toEqual([false, false, true]);

    expect(
      (await asUser(ctx, volunteer)('GET', `/api/checkin/stations/${snacks.id}/scans.csv`)).statusCode,
    ).toBe(403);
    const csv = await asUser(ctx, admin)('GET', `/api/checkin/stations/${snacks.id}/scans.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('scans_midnight-snacks');
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('scanned_at,outcome,reason,first_name');
    expect(csv.body).not.toContain(',=HYPERLINK');
  });
});
