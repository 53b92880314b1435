/**
 * Issue 14, item 1: an RSVP answers one decision. When the decision changes (waitlisted to accepted,
 * or any change after an RSVP was recorded) the old answer no longer counts: the applicant must
 * answer the new decision, with the waiver and photo choice, before they count as attending, get a
 * QR code or a check-in record. Every order of changes, single and bulk.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApplicationStatus } from '@lanyard/shared/constants';
import { asUser, auditRows, csvObjects, parseCsv, seedApplication, type Seeded } from '../../../test/admin';
import { rsvpAttending } from '../../../test/answers';
import { setSettings } from '../../../test/applicant';
import { createAdmin, createTestContext, type TestContext } from '../../../test/helper';
import { migrationsDir } from '../../paths';

let ctx: TestContext;
let adminApi: ReturnType<typeof asUser>;
beforeAll(async () => {
  ctx = await createTestContext();
  adminApi = asUser(ctx, (await createAdmin(ctx)).token);
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await setSettings(ctx, { hacker_decisions_released: true, mentor_decisions_released: true });
  await ctx.database.pool.query('delete from checkin_records');
});

type Step =
  | ApplicationStatus
  | { bulk: ApplicationStatus }
  | 'rsvp:attend'
  | 'rsvp:decline'
  | 'rsvp:stay'
  | 'rsvp:leave';

async function run(who: Seeded, step: Step) {
  if (typeof step === 'object') {
    const res = await adminApi('PUT', '/api/admin/applications/bulk/status', {
      application_ids: [who.id],
      status: step.bulk,
    });
    expect(res.statusCode, res.body).toBe(200);
    return;
  }
  if (step.startsWith('rsvp:')) {
    const body =
      step === 'rsvp:attend'
        ? rsvpAttending()
        : { response: step === 'rsvp:decline' || step === 'rsvp:leave' ? 'declined' : 'accepted' };
    const res = await asUser(ctx, who.token!)('POST', '/api/applications/rsvp', body);
    expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
    return;
  }
  const res = await adminApi('PUT', `/api/admin/applications/${who.id}/status`, { status: step });
  expect(res.statusCode, res.body).toBe(200);
}

interface Seen {
  /** What the applicant's dashboard reads. */
  rsvp: string | null;
  /** GET /api/applications/me/qr answers a code. */
  qr: boolean;
  /** A check-in record is waiting at the door (kept in step with no import: decision 014). */
  atTheDoor: boolean;
  /** The admin RSVP list's row and the "no_response" filter. */
  adminRsvp: string | null;
  awaiting: boolean;
  csvRsvp: string | undefined;
  /** May the applicant answer now (the form is offered)? */
  mayAnswer: boolean;
}

async function seen(who: Seeded): Promise<Seen> {
  const me = await asUser(ctx, who.token!)('GET', '/api/applications/me');
  const qr = await asUser(ctx, who.token!)('GET', '/api/applications/me/qr');
  const { rows } = await ctx.database.pool.query('select 1 from checkin_records where application_id = $1', [
    who.id,
  ]);
  const list = await adminApi('GET', `/api/admin/rsvp?search=${encodeURIComponent(who.email)}`);
  const awaiting = await adminApi(
    'GET',
    `/api/admin/rsvp?search=${encodeURIComponent(who.email)}&rsvp_status=no_response`,
  );
  const csv = await adminApi('GET', `/api/admin/rsvp/csv?search=${encodeURIComponent(who.email)}`);
  const row = (list.json() as { applications: { email: string; rsvp_status: string | null }[] })
    .applications[0];
  const { rows: fresh } = await ctx.database.pool.query<{ rsvp_status: string | null }>(
    'select rsvp_status from applications where id = $1',
    [who.id],
  );
  return {
    rsvp: (me.json() as { application: { rsvp_status: string | null } }).application.rsvp_status,
    qr: qr.statusCode === 200,
    atTheDoor: rows.length === 1,
    adminRsvp: row?.rsvp_status ?? null,
    awaiting: (awaiting.json() as { applications: unknown[] }).applications.length === 1,
    csvRsvp: csvObjects(parseCsv(csv.body))[0]?.rsvp_status,
    mayAnswer: fresh[0]!.rsvp_status === null,
  };
}

