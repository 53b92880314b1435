/**
 * Issue 14, item 5: the door knows what the door needs to know. A confirmed attendee (policies/rsvp
 * `isConfirmedAttendee`) always has a check-in record linked to their application, made in the same
 * transaction as whatever confirmed them; when they stop being one, their record that is not checked
 * in yet goes. No "Import from RSVPs" anywhere in this file: every writer of an application is
 * covered by the database (decision 014). Records made by hand or by CSV are never touched.
 */
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApplicationStatus } from '@lanyard/shared/constants';
import { checkinEventSchema, type CheckinEvent } from '@lanyard/shared/checkin';
import { asUser, seedApplication, type Seeded } from '../../../test/admin';
import { rsvpAttending } from '../../../test/answers';
import { setSettings } from '../../../test/applicant';
import { createRecord, uploadCsv } from '../../../test/checkin';
import { createAdmin, createTestContext, type TestContext } from '../../../test/helper';

let ctx: TestContext;
let admin: { token: string; email: string };
let adminApi: ReturnType<typeof asUser>;
beforeAll(async () => {
  ctx = await createTestContext({ CHECKIN_UPLOAD_PASSWORD: 'door-secret' });
  admin = await createAdmin(ctx);
  adminApi = asUser(ctx, admin.token);
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await setSettings(ctx, { hacker_decisions_released: true, mentor_decisions_released: true });
});

interface DoorRow {
  id: string;
  application_id: string | null;
  first_name: string;
  email: string;
  preferred_name: string | null;
  school_name: string;
  checked_in: boolean;
}

/** The check-in record linked to an application, straight from the table. */
async function doorRecord(applicationId: string): Promise<DoorRow | undefined> {
  const { rows } = await ctx.database.pool.query<DoorRow>(
    `select id, application_id, first_name, email, preferred_name, school_name, checked_in
       from checkin_records where application_id = $1`,
    [applicationId],
  );
  expect(rows.length).toBeLessThanOrEqual(1);
  return rows[0];
}

async function recordById(id: string): Promise<DoorRow | undefined> {
  const { rows } = await ctx.database.pool.query<DoorRow>(
    `select id, application_id, first_name, email, preferred_name, school_name, checked_in
       from checkin_records where id = $1`,
    [id],
  );
  return rows[0];
}

/** An accepted applicant (signed in) who has not answered yet. */
const accepted = (columns: Parameters<typeof seedApplication>[1] = {}) =>
  seedApplication(ctx, { status: 'accepted', ...columns }, { sessions: true });

/** An accepted applicant who confirmed through the portal's RSVP form. */
async function confirmed(): Promise<Seeded> {
  const who = await accepted();
  const res = await asUser(ctx, who.token!)('POST', '/api/applications/rsvp', rsvpAttending());
  expect(res.statusCode, res.body).toBe(200);
  return who;
}

async function setStatus(who: Seeded, status: ApplicationStatus, bulk = false) {
  const res = bulk
    ? await adminApi('PUT', '/api/admin/applications/bulk/status', { application_ids: [who.id], status })
    : await adminApi('PUT', `/api/admin/applications/${who.id}/status`, { status });
  expect(res.statusCode, res.body).toBe(200);
}

async function checkIn(recordId: string) {
  const res = await adminApi('PUT', `/api/checkin/records/${recordId}/checkin`, { checked_in: true });
  expect(res.statusCode, res.body).toBe(200);
}

