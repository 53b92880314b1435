/**
 * Issue 14, item 5, at the desk: a code scans only for someone who is a confirmed attendee now; a
 * second check-in says who checked the person in and when, with the record for the desk to show;
 * "Import from RSVPs" only repairs; migration 0009 puts today's data in step.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alreadyCheckedInSchema, checkinRecordSchema } from '@lanyard/shared/checkin';
import { APPLICATION_STATUSES, RSVP_STATUSES } from '@lanyard/shared/constants';
import { asUser, seedApplication, type Seeded } from '../../../test/admin';
import { setSettings } from '../../../test/applicant';
import { createRecord, createVolunteer } from '../../../test/checkin';
import { buildCheckin } from '../../../test/factories';
import { createAdmin, createTestContext, type TestContext } from '../../../test/helper';
import { migrationsDir } from '../../paths';
import { isConfirmedAttendee } from '../../policies/rsvp';
import { makeQrToken } from './qr';

let ctx: TestContext;
let admin: { token: string; email: string };
let adminApi: ReturnType<typeof asUser>;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx);
  adminApi = asUser(ctx, admin.token);
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await setSettings(ctx, { hacker_decisions_released: true, mentor_decisions_released: true });
});

const codeOf = (who: Seeded) => makeQrToken(ctx.config.sessionSecret, ctx.config.event, who.id);
const scan = (token: string, as = admin.token) => asUser(ctx, as)('POST', '/api/checkin/scan', { token });

async function linkedRecordId(applicationId: string): Promise<string | undefined> {
  const { rows } = await ctx.database.pool.query<{ id: string }>(
    'select id from checkin_records where application_id = $1',
    [applicationId],
  );
  return rows[0]?.id;
}

describe('POST /api/checkin/scan', () => {
  it('finds a confirmed attendee’s record with no import ever run', async () => {
    const who = await seedApplication(ctx, { status: 'accepted', rsvpStatus: 'accepted', firstName: 'Scan' });
    const res = await scan(codeOf(who));
    expect(res.statusCode, res.body).toBe(200);
    expect(checkinRecordSchema.parse(res.json())).toMatchObject({
      application_id: who.id,
      firstName: 'Scan',
      checked_in: false,
    });
  });

  it('refuses, clearly, someone who is no longer a confirmed attendee, even with a record kept from before', async () => {
    const declined = await seedApplication(ctx, { status: 'accepted', rsvpStatus: 'accepted' });
    const rejectedInside = await seedApplication(ctx, { status: 'accepted', rsvpStatus: 'accepted' });
    const inside = (await linkedRecordId(rejectedInside.id))!;
    expect(
      (await adminApi('PUT', `/api/checkin/records/${inside}/checkin`, { checked_in: true })).statusCode,
    ).toBe(200);
    await ctx.database.pool.query(`update applications set rsvp_status = 'declined' where id = $1`, [
      declined.id,
    ]);
    await ctx.database.pool.query(`update applications set status = 'rejected' where id = $1`, [
      rejectedInside.id,
    ]);
    // A record left from before this release (an old import), for someone whose decision changed.
    const stale = await seedApplication(ctx, { status: 'waitlisted' });
    await buildCheckin(ctx.database.db, { applicationId: stale.id, firstName: 'Old', lastName: 'Import' });
    const volunteer = await createVolunteer(ctx, admin.token);
    for (const who of [declined, rejectedInside, stale]) {
      const res = await scan(codeOf(who), volunteer.token);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({
        code: 'not_attending',
        error:
          'Not a confirmed attendee: their RSVP or decision has changed since this code was sent. Please send them to an organizer.',
      });
    }
    // And an application that no longer exists.
    const gone = await seedApplication(ctx, { status: 'accepted', rsvpStatus: 'accepted' });
    await ctx.database.pool.query('delete from applications where id = $1', [gone.id]);
    expect((await scan(codeOf(gone))).json().code).toBe('not_attending');
  });

  it('answers a checked-in attendee’s record with who checked them in and when', async () => {
    const who = await seedApplication(ctx, { status: 'accepted', rsvpStatus: 'accepted' });
    const volunteer = await createVolunteer(ctx, admin.token);
    const id = (await linkedRecordId(who.id))!;
    const first = await asUser(ctx, volunteer.token)('PUT', `/api/checkin/records/${id}/checkin`, {
      checked_in: true,
    });
    expect(first.statusCode).toBe(200);
    const again = checkinRecordSchema.parse((await scan(codeOf(who))).json());
    expect(again).toMatchObject({ checked_in: true, checked_in_by_email: volunteer.email });
    expect(Date.parse(again.checked_in_at!)).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('PUT /api/checkin/records/:id/checkin for someone already checked in', () => {
  it('is a 409 that carries the record: who checked them in, and when', async () => {
    const record = await createRecord(ctx, admin.token, { firstName: 'Twice' });
    const volunteer = await createVolunteer(ctx, admin.token);
    expect(
      (
        await asUser(ctx, volunteer.token)('PUT', `/api/checkin/records/${record._id}/checkin`, {
          checked_in: true,
        })
      ).statusCode,
    ).toBe(200);
    const res = await adminApi('PUT', `/api/checkin/records/${record._id}/checkin`, { checked_in: true });
    expect(res.statusCode).toBe(409);
    const body = alreadyCheckedInSchema.parse(res.json());
    expect(body.error).toMatch(
      new RegExp(`^Already checked in by ${volunteer.email.replace(/[.+]/g, '\\$&')} at `),
    );
    expect(body.record).toMatchObject({
      _id: record._id,
      firstName: 'Twice',
      checked_in: true,
      checked_in_by_email: volunteer.email,
    });
    expect(body.record.checked_in_at).toEqual(expect.any(String));
  });
});

describe('PUT /api/checkin/records/:id/checkin for someone no longer confirmed', () => {
  it('refuses to check in a record left for them (409 not_attending) and changes nothing', async () => {
    const who = await seedApplication(ctx, { status: 'rejected' });
    const record = await buildCheckin(ctx.database.db, {
      applicationId: who.id,
      firstName: 'Old',
      lastName: 'Import',
    });
    const res = await adminApi('PUT', `/api/checkin/records/${record.id}/checkin`, { checked_in: true });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('not_attending');
    const { rows: after } = await ctx.database.pool.query(
      'select checked_in from checkin_records where id = $1',
      [record.id],
    );
    expect(after).toEqual([{ checked_in: false }]);
  });
});

describe('POST /api/checkin/import-rsvps: a repair, no longer a step', () => {
  it('finds nothing to do when the list is in step, copies details back over desk edits, and removes leftovers', async () => {
    // Other tests here plant out-of-step records ("Old Import") on purpose; everything else is in step.
    await ctx.database.pool.query(`delete from checkin_records where first_name = 'Old'`);
    const who = await seedApplication(ctx, { status: 'accepted', rsvpStatus: 'accepted', firstName: 'Kept' });
    const first = await adminApi('POST', '/api/checkin/import-rsvps');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ created: 0, updated: 0, removed: 0 });

    const id = (await linkedRecordId(who.id))!;
    expect((await adminApi('PUT', `/api/checkin/records/${id}`, { firstName: 'Typo' })).statusCode).toBe(200);
    const missing = await seedApplication(ctx, { status: 'accepted', rsvpStatus: 'accepted' });
    await ctx.database.pool.query('delete from checkin_records where application_id = $1', [missing.id]);
    const stale = await seedApplication(ctx, { status: 'rejected' });
    await buildCheckin(ctx.database.db, { applicationId: stale.id, firstName: 'Old', lastName: 'Import' });
    const byHand = await createRecord(ctx, admin.token);

    const run = await adminApi('POST', '/api/checkin/import-rsvps');
    expect(run.json()).toEqual({ created: 1, updated: 1, removed: 1 });
    const { rows } = await ctx.database.pool.query<{ first_name: string }>(
      'select first_name from checkin_records where id = $1',
      [id],
    );
    expect(rows[0]!.first_name).toBe('Kept');
    expect(await linkedRecordId(missing.id)).toBeDefined();
    expect(await linkedRecordId(stale.id)).toBeUndefined();
    const listed = await adminApi('GET', `/api/checkin/records?search=${encodeURIComponent(byHand.email)}`);
    expect(listed.json().total).toBe(1);
  });
});

describe('migration 0009 puts the records of today’s data in step', () => {
  it('backfills confirmed attendees without a record, removes stale ones, keeps check-ins and CSV records', async () => {
    const pool = ctx.database.pool;
    const missing = await seedApplication(ctx, { status: 'accepted', rsvpStatus: 'accepted' });
    await pool.query('delete from checkin_records where application_id = $1', [missing.id]);
    const stale = await seedApplication(ctx, { status: 'waitlisted', rsvpStatus: null });
    const staleInside = await seedApplication(ctx, { status: 'rejected' });
    for (const [who, inside] of [
      [stale, false],
      [staleInside, true],
    ] as const) {
      await buildCheckin(ctx.database.db, {
        applicationId: who.id,
        firstName: 'Old',
        lastName: 'Import',
        checkedIn: inside,
      });
    }
    const byHand = await createRecord(ctx, admin.token);

    const file = path.join(migrationsDir, '0009_checkin_follows_rsvps.sql');
    await pool.query(fs.readFileSync(file, 'utf8'));

    expect(await linkedRecordId(missing.id)).toBeDefined();
    expect(await linkedRecordId(stale.id)).toBeUndefined();
    expect(await linkedRecordId(staleInside.id)).toBeDefined();
    const { rows } = await pool.query('select 1 from checkin_records where id = $1', [byHand._id]);
    expect(rows).toHaveLength(1);
    // Run again (a second instance, a restore): nothing changes, and the sync still works.
    await pool.query(fs.readFileSync(file, 'utf8'));
    await pool.query(`update applications set rsvp_status = 'declined' where id = $1`, [missing.id]);
    expect(await linkedRecordId(missing.id)).toBeUndefined();
  });
});

describe('the database’s "confirmed attendee" is isConfirmedAttendee (policies/rsvp)', () => {
  it('agrees on every decision and answer', async () => {
    for (const status of APPLICATION_STATUSES) {
      for (const rsvpStatus of [...RSVP_STATUSES, null]) {
        const { rows } = await ctx.database.pool.query<{ yes: boolean }>(
          'select lanyard_confirmed_attendee($1::application_status, $2::rsvp_status) as yes',
          [status, rsvpStatus],
        );
        expect({ status, rsvpStatus, yes: rows[0]!.yes }).toEqual({
          status,
          rsvpStatus,
          yes: isConfirmedAttendee({ status, rsvpStatus }),
        });
      }
    }
  });
});