const ATTENDING: Omit<Seen, 'mayAnswer'> & { mayAnswer: boolean } = {
  rsvp: 'accepted',
  qr: true,
  atTheDoor: true,
  adminRsvp: 'accepted',
  awaiting: false,
  csvRsvp: 'accepted',
  mayAnswer: false,
};
const AWAITING: Seen = {
  rsvp: null,
  qr: false,
  atTheDoor: false,
  adminRsvp: null,
  awaiting: true,
  csvRsvp: 'no_response',
  mayAnswer: true,
};

describe('a change of decision needs a fresh RSVP', () => {
  const cases: { name: string; steps: Step[]; then: Seen }[] = [
    {
      name: 'the report: waitlisted, keeps their place, then accepted: awaiting a fresh RSVP',
      steps: ['waitlisted', 'rsvp:stay', 'accepted'],
      then: AWAITING,
    },
    {
      name: 'the same through a bulk accept',
      steps: ['waitlisted', 'rsvp:stay', { bulk: 'accepted' }],
      then: AWAITING,
    },
    {
      name: 'accepted, confirmed, waitlisted, accepted again: awaiting a fresh RSVP',
      steps: ['accepted', 'rsvp:attend', 'waitlisted', 'accepted'],
      then: AWAITING,
    },
    {
      name: 'accepted, confirmed, then waitlisted: not attending, may answer the waitlist',
      steps: ['accepted', 'rsvp:attend', { bulk: 'waitlisted' }],
      then: { ...AWAITING, qr: false },
    },
    {
      name: 'accepted, declined, waitlisted, accepted: awaiting a fresh RSVP',
      steps: ['accepted', 'rsvp:decline', 'waitlisted', 'accepted'],
      then: AWAITING,
    },
    {
      name: 'accepted, declined, rejected: no RSVP counts',
      steps: ['accepted', 'rsvp:decline', 'rejected'],
      then: { ...AWAITING, mayAnswer: true },
    },
    {
      name: 'waitlisted, left the waitlist, accepted: awaiting a fresh RSVP',
      steps: ['waitlisted', 'rsvp:leave', 'accepted'],
      then: AWAITING,
    },
    {
      name: 'waitlisted, stayed, accepted, then confirmed: attending',
      steps: ['waitlisted', 'rsvp:stay', 'accepted', 'rsvp:attend'],
      then: ATTENDING,
    },
    {
      name: 'accepted, confirmed, accepted again (no change, single and bulk): still attending',
      steps: ['accepted', 'rsvp:attend', 'accepted', { bulk: 'accepted' }],
      then: ATTENDING,
    },
    {
      name: 'pending, accepted, confirmed: attending',
      steps: ['pending', 'accepted', 'rsvp:attend'],
      then: ATTENDING,
    },
    {
      name: 'accepted, confirmed, rejected, accepted: awaiting a fresh RSVP',
      steps: ['accepted', 'rsvp:attend', 'rejected', { bulk: 'accepted' }],
      then: AWAITING,
    },
  ];

  it.each(cases)('$name', async ({ steps, then }) => {
    const who = await seedApplication(ctx, { status: 'pending' }, { sessions: true });
    for (const step of steps) await run(who, step);
    expect(await seen(who)).toEqual(then);
  });

  it('a fresh RSVP after the change is taken, and it is the one that counts', async () => {
    const who = await seedApplication(ctx, { status: 'pending' }, { sessions: true });
    for (const step of ['waitlisted', 'rsvp:stay', 'accepted'] as Step[]) await run(who, step);
    // The attendance form, not a "one word" waitlist answer: the waiver and photo choice are required.
    const bare = await asUser(ctx, who.token!)('POST', '/api/applications/rsvp', { response: 'accepted' });
    expect(bare.statusCode).toBe(400);
    await run(who, 'rsvp:attend');
    const { rows } = await ctx.database.pool.query(
      'select liability_waiver_accepted, photo_clearance_accepted from applications where id = $1',
      [who.id],
    );
    expect(rows[0]).toEqual({ liability_waiver_accepted: true, photo_clearance_accepted: true });
  });

  it('voiding writes an audit row with the answer that was voided, in the same change', async () => {
    const who = await seedApplication(ctx, { status: 'pending' }, { sessions: true });
    for (const step of ['accepted', 'rsvp:attend', 'waitlisted'] as Step[]) await run(who, step);
    const rows = await auditRows(ctx, 'application', who.id);
    const voided = rows.filter((r) => r.action === 'rsvp.void');
    expect(voided).toHaveLength(1);
    expect(voided[0]!.before).toMatchObject({
      status: 'accepted',
      rsvp_status: 'accepted',
      liability_waiver_accepted: true,
    });
    expect(voided[0]!.after).toMatchObject({ status: 'waitlisted', rsvp_status: null });
  });

  it('a bulk change voids only the RSVPs whose decision changed', async () => {
    const kept = await seedApplication(ctx, { status: 'pending' }, { sessions: true });
    const changed = await seedApplication(ctx, { status: 'pending' }, { sessions: true });
    for (const step of ['accepted', 'rsvp:attend'] as Step[]) await run(kept, step);
    for (const step of ['waitlisted', 'rsvp:stay'] as Step[]) await run(changed, step);
    const res = await adminApi('PUT', '/api/admin/applications/bulk/status', {
      application_ids: [kept.id, changed.id],
      status: 'accepted',
    });
    expect(res.statusCode).toBe(200);
    expect(await seen(kept)).toEqual(ATTENDING);
    expect(await seen(changed)).toEqual(AWAITING);
  });

  it('an unreleased change hides the decision; once released the applicant is asked again', async () => {
    const who = await seedApplication(ctx, { status: 'pending' }, { sessions: true });
    for (const step of ['waitlisted', 'rsvp:stay'] as Step[]) await run(who, step);
    await setSettings(ctx, { hacker_decisions_released: false });
    await run(who, 'accepted');
    const hidden = await asUser(ctx, who.token!)('GET', '/api/applications/me');
    expect(hidden.json()).toMatchObject({ application: { status: 'submitted', rsvp_status: null } });
    expect((await asUser(ctx, who.token!)('GET', '/api/applications/me/qr')).statusCode).toBe(404);
    await setSettings(ctx, { hacker_decisions_released: true });
    expect(await seen(who)).toEqual(AWAITING);
  });
});

