import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CheckinEvent } from '@lanyard/shared/checkin';
import { asUser, seedApplication } from '../../../test/admin';
import { createRecord, createVolunteer } from '../../../test/checkin';
import { createAdmin, createTestContext, type TestContext } from '../../../test/helper';
import { sessionOf } from '../../../test/questions';
import { attendee, checkinStation, makeStation, scanAt, scanned } from '../../../test/stations';
import { CheckinLive } from '../checkin/live';
import { makeQrToken } from '../checkin/qr';

let ctx: TestContext;
let admin: string;
let volunteer: { token: string; email: string; id: string };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await createAdmin(ctx)).token;
  volunteer = await createVolunteer(ctx, admin);
});
afterAll(() => ctx.close());

const auditRows = async (action: string, targetId: string) =>
  (
    await ctx.database.pool.query('select * from audit_log where action = $1 and target_id = $2', [
      action,
      targetId,
    ])
  ).rows;

describe('defining stations', () => {
  it('admins define them; volunteers list them but may not define them; applicants and strangers are refused', async () => {
    const lunch = await makeStation(ctx, admin, { name: 'Saturday lunch', kind: 'meal', rule: 'once' });
    expect(lunch).toMatchObject({ kind: 'meal', rule: 'once', audience: 'checked_in', archived: false });
    expect(await auditRows('station.create', lunch.id)).toHaveLength(1);

    const listed = await asUser(ctx, volunteer.token)('GET', '/api/checkin/stations');
    expect(listed.statusCode).toBe(200);
    const names = (listed.json().stations as { name: string }[]).map((s) => s.name);
    expect(names[0]).toBe('Check-in');
    expect(names).toContain('Saturday lunch');

    const body = { name: 'Swag', kind: 'swag', rule: 'once' };
    expect((await asUser(ctx, volunteer.token)('POST', '/api/checkin/stations', body)).statusCode).toBe(403);
    const hacker = await sessionOf(ctx, 'hacker');
    expect((await asUser(ctx, hacker)('POST', '/api/checkin/stations', body)).statusCode).toBe(403);
    expect((await asUser(ctx, hacker)('GET', '/api/checkin/stations')).statusCode).toBe(403);
    const anon = await ctx.app.inject({ method: 'GET', url: '/api/checkin/stations' });
    expect(anon.statusCode).toBe(401);
    const edit = await asUser(ctx, volunteer.token)('PUT', `/api/checkin/stations/${lunch.id}`, {
      name: 'x',
    });
    expect(edit.statusCode).toBe(403);
  });

  it('refuses a duplicate name (any case), a second check-in station and hostile bodies', async () => {
    await makeStation(ctx, admin, { name: 'Hardware desk', kind: 'other', rule: 'unlimited' });
    const post = (body: unknown) => asUser(ctx, admin)('POST', '/api/checkin/stations', body);
    const dup = await post({ name: ' hardware DESK ', kind: 'other', rule: 'once' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('station_exists');
    for (const bad of [
      { name: 'Door 2', kind: 'checkin', rule: 'once' },
      { name: '', kind: 'meal', rule: 'once' },
      { name: 'x'.repeat(81), kind: 'meal', rule: 'once' },
      { name: 'Dinner', kind: 'meal', rule: 'twice' },
      { name: 'Dinner', kind: 'meal', rule: 'once', audience: 'everyone' },
      { name: 'Dinner', kind: 'meal', rule: 'once', express: false },
      { name: 'Dinner', kind: 'meal', rule: 'once', id: crypto.randomUUID() },
      ['Dinner'],
    ]) {
      expect((await post(bad)).statusCode).toBe(400);
    }
    const html = await makeStation(ctx, admin, { name: '<img src=x onerror=alert(1)> Café' });
    expect(html.name).toBe('<img src=x onerror=alert(1)> Café');
  });

  it('the Check-in station changes only its express setting; others rename, change rule and archive', async () => {
    const door = await checkinStation(ctx, admin);
    const put = (id: string, body: unknown) => asUser(ctx, admin)('PUT', `/api/checkin/stations/${id}`, body);
    expect((await put(door.id, { name: 'Front door' })).json().code).toBe('checkin_station');
    expect((await put(door.id, { archived: true })).statusCode).toBe(400);
    const off = await put(door.id, { express: false });
    expect(off.json().express).toBe(false);
    expect((await put(door.id, { express: true })).json().express).toBe(true);

    const workshop = await makeStation(ctx, admin, { name: 'Workshop: Intro to ML', kind: 'workshop' });
    const changed = await put(workshop.id, { rule: 'unlimited', audience: 'confirmed', archived: true });
    expect(changed.json()).toMatchObject({ rule: 'unlimited', audience: 'confirmed', archived: true });
    expect((await put(workshop.id, { express: true })).statusCode).toBe(400);
    expect((await put(crypto.randomUUID(), { rule: 'once' })).statusCode).toBe(404);
    const audit = await auditRows('station.update', workshop.id);
    expect(audit[0].before.rule).toBe('once');
    expect(audit[0].after.rule).toBe('unlimited');
  });
});

describe('each station rule', () => {
  it('once per person: the first scan is OK, the next is "already scanned" with when and where', async () => {
    const lunch = await makeStation(ctx, admin, { name: 'Lunch once', kind: 'meal', rule: 'once' });
    const a = await attendee(ctx, { columns: { answers: { dietaryRestrictions: 'Vegetarian' } } });
    const first = await scanned(ctx, volunteer.token, lunch, a.code);
    expect(first).toMatchObject({ outcome: 'ok', reason: null, previous: null });
    expect(first.person).toMatchObject({ dietary: 'Vegetarian', shirt_size: null });
    expect(first.undo_until).not.toBeNull();
    const again = await scanned(ctx, admin, lunch, a.code, { device_id: 'device-b' });
    expect(again.outcome).toBe('already');
    expect(again.previous).toMatchObject({ station_name: 'Lunch once' });
    expect(Date.parse(again.previous!.at)).toBeLessThanOrEqual(Date.now());
  });

  it('four desks scanning one person at the same moment count them once; the others hear "already"', async () => {
    const swag = await makeStation(ctx, admin, { name: 'Swag rush', kind: 'swag', rule: 'once' });
    const a = await attendee(ctx);
    const desks = ['desk-1', 'desk-2', 'desk-3', 'desk-4'];
    const results = await Promise.all(
      desks.map((device_id) => scanned(ctx, volunteer.token, swag, a.code, { device_id })),
    );
    expect(results.map((r) => r.outcome).sort()).toEqual(['already', 'already', 'already', 'ok']);
    const { rows } = await ctx.database.pool.query<{ outcome: string; n: number }>(
      'select outcome, count(*)::int as n from scans where station_id = $1 group by outcome order by outcome',
      [swag.id],
    );
    expect(rows).toEqual([
      { outcome: 'already', n: 3 },
      { outcome: 'ok', n: 1 },
    ]);
    // Each repeat names the one counted scan's station.
    for (const r of results.filter((x) => x.outcome === 'already'))
      expect(r.previous).toMatchObject({ station_name: 'Swag rush' });
  });

  it('once per person per day: again the same day is a repeat, another day counts', async () => {
    const breakfast = await makeStation(ctx, admin, {
      name: 'Breakfast',
      kind: 'meal',
      rule: 'once_per_day',
    });
    const a = await attendee(ctx);
    // Yesterday's breakfast, replayed from a device that was offline then.
    const yesterday = new Date(Date.now() - 30 * 3600 * 1000).toISOString();
    const replay = await asUser(ctx, volunteer.token)('POST', '/api/checkin/scans/replay', {
      device_id: 'device-y',
      scans: [
        {
          client_scan_id: crypto.randomUUID(),
          station_id: breakfast.id,
          token: a.code,
          scanned_at: yesterday,
        },
      ],
    });
    expect(replay.json().results[0].outcome).toBe('ok');
    expect((await scanned(ctx, volunteer.token, breakfast, a.code)).outcome).toBe('ok');
    expect((await scanned(ctx, volunteer.token, breakfast, a.code)).outcome).toBe('already');
  });

  it('unlimited: every scan counts (workshop entries)', async () => {
    const talk = await makeStation(ctx, admin, {
      name: 'Workshop: Rust',
      kind: 'workshop',
      rule: 'unlimited',
    });
    const a = await attendee(ctx);
    for (let i = 0; i < 3; i++)
      expect((await scanned(ctx, volunteer.token, talk, a.code)).outcome).toBe('ok');
    const { rows } = await ctx.database.pool.query(
      "select count(*)::int as n from scans where station_id = $1 and outcome = 'ok'",
      [talk.id],
    );
    expect(rows[0].n).toBe(3);
  });
});

describe('who may be scanned', () => {
  it('checked-in only by default; every confirmed attendee when told; never someone not confirmed', async () => {
    const swag = await makeStation(ctx, admin, { name: 'Swag table', kind: 'swag', rule: 'once' });
    const open = await makeStation(ctx, admin, {
      name: 'Shuttle',
      kind: 'other',
      rule: 'once',
      audience: 'confirmed',
    });
    const away = await attendee(ctx, { checkedIn: false, columns: { shirtSize: 'M' } });
    const refused = await scanned(ctx, volunteer.token, swag, away.code);
    expect(refused).toMatchObject({ outcome: 'denied', reason: 'not_checked_in' });
    expect(refused.message).toBe('Not checked in yet: send them to the check-in desk.');
    expect(refused.person).toMatchObject({ shirt_size: 'M', dietary: null });
    expect((await scanned(ctx, volunteer.token, open, away.code)).outcome).toBe('ok');

    const declined = await seedApplication(ctx, { status: 'accepted', rsvpStatus: 'declined' });
    const code = makeQrToken(ctx.config.sessionSecret, ctx.config.event, declined.id);
    const notConfirmed = await scanned(ctx, volunteer.token, open, code);
    expect(notConfirmed).toMatchObject({ outcome: 'denied', reason: 'not_confirmed', person: null });
  });

  it('a forged code, one from another event and an unknown or archived station get a clear 4xx', async () => {
    const lunch = await makeStation(ctx, admin, { name: 'Sunday lunch' });
    const a = await attendee(ctx);
    const foreign = makeQrToken(
      ctx.config.sessionSecret,
      { ...ctx.config.event, edition: '1999' },
      a.applicationId,
    );
    for (const code of [foreign, `${a.code.slice(0, -2)}AA`, 'LY1.nope', a.applicationId]) {
      const res = await scanAt(ctx, volunteer.token, lunch, code);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('invalid_qr');
    }
    expect((await scanAt(ctx, volunteer.token, { id: crypto.randomUUID() }, a.code)).json().code).toBe(
      'unknown_station',
    );
    await asUser(ctx, admin)('PUT', `/api/checkin/stations/${lunch.id}`, { archived: true });
    expect((await scanAt(ctx, volunteer.token, lunch, a.code)).statusCode).toBe(404);
    const hostile = await asUser(ctx, volunteer.token)('POST', `/api/checkin/stations/${lunch.id}/scan`, {
      token: 'x'.repeat(201),
      device_id: 'd',
      client_scan_id: crypto.randomUUID(),
    });
    expect(hostile.statusCode).toBe(400);
    const noDevice = await asUser(ctx, volunteer.token)('POST', `/api/checkin/stations/${lunch.id}/scan`, {
      token: a.code,
    });
    expect(noDevice.statusCode).toBe(400);
  });
});

describe('the Check-in station', () => {
  it('express: the scan checks the person in, once; audited and undone within its window', async () => {
    const door = await checkinStation(ctx, admin);
    const a = await attendee(ctx, { checkedIn: false });
    const result = await scanned(ctx, volunteer.token, door, a.code);
    expect(result).toMatchObject({ outcome: 'ok', message: 'Checked in.' });
    const record = await ctx.database.pool.query(
      'select checked_in, checked_in_by_email from checkin_records where id = $1',
      [a.recordId],
    );
    expect(record.rows[0]).toEqual({ checked_in: true, checked_in_by_email: volunteer.email });
    expect(await auditRows('checkin.check_in', a.recordId)).toHaveLength(1);
    expect(await auditRows('station.scan', a.recordId)).toHaveLength(1);
    expect((await scanned(ctx, volunteer.token, door, a.code)).outcome).toBe('already');

    // Another volunteer may not undo it; the one who scanned may.
    const other = await createVolunteer(ctx, admin);
    const notYours = await asUser(ctx, other.token)('POST', `/api/checkin/scans/${result.scan_id}/undo`);
    expect(notYours.statusCode).toBe(403);
    const undone = await asUser(ctx, volunteer.token)('POST', `/api/checkin/scans/${result.scan_id}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    const after = await ctx.database.pool.query('select checked_in from checkin_records where id = $1', [
      a.recordId,
    ]);
    expect(after.rows[0].checked_in).toBe(false);
    expect(await auditRows('station.scan_undo', a.recordId)).toHaveLength(1);
  });

  it('express: two doors scanning one person at once check them in once, with one audit row', async () => {
    const door = await checkinStation(ctx, admin);
    const a = await attendee(ctx, { checkedIn: false });
    const results = await Promise.all(
      ['door-east', 'door-west'].map((device_id) =>
        scanned(ctx, volunteer.token, door, a.code, { device_id }),
      ),
    );
    expect(results.map((r) => r.outcome).sort()).toEqual(['already', 'ok']);
    expect(await auditRows('checkin.check_in', a.recordId)).toHaveLength(1);
    const record = await ctx.database.pool.query('select checked_in from checkin_records where id = $1', [
      a.recordId,
    ]);
    expect(record.rows[0].checked_in).toBe(true);
  });

  it('with express off, a scan asks for a tap; the tap checks in', async () => {
    const door = await checkinStation(ctx, admin);
    await asUser(ctx, admin)('PUT', `/api/checkin/stations/${door.id}`, { express: false });
    try {
      const a = await attendee(ctx, { checkedIn: false });
      const asked = await scanned(ctx, volunteer.token, door, a.code);
      expect(asked).toMatchObject({ outcome: 'denied', reason: 'needs_confirmation', scan_id: null });
      expect(asked.person).not.toBeNull();
      const tapped = await scanned(ctx, volunteer.token, door, a.code, { confirm: true });
      expect(tapped.outcome).toBe('ok');
    } finally {
      await asUser(ctx, admin)('PUT', `/api/checkin/stations/${door.id}`, { express: true });
    }
  });

  it('an undo after its window is refused, and a refused scan cannot be undone', async () => {
    const lunch = await makeStation(ctx, admin, { name: 'Late lunch' });
    const a = await attendee(ctx);
    const ok = await scanned(ctx, volunteer.token, lunch, a.code);
    await ctx.database.pool.query(
      "update scans set received_at = now() - interval '1 minute' where id = $1",
      [ok.scan_id],
    );
    const late = await asUser(ctx, volunteer.token)('POST', `/api/checkin/scans/${ok.scan_id}/undo`);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('undo_expired');
    const repeat = await scanned(ctx, volunteer.token, lunch, a.code);
    const refused = await asUser(ctx, volunteer.token)('POST', `/api/checkin/scans/${repeat.scan_id}/undo`);
    expect(refused.statusCode).toBe(409);
  });
});

describe('the live stream', () => {
  it('tells every desk of a scan once it is stored, and of the check-in a door scan makes', async () => {
    const pool = new pg.Pool({ connectionString: ctx.databaseUrl, max: 2 });
    const live = new CheckinLive(pool, ctx.app.log);
    const events: CheckinEvent[] = [];
    live.on('event', (e: CheckinEvent) => events.push(e));
    await live.start();
    try {
      const lunch = await makeStation(ctx, admin, { name: 'Live lunch' });
      const a = await attendee(ctx);
      const ok = await scanned(ctx, volunteer.token, lunch, a.code);
      await vi.waitFor(() =>
        expect(events).toContainEqual(
          expect.objectContaining({ type: 'scan', station_id: lunch.id, record_id: a.recordId }),
        ),
      );
      expect(ok.outcome).toBe('ok');

      const door = await checkinStation(ctx, admin);
      const b = await attendee(ctx, { checkedIn: false });
      await scanned(ctx, volunteer.token, door, b.code);
      await vi.waitFor(() => {
        expect(events).toContainEqual(
          expect.objectContaining({ type: 'updated', record_id: b.recordId, checked_in: true }),
        );
        expect(events).toContainEqual(expect.objectContaining({ type: 'scan', station_id: door.id }));
      });
    } finally {
      await live.close();
      await pool.end();
    }
  });
});

describe('scanning someone found by name (no code)', () => {
  const byRecord = (station: { id: string }, body: Record<string, unknown>) =>
    asUser(ctx, volunteer.token)('POST', `/api/checkin/stations/${station.id}/scan-record`, {
      device_id: 'device-n',
      client_scan_id: crypto.randomUUID(),
      ...body,
    });

  it('judges the record as its code: counted once, the desk’s own records on the staff’s word', async () => {
    const dinner = await makeStation(ctx, admin, { name: 'Dinner by name' });
    const a = await attendee(ctx);
    const first = await byRecord(dinner, { record_id: a.recordId });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ outcome: 'ok', person: { name: 'Test', role: 'hacker' } });
    const stored = await ctx.database.pool.query('select record_id from scans where id = $1', [
      first.json().scan_id,
    ]);
    expect(stored.rows[0].record_id).toBe(a.recordId);
    expect((await byRecord(dinner, { record_id: a.recordId })).json().outcome).toBe('already');

    // Made at the desk: no application, attends on the staff's word once checked in.
    const desk = await createRecord(ctx, admin, { firstName: 'Desk', lastName: 'Made', role: 'organiser' });
    expect((await byRecord(dinner, { record_id: desk._id })).json()).toMatchObject({
      outcome: 'denied',
      reason: 'not_checked_in',
      person: { name: 'Desk', role: 'organiser' },
    });
    await ctx.database.pool.query('update checkin_records set checked_in = true where id = $1', [desk._id]);
    expect((await byRecord(dinner, { record_id: desk._id })).json().outcome).toBe('ok');
  });

  it('refuses someone who no longer attends, and a record that does not exist', async () => {
    const dinner = await makeStation(ctx, admin, { name: 'Dinner, not attending' });
    const gone = await attendee(ctx);
    await ctx.database.pool.query("update applications set rsvp_status = 'declined' where id = $1", [
      gone.applicationId,
    ]);
    expect((await byRecord(dinner, { record_id: gone.recordId })).json()).toMatchObject({
      outcome: 'denied',
      reason: 'not_confirmed',
    });
    const nobody = await byRecord(dinner, { record_id: crypto.randomUUID() });
    expect(nobody.json()).toMatchObject({ outcome: 'denied', reason: 'not_confirmed', person: null });
  });

  it('400s a hostile body: not a uuid, a code beside the record, an unknown field, a huge device id', async () => {
    const dinner = await makeStation(ctx, admin, { name: 'Dinner, hostile' });
    const a = await attendee(ctx);
    for (const bad of [
      { record_id: 'a.recordId' },
      { record_id: `${a.recordId}' or 1=1 --` },
      { record_id: a.recordId, token: a.code },
      { record_id: a.recordId, station_id: dinner.id },
      { record_id: a.recordId, device_id: 'd'.repeat(10_000) },
      { record_id: a.recordId, client_scan_id: 'not-a-uuid' },
      { record_id: [a.recordId] },
    ]) {
      expect((await byRecord(dinner, bad)).statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    const { rows } = await ctx.database.pool.query(
      'select count(*)::int as n from scans where station_id = $1',
      [dinner.id],
    );
    expect(rows[0].n).toBe(0);
  });
});
