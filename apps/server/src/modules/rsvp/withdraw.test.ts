/**
 * Issue 14, item 6: a confirmed attendee can release their own place ("I can no longer attend").
 * It is final like a decline, frees the place (they stop counting as attending everywhere), and is
 * the only change to an RSVP an applicant can make through the portal (decision 015).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asUser, auditRows, seedApplication, type Seeded } from '../../../test/admin';
import { rsvpAttending } from '../../../test/answers';
import { setSettings } from '../../../test/applicant';
import { createAdmin, createTestContext, outboxFor, type TestContext } from '../../../test/helper';

const WITHDRAW = '/api/applications/rsvp/withdraw';

let ctx: TestContext;
let adminApi: ReturnType<typeof asUser>;
beforeAll(async () => {
  ctx = await createTestContext();
  adminApi = asUser(ctx, (await createAdmin(ctx)).token);
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await setSettings(ctx, { hacker_decisions_released: true, mentor_decisions_released: true });
});

/** An accepted hacker who confirmed attendance through the portal. */
async function confirmedAttendee(): Promise<Seeded> {
  const who = await seedApplication(ctx, { status: 'accepted' }, { sessions: true });
  const res = await asUser(ctx, who.token!)('POST', '/api/applications/rsvp', rsvpAttending());
  expect(res.statusCode, res.body).toBe(200);
  return who;
}

async function row(id: string) {
  const { rows } = await ctx.database.pool.query<{
    status: string;
    rsvp_status: string | null;
    preferred_name: string | null;
    liability_waiver_accepted: boolean | null;
  }>(
    'select status, rsvp_status, preferred_name, liability_waiver_accepted from applications where id = $1',
    [id],
  );
  return rows[0]!;
}