describe('migration 0007 voids RSVPs recorded before a later change of decision', () => {
  it('voids the stale ones with an audit row and leaves the rest', async () => {
    const pool = ctx.database.pool;
    const mk = async (status: ApplicationStatus) =>
      (
        await seedApplication(ctx, {
          status,
          rsvpStatus: 'accepted',
          rsvpAt: new Date('2025-08-01T10:00:00Z'),
        })
      ).id;
    const stale = await mk('accepted');
    const changedBefore = await mk('accepted');
    const correctedByAdmin = await mk('accepted');
    const noHistory = await mk('accepted');
    const log = (id: string, action: string, at: string, before: unknown, after: unknown) =>
      pool.query(
        `insert into audit_log (action, target_type, target_id, before, after, created_at)
         values ($1, 'application', $2, $3, $4, $5)`,
        [action, id, JSON.stringify(before), JSON.stringify(after), at],
      );
    const change = { before: { status: 'waitlisted' }, after: { status: 'accepted' } };
    await log(stale, 'application.status', '2025-08-02T10:00:00Z', change.before, change.after);
    await log(changedBefore, 'application.bulk_status', '2025-07-30T10:00:00Z', change.before, change.after);
    await log(correctedByAdmin, 'application.status', '2025-08-02T10:00:00Z', change.before, change.after);
    await log(correctedByAdmin, 'rsvp.update', '2025-08-03T10:00:00Z', null, null);
    // The same decision set again is no change.
    await log(noHistory, 'application.status', '2025-08-02T10:00:00Z', change.after, change.after);

    const file = path.join(migrationsDir, '0007_rsvp_void_stale.sql');
    await pool.query(fs.readFileSync(file, 'utf8'));

    const { rows } = await pool.query<{ id: string; rsvp_status: string | null }>(
      'select id, rsvp_status from applications where id = any($1)',
      [[stale, changedBefore, correctedByAdmin, noHistory]],
    );
    const by = Object.fromEntries(rows.map((r) => [r.id, r.rsvp_status]));
    expect(by).toEqual({
      [stale]: null,
      [changedBefore]: 'accepted',
      [correctedByAdmin]: 'accepted',
      [noHistory]: 'accepted',
    });
    const voided = (await auditRows(ctx, 'application', stale)).filter((r) => r.action === 'rsvp.void');
    expect(voided).toHaveLength(1);
    expect(voided[0]!.before).toMatchObject({ status: 'accepted', rsvp_status: 'accepted' });
  });
});
