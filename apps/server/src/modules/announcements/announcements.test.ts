import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  announcementPreviewSchema,
  announcementSchema,
  announcementsResponseSchema,
  receivedAnnouncementsSchema,
  type Announcement,
} from '@lanyard/shared/announcements';
import { asUser, auditRows, seedApplications, type Seeded } from '../../../test/admin';
import { createAdmin, createTestContext, registerUser, type TestContext } from '../../../test/helper';
import { ANNOUNCEMENT_KIND, ANNOUNCEMENT_TEST_KIND, createAnnouncementWorker, queueDue } from './job';

let ctx: TestContext;
let admin: { token: string; email: string };
let call: ReturnType<typeof asUser>;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx);
  call = asUser(ctx, admin.token);
});
afterAll(() => ctx.close());

const CONFIRMED_HACKERS = {
  list: 'rsvps',
  filters: { status: ['accepted'], role: ['hacker'], rsvp_status: ['accepted'] },
} as const;
const DRAFT = {
  subject: 'Doors open at 9, {{first_name}}',
  body: 'Hi {{first_name}},\n\n**{{event}}** starts soon. Your [dashboard]({{dashboard_link}}) has the details.',
  segment: CONFIRMED_HACKERS,
};

/** Ada and Ben are confirmed hackers; Cy declined; Dee is a confirmed mentor; Eve is waitlisted. */
let people: Record<'ada' | 'ben' | 'cy' | 'dee' | 'eve', Seeded>;
beforeEach(async () => {
  const pool = ctx.database.pool;
  await pool.query('delete from email_outbox');
  await pool.query('delete from announcements');
  await pool.query('delete from applications');
  await pool.query("delete from users where role <> 'admin'");
  const rows = [
    { firstName: 'Ada', lastName: 'Alpha', status: 'accepted', rsvpStatus: 'accepted' },
    { firstName: 'Ben', lastName: 'Beta', status: 'accepted', rsvpStatus: 'accepted' },
    { firstName: 'Cy', lastName: 'Gamma', status: 'accepted', rsvpStatus: 'declined' },
    { firstName: 'Dee', lastName: 'Delta', status: 'accepted', rsvpStatus: 'accepted', role: 'mentor' },
    { firstName: 'Eve', lastName: 'Epsilon', status: 'waitlisted', rsvpStatus: null },
  ] as const;
  const seeded = await seedApplications(ctx, rows.length, (i) => ({ role: 'hacker', ...rows[i]! }));
  people = { ada: seeded[0]!, ben: seeded[1]!, cy: seeded[2]!, dee: seeded[3]!, eve: seeded[4]! };
});

interface MailRow {
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  kind: string;
  announcement_id: string | null;
  dedupe_key: string | null;
}
async function outbox(): Promise<MailRow[]> {
  const { rows } = await ctx.database.pool.query<MailRow>(
    'select to_address, subject, text_body, html_body, kind, announcement_id, dedupe_key from email_outbox order by to_address',
  );
  return rows;
}

async function create(body: Record<string, unknown>): Promise<Announcement> {
  const res = await call('POST', '/api/admin/announcements', body);
  expect(res.statusCode, res.body).toBe(201);
  return announcementSchema.parse(res.json());
}

async function listed(): Promise<Announcement[]> {
  const res = await call('GET', '/api/admin/announcements');
  expect(res.statusCode, res.body).toBe(200);
  return announcementsResponseSchema.parse(res.json()).announcements;
}

const inAnHour = () => new Date(Date.now() + 3600_000);