describe('an attendee releases their place', () => {
  it('records a decline, clears the attendance details, and takes away the QR code', async () => {
    const who = await confirmedAttendee();
    const api = asUser(ctx, who.token!);
    expect((await api('GET', '/api/applications/me/qr')).statusCode).toBe(200);

    const res = await api('POST', WITHDRAW, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().application).toMatchObject({ status: 'accepted', rsvp_status: 'declined' });

    expect(await row(who.id)).toEqual({
      status: 'accepted',
      rsvp_status: 'declined',
      preferred_name: null,
      liability_waiver_accepted: null,
    });
    expect((await api('GET', '/api/applications/me/qr')).statusCode).not.toBe(200);
    const list = await adminApi('GET', `/api/admin/rsvp?search=${encodeURIComponent(who.email)}`);
    expect(list.json().applications[0]).toMatchObject({ rsvp_status: 'declined' });
  });

  it('is audited as the applicant’s own act, and confirmed by e-mail', async () => {
    const who = await confirmedAttendee();
    const before = (await outboxFor(ctx, who.email)).length;
    expect((await asUser(ctx, who.token!)('POST', WITHDRAW, {})).statusCode).toBe(200);
    const entries = await auditRows(ctx, 'application', who.id);
    expect(entries.at(-1)).toMatchObject({
      actor_email: who.email,
      action: 'rsvp.withdrawn',
      before: { rsvp_status: 'accepted' },
      after: { rsvp_status: 'declined' },
    });
    const mail = await outboxFor(ctx, who.email);
    expect(mail.length).toBe(before + 1);
    expect(mail.at(-1)!.text_body).not.toContain('/api/checkin/qr/');
  });

  it('happens once: a second release, or a new RSVP afterwards, is refused', async () => {
    const who = await confirmedAttendee();
    const api = asUser(ctx, who.token!);
    expect((await api('POST', WITHDRAW, {})).statusCode).toBe(200);
    const again = await api('POST', WITHDRAW, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('not_attending');
    const rsvpAgain = await api('POST', '/api/applications/rsvp', rsvpAttending());
    expect(rsvpAgain.statusCode).toBe(409);
    expect((await row(who.id)).rsvp_status).toBe('declined');
  });

  it('lets only one of two simultaneous releases through', async () => {
    const who = await confirmedAttendee();
    const api = asUser(ctx, who.token!);
    const codes = (await Promise.all([api('POST', WITHDRAW, {}), api('POST', WITHDRAW, {})]))
      .map((r) => r.statusCode)
      .sort();
    expect(codes).toEqual([200, 409]);
    expect(
      (await auditRows(ctx, 'application', who.id)).filter((e) => e.action === 'rsvp.withdrawn'),
    ).toHaveLength(1);
  });

  it('works after the RSVP deadline and with RSVPs closed: freeing a place is always welcome', async () => {
    const who = await confirmedAttendee();
    await setSettings(ctx, {
      hacker_decisions_released: true,
      rsvp_open: false,
      rsvp_deadline: new Date('2020-01-01T00:00:00Z'),
    });
    expect((await asUser(ctx, who.token!)('POST', WITHDRAW, {})).statusCode).toBe(200);
  });
});

describe('who may not release a place', () => {
  const cases: [string, () => Promise<Seeded>, number, string][] = [
    [
      'an accepted applicant who has not answered',
      () => seedApplication(ctx, { status: 'accepted' }, { sessions: true }),
      409,
      'not_attending',
    ],
    [
      'an accepted applicant who declined',
      () => seedApplication(ctx, { status: 'accepted', rsvpStatus: 'declined' }, { sessions: true }),
      409,
      'not_attending',
    ],
    [
      'a waitlisted applicant staying on the waitlist (that is not attending)',
      () => seedApplication(ctx, { status: 'waitlisted', rsvpStatus: 'accepted' }, { sessions: true }),
      409,
      'not_attending',
    ],
    [
      'a pending applicant',
      () => seedApplication(ctx, { status: 'pending' }, { sessions: true }),
      409,
      'not_attending',
    ],
    [
      'a rejected applicant',
      () => seedApplication(ctx, { status: 'rejected' }, { sessions: true }),
      409,
      'not_attending',
    ],
  ];
  it.each(cases)('%s', async (_name, make, code, errorCode) => {
    const who = await make();
    const before = await row(who.id);
    const res = await asUser(ctx, who.token!)('POST', WITHDRAW, {});
    expect(res.statusCode, res.body).toBe(code);
    expect(res.json().code).toBe(errorCode);
    expect(await row(who.id)).toEqual(before);
  });

  it('an attendee whose decision is not released (nothing they can see to release)', async () => {
    const who = await confirmedAttendee();
    await setSettings(ctx, { hacker_decisions_released: false });
    const res = await asUser(ctx, who.token!)('POST', WITHDRAW, {});
    expect(res.statusCode).toBe(409);
    expect((await row(who.id)).rsvp_status).toBe('accepted');
  });

  it('an attendee already checked in at the door', async () => {
    const who = await confirmedAttendee();
    await ctx.database.pool.query(
      `insert into checkin_records (application_id, first_name, last_name, email, checked_in, checked_in_at)
       values ($1, 'Ada', 'Lovelace', $2, true, now())
       on conflict (application_id) do update set checked_in = true, checked_in_at = now()`,
      [who.id, who.email],
    );
    const res = await asUser(ctx, who.token!)('POST', WITHDRAW, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('already_checked_in');
    expect((await row(who.id)).rsvp_status).toBe('accepted');
  });

  it('someone signed out, an admin (it is the applicant’s own act), and a body with extra fields', async () => {
    const who = await confirmedAttendee();
    expect((await ctx.app.inject({ method: 'POST', url: WITHDRAW, payload: {} })).statusCode).toBe(401);
    expect((await adminApi('POST', WITHDRAW, {})).statusCode).toBe(403);
    expect((await asUser(ctx, who.token!)('POST', WITHDRAW, { application_id: who.id })).statusCode).toBe(
      400,
    );
    expect((await row(who.id)).rsvp_status).toBe('accepted');
  });
});