describe('the applicant’s own RSVP', () => {
  it('"I will attend" makes their record at once, with the RSVP’s details', async () => {
    const who = await accepted({ firstName: 'Grace', school: 'Form University' });
    expect(await doorRecord(who.id)).toBeUndefined();
    const res = await asUser(ctx, who.token!)(
      'POST',
      '/api/applications/rsvp',
      rsvpAttending({ preferredName: 'Amazing Grace', schoolName: 'Yale' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await doorRecord(who.id)).toMatchObject({
      first_name: 'Grace',
      email: who.email,
      preferred_name: 'Amazing Grace',
      school_name: 'Yale',
      checked_in: false,
    });
  });

  it('"I cannot attend" makes none, and neither does a waitlisted "keep me on the list"', async () => {
    const declines = await accepted();
    const r1 = await asUser(ctx, declines.token!)('POST', '/api/applications/rsvp', { response: 'declined' });
    expect(r1.statusCode, r1.body).toBe(200);
    expect(await doorRecord(declines.id)).toBeUndefined();

    const stays = await seedApplication(ctx, { status: 'waitlisted' }, { sessions: true });
    const r2 = await asUser(ctx, stays.token!)('POST', '/api/applications/rsvp', { response: 'accepted' });
    expect(r2.statusCode, r2.body).toBe(200);
    expect(await doorRecord(stays.id)).toBeUndefined();
  });
});

describe('"I can no longer attend" (decision 015)', () => {
  it('releasing their place takes their record off the list', async () => {
    const who = await confirmed();
    expect(await doorRecord(who.id)).toBeDefined();
    const res = await asUser(ctx, who.token!)('POST', '/api/applications/rsvp/withdraw', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(await doorRecord(who.id)).toBeUndefined();
  });
});

describe('an admin’s RSVP edit', () => {
  it('setting "accepted" makes the record; "declined", "maybe" or no answer removes it', async () => {
    for (const next of ['declined', 'maybe', null] as const) {
      const who = await accepted();
      const attend = await adminApi('PUT', `/api/admin/applications/${who.id}/rsvp`, {
        rsvp_status: 'accepted',
        preferred_name: 'Set By Admin',
        liability_waiver_accepted: true,
        photo_clearance_accepted: true,
      });
      expect(attend.statusCode, attend.body).toBe(200);
      expect(await doorRecord(who.id)).toMatchObject({ preferred_name: 'Set By Admin', checked_in: false });

      const change = await adminApi('PUT', `/api/admin/applications/${who.id}/rsvp`, { rsvp_status: next });
      expect(change.statusCode, change.body).toBe(200);
      expect({ next, record: await doorRecord(who.id) }).toEqual({ next, record: undefined });
    }
  });

  it('a corrected detail of a confirmed attendee reaches their record', async () => {
    const who = await confirmed();
    const res = await adminApi('PUT', `/api/admin/applications/${who.id}/rsvp`, {
      rsvp_status: 'accepted',
      preferred_name: 'Corrected',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await doorRecord(who.id)).toMatchObject({ preferred_name: 'Corrected' });
  });
});

describe('an admin’s change of decision', () => {
  const away: ApplicationStatus[] = ['waitlisted', 'rejected', 'pending', 'submitted'];
  it.each(
    away.flatMap((to) => [
      { to, bulk: false },
      { to, bulk: true },
    ]),
  )('accepted and confirmed, then $to (bulk: $bulk): the record goes', async ({ to, bulk }) => {
    const who = await confirmed();
    expect(await doorRecord(who.id)).toBeDefined();
    await setStatus(who, to, bulk);
    expect(await doorRecord(who.id)).toBeUndefined();
  });

  it('accepted again (single and bulk) is no change: the record stays, the same one', async () => {
    const who = await confirmed();
    const before = await doorRecord(who.id);
    expect(before).toBeDefined();
    await setStatus(who, 'accepted');
    await setStatus(who, 'accepted', true);
    expect(await doorRecord(who.id)).toEqual(before);
  });

  it('waitlisted "keep me on the list", then accepted: no record until they confirm the acceptance', async () => {
    const who = await seedApplication(ctx, { status: 'waitlisted' }, { sessions: true });
    await asUser(ctx, who.token!)('POST', '/api/applications/rsvp', { response: 'accepted' });
    await setStatus(who, 'accepted', true);
    expect(await doorRecord(who.id)).toBeUndefined();
    const res = await asUser(ctx, who.token!)('POST', '/api/applications/rsvp', rsvpAttending());
    expect(res.statusCode, res.body).toBe(200);
    expect(await doorRecord(who.id)).toBeDefined();
  });

  it('a bulk change removes exactly the records of those who stopped being confirmed', async () => {
    const [a, b, c] = [await confirmed(), await confirmed(), await confirmed()];
    const res = await adminApi('PUT', '/api/admin/applications/bulk/status', {
      application_ids: [a.id, b.id],
      status: 'rejected',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await doorRecord(a.id)).toBeUndefined();
    expect(await doorRecord(b.id)).toBeUndefined();
    expect(await doorRecord(c.id)).toBeDefined();
  });
});

describe('deleting', () => {
  it('the application (single, bulk, or a reset of it) removes the record', async () => {
    const one = await confirmed();
    const two = await confirmed();
    const three = await confirmed();
    for (const who of [one, two, three]) expect(await doorRecord(who.id)).toBeDefined();
    expect((await adminApi('DELETE', `/api/admin/applications/${one.id}`)).statusCode).toBe(200);
    const bulk = await adminApi('POST', '/api/admin/applications/bulk/delete', { application_ids: [two.id] });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const reset = await adminApi('POST', `/api/admin/users/${three.userId}/reset-application`);
    expect(reset.statusCode, reset.body).toBe(200);
    for (const who of [one, two, three]) {
      expect(await countLinkedOrOrphaned(who.email)).toBe(0);
    }
  });

  it('the user account (single and bulk) removes the record with the application', async () => {
    const one = await confirmed();
    const two = await confirmed();
    for (const who of [one, two]) expect(await doorRecord(who.id)).toBeDefined();
    expect((await adminApi('DELETE', `/api/admin/users/${one.userId}`)).statusCode).toBe(200);
    const bulk = await adminApi('POST', '/api/admin/users/bulk/delete', { user_ids: [two.userId] });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(await countLinkedOrOrphaned(one.email)).toBe(0);
    expect(await countLinkedOrOrphaned(two.email)).toBe(0);
  });
});

/** Records carrying this e-mail, linked or not (a deletion must not leave an unlinked copy behind). */
async function countLinkedOrOrphaned(email: string): Promise<number> {
  const { rows } = await ctx.database.pool.query('select 1 from checkin_records where email = $1', [email]);
  return rows.length;
}

describe('someone already checked in', () => {
  it('keeps their record, checked in and linked, whatever changes afterwards', async () => {
    const declined = await confirmed();
    const rejected = await confirmed();
    const deleted = await confirmed();
    const records = [];
    for (const who of [declined, rejected, deleted]) {
      const record = (await doorRecord(who.id))!;
      await checkIn(record.id);
      records.push(record);
    }
    const edit = await adminApi('PUT', `/api/admin/applications/${declined.id}/rsvp`, {
      rsvp_status: 'declined',
    });
    expect(edit.statusCode).toBe(200);
    await setStatus(rejected, 'rejected');
    expect((await adminApi('DELETE', `/api/admin/applications/${deleted.id}`)).statusCode).toBe(200);

    expect(await recordById(records[0]!.id)).toMatchObject({ application_id: declined.id, checked_in: true });
    expect(await recordById(records[1]!.id)).toMatchObject({ application_id: rejected.id, checked_in: true });
    // The application is gone, so the link is too; the person was at the door all the same.
    expect(await recordById(records[2]!.id)).toMatchObject({ application_id: null, checked_in: true });
  });

  it('confirmed again later: the same record, still checked in', async () => {
    const who = await confirmed();
    const record = (await doorRecord(who.id))!;
    await checkIn(record.id);
    await setStatus(who, 'waitlisted');
    await setStatus(who, 'accepted');
    const res = await asUser(ctx, who.token!)('POST', '/api/applications/rsvp', rsvpAttending());
    expect(res.statusCode, res.body).toBe(200);
    expect(await doorRecord(who.id)).toMatchObject({ id: record.id, checked_in: true });
  });

  it('an undo for someone no longer confirmed takes them off the list, as if never checked in', async () => {
    const who = await confirmed();
    const record = (await doorRecord(who.id))!;
    await checkIn(record.id);
    await setStatus(who, 'rejected');
    const undo = await adminApi('PUT', `/api/checkin/records/${record.id}/checkin`, { checked_in: false });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await recordById(record.id)).toBeUndefined();

    // An undo for someone still confirmed keeps them on the list, of course.
    const stays = await confirmed();
    const kept = (await doorRecord(stays.id))!;
    await checkIn(kept.id);
    expect(
      (await adminApi('PUT', `/api/checkin/records/${kept.id}/checkin`, { checked_in: false })).statusCode,
    ).toBe(200);
    expect(await recordById(kept.id)).toMatchObject({ checked_in: false });
  });
});

describe('records made by hand or by CSV', () => {
  it('are never touched, even with the e-mail of someone who comes and goes', async () => {
    const who = await accepted();
    const byHand = await createRecord(ctx, admin.token, { email: who.email, firstName: 'ByHand' });
    const csvEmail = `csv-${who.email}`;
    const csv = await uploadCsv(ctx, admin.token, {
      password: 'door-secret',
      csv: `firstName,lastName,email\nFrom,Csv,${csvEmail}\n`,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const snapshot = async () => {
      const { rows } = await ctx.database.pool.query(
        'select * from checkin_records where application_id is null and email = any($1) order by email',
        [[who.email, csvEmail]],
      );
      return rows;
    };
    const before = await snapshot();
    expect(before).toHaveLength(2);

    const res = await asUser(ctx, who.token!)('POST', '/api/applications/rsvp', rsvpAttending());
    expect(res.statusCode, res.body).toBe(200);
    // Their own record beside the others, not an adopted one.
    expect((await doorRecord(who.id))?.id).not.toBe(byHand._id);
    expect(await doorRecord(who.id)).toBeDefined();
    await setStatus(who, 'rejected');
    expect((await adminApi('DELETE', `/api/admin/applications/${who.id}`)).statusCode).toBe(200);
    expect(await snapshot()).toEqual(before);
    expect(before.find((r) => r.id === byHand._id)).toBeDefined();
  });
});

describe('any writer of applications is covered', () => {
  it('a plain SQL update (a job, a script, a feature not written yet) makes and removes records', async () => {
    const who = await accepted();
    const pool = ctx.database.pool;
    await pool.query(`update applications set rsvp_status = 'accepted' where id = $1`, [who.id]);
    expect(await doorRecord(who.id)).toBeDefined();
    // "I can no longer attend", an offer expiring, a privacy request: whatever the writer, it goes.
    await pool.query(`update applications set rsvp_status = 'declined' where id = $1`, [who.id]);
    expect(await doorRecord(who.id)).toBeUndefined();
    await pool.query(`update applications set rsvp_status = 'accepted' where id = $1`, [who.id]);
    await pool.query(`delete from applications where id = $1`, [who.id]);
    expect(await countLinkedOrOrphaned(who.email)).toBe(0);
  });

  it('an application inserted already confirmed (a seed, a restore) has its record', async () => {
    const who = await seedApplication(ctx, { status: 'accepted', rsvpStatus: 'accepted' });
    expect(await doorRecord(who.id)).toBeDefined();
  });

  it('a change that rolls back leaves no record behind', async () => {
    const who = await accepted();
    const client = await ctx.database.pool.connect();
    try {
      await client.query('begin');
      await client.query(`update applications set rsvp_status = 'accepted' where id = $1`, [who.id]);
      await client.query('rollback');
    } finally {
      client.release();
    }
    expect(await doorRecord(who.id)).toBeUndefined();
  });
});

describe('desks hear of each change, when it commits', () => {
  it('a record made or removed is published on the check-in channel', async () => {
    const listener = new pg.Client({ connectionString: ctx.databaseUrl });
    await listener.connect();
    const events: CheckinEvent[] = [];
    listener.on('notification', (n) => {
      if (n.channel === 'lanyard_checkin') events.push(checkinEventSchema.parse(JSON.parse(n.payload!)));
    });
    try {
      await listener.query('listen lanyard_checkin');
      const who = await confirmed();
      const record = (await doorRecord(who.id))!;
      await setStatus(who, 'rejected');
      const deadline = Date.now() + 10_000;
      while (events.filter((e) => e.record_id === record.id).length < 2 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      expect(events.filter((e) => e.record_id === record.id).map((e) => [e.type, e.checked_in])).toEqual([
        ['created', false],
        ['deleted', false],
      ]);
    } finally {
      await listener.end();
    }
  });
});