describe('sending now', () => {
  it('queues one e-mail per recipient through the outbox, and the record counts them', async () => {
    const a = await create(DRAFT);
    expect(a).toMatchObject({ status: 'sending', recipients: 2, queued: 2, delivered: 0, failed: 0 });
    expect(a.segment_summary).toBe(
      'Confirmed hackers (RSVP list: status Accepted, role Hacker, RSVP Accepted)',
    );
    expect(a.created_by).toBe(admin.email);
    const mails = await outbox();
    expect(mails.map((m) => m.to_address)).toEqual([people.ada.email, people.ben.email].sort());
    const ada = mails.find((m) => m.to_address === people.ada.email)!;
    expect(ada).toMatchObject({
      kind: ANNOUNCEMENT_KIND,
      announcement_id: a._id,
      subject: 'Doors open at 9, Ada',
    });
    expect(ada.dedupe_key).toBe(`announcement:${a._id}:${people.ada.id}`);
    expect(ada.html_body).toContain('<p>Hi Ada,</p>');
    expect(ada.html_body).toContain('href="http://localhost:3000/dashboard"');
    expect(ada.text_body).toContain('Hi Ada,');

    // The job finds nothing more to do: sent once, never again.
    expect(await queueDue(ctx.database.db, ctx.config, new Date(Date.now() + 86_400_000))).toBe(0);
    expect(await outbox()).toHaveLength(2);

    // Delivered and failed come from the outbox rows.
    await ctx.database.pool.query(
      `update email_outbox set status = case when to_address = $1 then 'sent'::outbox_status else 'failed'::outbox_status end`,
      [people.ada.email],
    );
    expect((await listed())[0]).toMatchObject({ status: 'sent', delivered: 1, failed: 1, queued: 0 });
    const [entry] = await auditRows(ctx, 'announcement', a._id);
    expect(entry).toMatchObject({ actor_email: admin.email, action: 'announcement.send' });
    expect(entry!.after).toMatchObject({ recipients: 2, subject: DRAFT.subject });
  });

  it('to an empty segment it is recorded as sent to nobody', async () => {
    const a = await create({
      ...DRAFT,
      segment: { list: 'applications', filters: { status: ['rejected'] } },
    });
    expect(a).toMatchObject({ status: 'sent', recipients: 0, queued: 0 });
    expect(await outbox()).toEqual([]);
  });

  it('the applicant’s history lists the announcements they received', async () => {
    const a = await create(DRAFT);
    await create({
      ...DRAFT,
      subject: 'Only mentors',
      segment: { list: 'rsvps', filters: { role: ['mentor'] } },
    });
    const res = await call('GET', `/api/admin/announcements/received/${people.ada.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const got = receivedAnnouncementsSchema.parse(res.json()).announcements;
    expect(got).toEqual([
      expect.objectContaining({
        announcement_id: a._id,
        subject: 'Doors open at 9, Ada',
        delivery: 'queued',
      }),
    ]);
    const eve = await call('GET', `/api/admin/announcements/received/${people.eve.id}`);
    expect(eve.json()).toEqual({ announcements: [] });
    const none = await call('GET', '/api/admin/announcements/received/00000000-0000-4000-8000-000000000000');
    expect(none.statusCode).toBe(404);
  });
});

describe('preview and test send', () => {
  it('renders for a real recipient of the segment, with the count, and steps to the next', async () => {
    const first = await call('POST', '/api/admin/announcements/preview', DRAFT);
    expect(first.statusCode, first.body).toBe(200);
    const p = announcementPreviewSchema.parse(first.json());
    expect(p).toMatchObject({ recipients: 2, index: 0, subject: 'Doors open at 9, Ada' });
    expect(p.recipient).toEqual({
      application_id: people.ada.id,
      name: 'Ada Alpha',
      email: people.ada.email,
    });
    const second = announcementPreviewSchema.parse(
      (await call('POST', '/api/admin/announcements/preview', { ...DRAFT, index: 1 })).json(),
    );
    expect(second.recipient?.name).toBe('Ben Beta');
    expect(second.html).toContain('<p>Hi Ben,</p>');
    // Past the end, or an empty segment: the words for a sample name, and no recipient.
    const past = announcementPreviewSchema.parse(
      (await call('POST', '/api/admin/announcements/preview', { ...DRAFT, index: 5 })).json(),
    );
    expect(past).toMatchObject({ recipients: 2, recipient: null, subject: 'Doors open at 9, Ada' });
    // Nothing is queued by a preview.
    expect(await outbox()).toEqual([]);
  });

  it('a test send goes to the signed-in admin only, through the outbox', async () => {
    const res = await call('POST', '/api/admin/announcements/test', { ...DRAFT, index: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, to: admin.email });
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to_address: admin.email,
      kind: ANNOUNCEMENT_TEST_KIND,
      subject: '[Test] Doors open at 9, Ben',
      announcement_id: null,
    });
    expect(await listed()).toEqual([]);
    expect((await auditRows(ctx, 'announcement')).map((r) => r.action)).toContain('announcement.test');
  });
});

describe('scheduled sends', () => {
  it('evaluate the segment at send time: leavers are skipped, joiners included', async () => {
    const sendAt = inAnHour();
    const a = await create({ ...DRAFT, send_at: sendAt.toISOString() });
    expect(a).toMatchObject({ status: 'scheduled', recipients: null, send_at: sendAt.toISOString() });
    expect((await auditRows(ctx, 'announcement', a._id))[0]?.action).toBe('announcement.schedule');
    // Ben declines; Eve is accepted and confirms.
    await ctx.database.pool.query("update applications set rsvp_status = 'declined' where id = $1", [
      people.ben.id,
    ]);
    await ctx.database.pool.query(
      "update applications set status = 'accepted', rsvp_status = 'accepted' where id = $1",
      [people.eve.id],
    );
    const db = ctx.database.db;
    expect(await queueDue(db, ctx.config, new Date(sendAt.getTime() - 1000))).toBe(0);
    expect(await outbox()).toEqual([]);
    expect(await queueDue(db, ctx.config, sendAt)).toBe(1);
    expect((await outbox()).map((m) => m.to_address)).toEqual([people.ada.email, people.eve.email].sort());
    expect((await listed())[0]).toMatchObject({ status: 'sending', recipients: 2 });
  });

  it('two instances running the job at the same moment queue each message once', async () => {
    const sendAt = inAnHour();
    for (let i = 0; i < 4; i++)
      await create({ ...DRAFT, subject: `Wave ${i}`, send_at: sendAt.toISOString() });
    const { createDatabase } = await import('../../db/client');
    const instances = [
      createDatabase(ctx.databaseUrl, { max: 3 }),
      createDatabase(ctx.databaseUrl, { max: 3 }),
    ];
    try {
      const taken = await Promise.all(
        [...instances, ...instances].map((d) => queueDue(d.db, ctx.config, sendAt)),
      );
      expect(taken.reduce((a, b) => a + b, 0)).toBe(4);
    } finally {
      await Promise.all(instances.map((d) => d.close()));
    }
    const mails = await outbox();
    expect(mails).toHaveLength(8);
    expect(new Set(mails.map((m) => m.dedupe_key)).size).toBe(8);
    expect((await listed()).every((a) => a.recipients === 2)).toBe(true);
  });

  it('a failure mid-queue leaves it scheduled with nothing queued; the next pass sends it whole', async () => {
    const sendAt = inAnHour();
    const a = await create({ ...DRAFT, send_at: sendAt.toISOString() });
    const pool = ctx.database.pool;
    await pool.query(`create function test_poison_outbox() returns trigger language plpgsql as $$
      begin raise exception 'the process died here'; end $$`);
    await pool.query(
      'create trigger test_poison_outbox before insert on email_outbox for each row execute function test_poison_outbox()',
    );
    try {
      await expect(queueDue(ctx.database.db, ctx.config, sendAt)).rejects.toThrow();
    } finally {
      await pool.query('drop trigger test_poison_outbox on email_outbox');
      await pool.query('drop function test_poison_outbox()');
    }
    expect(await outbox()).toEqual([]);
    expect((await listed())[0]).toMatchObject({ _id: a._id, status: 'scheduled', sent_at: null });
    expect(await queueDue(ctx.database.db, ctx.config, sendAt)).toBe(1);
    expect(await outbox()).toHaveLength(2);
  });

  it('can be cancelled before it goes, and then never goes', async () => {
    const sendAt = inAnHour();
    const a = await create({ ...DRAFT, send_at: sendAt.toISOString() });
    const res = await call('POST', `/api/admin/announcements/${a._id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelled_by: admin.email });
    expect(await queueDue(ctx.database.db, ctx.config, new Date(sendAt.getTime() + 60_000))).toBe(0);
    expect(await outbox()).toEqual([]);
    const again = await call('POST', `/api/admin/announcements/${a._id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'not_scheduled' });
    const sent = await create(DRAFT);
    const late = await call('POST', `/api/admin/announcements/${sent._id}/cancel`);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('This announcement has already been sent, so it cannot be cancelled.');
    expect((await auditRows(ctx, 'announcement', a._id)).map((r) => r.action)).toEqual([
      'announcement.schedule',
      'announcement.cancel',
    ]);
  });

  it('the worker queues due announcements by its clock, and stops cleanly', async () => {
    const sendAt = inAnHour();
    await create({ ...DRAFT, send_at: sendAt.toISOString() });
    let now = new Date(sendAt.getTime() - 1);
    const worker = createAnnouncementWorker({
      db: ctx.database.db,
      config: ctx.config,
      log: ctx.app.log,
      now: () => now,
    });
    expect(await worker.run()).toBe(0);
    now = sendAt;
    expect(await worker.run()).toBe(1);
    worker.start(10);
    await worker.stop();
    expect(await worker.run()).toBe(0);
    expect(await outbox()).toHaveLength(2);
  });
});

describe('bad input and access', () => {
  it('refuses a time in the past, empty or long fields, unknown fields and filters, naming the field', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [
        { ...DRAFT, send_at: new Date(Date.now() - 60_000).toISOString() },
        /^send_at: Choose a time in the future/,
      ],
      [
        { ...DRAFT, send_at: new Date(Date.now() + 400 * 86_400_000).toISOString() },
        /^send_at: .*within the next year/,
      ],
      [{ ...DRAFT, send_at: 'tomorrow' }, /send_at/],
      [{ ...DRAFT, subject: '   ' }, /subject.*Subject is required/],
      [{ ...DRAFT, subject: 'x'.repeat(201) }, /subject.*200/],
      [{ ...DRAFT, body: 'x'.repeat(20_001) }, /body.*20,000/],
      [{ ...DRAFT, segment: { list: 'users', filters: {} } }, /segment/],
      [{ ...DRAFT, segment: { list: 'rsvps', filters: { status: ['pending'] } } }, /segment/],
      [{ ...DRAFT, segment: { list: 'rsvps', filters: { page: 2 } } }, /segment/],
      [{ ...DRAFT, segment: { list: 'applications', filters: { sort: 'name' } } }, /segment/],
      [{ ...DRAFT, extra: true }, /extra|Unrecognized/i],
      [{ subject: 'x', body: 'y' }, /segment/],
    ];
    for (const [body, error] of cases) {
      const res = await call('POST', '/api/admin/announcements', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.json().error).toMatch(error);
    }
    expect(await listed()).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  it('refuses anonymous callers (401) and applicants (403) on every route', async () => {
    const hacker = await registerUser(ctx.app);
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: [string, string, unknown][] = [
      ['GET', '/api/admin/announcements', undefined],
      ['POST', '/api/admin/announcements', DRAFT],
      ['POST', '/api/admin/announcements/preview', DRAFT],
      ['POST', '/api/admin/announcements/test', DRAFT],
      ['POST', `/api/admin/announcements/${id}/cancel`, undefined],
      ['GET', `/api/admin/announcements/received/${people.ada.id}`, undefined],
    ];
    for (const [method, url, payload] of routes) {
      const anonymous = await ctx.app.inject({ method: method as 'GET', url, payload: payload as object });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const applicant = await asUser(ctx, hacker.token)(method as 'GET', url, payload);
      expect(applicant.statusCode, `${method} ${url}`).toBe(403);
    }
    // Only the new account's own verification e-mail: no announcement, no test.
    expect((await outbox()).map((m) => m.kind)).toEqual(['email_verification']);
  });
});
