import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELF_DELETE_ACTION } from '@lanyard/shared/privacy';
import { asUser, countRows, fileExists, uploadPath } from '../../../test/admin';
import { hackerAnswers, setSettings, submit, uploadResume } from '../../../test/applicant';
import { startS3Peer, type S3Peer } from '../../../test/s3';
import {
  bearer,
  createAdmin,
  createTestContext,
  GOOD_PASSWORD,
  markVerified,
  randomIp,
  registerUser,
  type TestContext,
} from '../../../test/helper';

/** An applicant made through the real routes (a password they can type), submitted with a resume. */
async function applicant(ctx: TestContext, answers: Record<string, unknown> = {}) {
  const u = await registerUser(ctx.app, { remoteAddress: randomIp() });
  await markVerified(ctx.database.pool, u.email);
  const resume = await uploadResume(ctx.app, u.token);
  const res = await submit(ctx.app, u.token, 'hacker', {
    ...hackerAnswers(answers),
    resume_url: resume.file_url,
  });
  if (res.statusCode !== 201) throw new Error(`submit: ${res.statusCode} ${res.body}`);
  return { ...u, resume, appId: (res.json() as { application: { _id: string } }).application._id };
}

/** A checked-in record for the application and two counted scans at the door station. */
async function checkedIn(ctx: TestContext, appId: string, email: string) {
  const { rows } = await ctx.database.pool.query<{ id: string }>(
    `insert into checkin_records (application_id, first_name, last_name, email, checked_in, checked_in_at)
     values ($1, 'Ada', 'Lovelace', $2, true, now()) returning id`,
    [appId, email],
  );
  const recordId = rows[0]!.id;
  await ctx.database.pool.query(
    `insert into scans (station_id, record_id, application_id, scanned_at, device_id, client_scan_id, source, outcome)
     select s.id, $1, $2, now(), 'desk-1', gen_random_uuid(), 'online', 'ok' from stations s where s.kind = 'checkin'`,
    [recordId, appId],
  );
  return recordId;
}

const deleteOwn = (ctx: TestContext, token: string, body: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/privacy/delete-account',
    payload: body,
    headers: bearer(token),
  });

async function auditText(ctx: TestContext): Promise<string> {
  const { rows } = await ctx.database.pool.query<{ t: string }>(
    `select coalesce(string_agg(row_to_json(a)::text, E'\\n'), '') as t from audit_log a`,
  );
  return rows[0]!.t;
}

describe('deleting one’s own account (local storage)', () => {
  let ctx: TestContext;
  let admin: { token: string; email: string };
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await createAdmin(ctx);
    await setSettings(ctx);
  });
  afterAll(() => ctx.close());

  it('needs the password and the typed word; a wrong one deletes nothing', async () => {
    const a = await applicant(ctx);
    expect(
      (await deleteOwn(ctx, a.token, { password: 'wrong-password-1', confirm: 'delete' })).json(),
    ).toMatchObject({ code: 'invalid_credentials' });
    const noWord = await deleteOwn(ctx, a.token, { password: GOOD_PASSWORD, confirm: 'remove' });
    expect(noWord.statusCode).toBe(400);
    expect(await countRows(ctx, 'select 1 from users where id = $1', [a.id])).toBe(1);
  });

  it('removes account, sessions, application, drafts, mail, check-in record and file; scans stay counted', async () => {
    const a = await applicant(ctx, { firstName: 'Ada', lastName: 'Lovelace' });
    // Another applicant with the same name: nothing of theirs may change.
    const twin = await applicant(ctx, { firstName: 'Ada', lastName: 'Lovelace' });
    const file = await uploadPath(ctx, a.resume.name);
    const twinFile = await uploadPath(ctx, twin.resume.name);
    const recordId = await checkedIn(ctx, a.appId, a.email);
    await checkedIn(ctx, twin.appId, twin.email);
    // An admin's change about them, and a search for their address, both in the audit log.
    const call = asUser(ctx, admin.token);
    expect(
      (await call('PUT', `/api/admin/applications/${a.appId}/status`, { status: 'accepted' })).statusCode,
    ).toBe(200);
    await ctx.database.pool.query(
      `insert into audit_log (actor_email, action, target_type, after) values ($1, 'export.applications', 'export', $2)`,
      [admin.email, JSON.stringify({ filters: { search: a.email.toUpperCase() } })],
    );
    const doorCount = () =>
      countRows(
        ctx,
        `select 1 from scans s join stations t on t.id = s.station_id where t.kind = 'checkin' and outcome = 'ok'`,
      );
    const before = await doorCount();

    const res = await deleteOwn(ctx, a.token, { password: GOOD_PASSWORD, confirm: ' Delete ' });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(a.token) });
    expect(me.statusCode).toBe(401);
    for (const [q, p] of [
      ['select 1 from users where id = $1', [a.id]],
      ['select 1 from sessions where user_id = $1', [a.id]],
      ['select 1 from applications where id = $1', [a.appId]],
      ['select 1 from application_drafts where user_id = $1', [a.id]],
      ['select 1 from uploads where owner_id = $1 or id = $2', [a.id, a.resume.name]],
      ['select 1 from checkin_records where id = $1 or lower(email) = $2', [recordId, a.email]],
      ['select 1 from email_outbox where lower(to_address) = $1', [a.email]],
      ['select 1 from consent_events where user_id = $1', [a.id]],
    ] as const) {
      expect(await countRows(ctx, q, [...p]), q).toBe(0);
    }
    expect(fileExists(file)).toBe(false);
    expect(await doorCount()).toBe(before);
    expect(
      await countRows(ctx, 'select 1 from scans where record_id is null and application_id is null'),
    ).toBe(1);

    // Only the tombstone speaks of the account, and nothing in the log names them.
    const text = (await auditText(ctx)).toLowerCase();
    expect(text).not.toContain(a.email.toLowerCase());
    const { rows: tomb } = await ctx.database.pool.query(
      `select actor_id, actor_email, ip, before, after from audit_log where action = $1 and target_id = $2`,
      [SELF_DELETE_ACTION, a.id],
    );
    expect(tomb).toEqual([
      {
        actor_id: null,
        actor_email: null,
        ip: null,
        before: { role: 'hacker', had_application: true },
        after: { note: 'applicant account deleted by its owner' },
      },
    ]);
    const { rows: status } = await ctx.database.pool.query(
      `select actor_email, before, after from audit_log where target_type = 'application' and target_id = $1 and action <> 'application.submit'`,
      [a.appId],
    );
    expect(status.length).toBeGreaterThan(0);
    for (const r of status) {
      // Who acted (the admin) stays; what they did it to no longer names the person.
      expect(r.actor_email).toBe(admin.email);
      expect(JSON.stringify([r.before, r.after])).not.toMatch(/Lovelace|@/);
    }

    // The twin is untouched: account, file, record and name.
    expect(
      await countRows(ctx, 'select 1 from applications where id = $1 and last_name = $2', [
        twin.appId,
        'Lovelace',
      ]),
    ).toBe(1);
    expect(fileExists(twinFile)).toBe(true);
    expect(
      await countRows(ctx, 'select 1 from checkin_records where application_id = $1', [twin.appId]),
    ).toBe(1);
    expect(
      await countRows(ctx, 'select 1 from email_outbox where to_address = $1', [twin.email]),
    ).toBeGreaterThan(0);
  });

  it('lets the same e-mail register again, and an attendee delete after check-in', async () => {
    const a = await applicant(ctx);
    await checkedIn(ctx, a.appId, a.email);
    expect((await deleteOwn(ctx, a.token, { password: GOOD_PASSWORD, confirm: 'delete' })).statusCode).toBe(
      200,
    );
    const again = await registerUser(ctx.app, { email: a.email, remoteAddress: randomIp() });
    expect(again.id).not.toBe(a.id);
  });

  it('refuses staff: an admin is removed by another admin', async () => {
    const res = await deleteOwn(ctx, admin.token, { password: GOOD_PASSWORD, confirm: 'delete' });
    expect(res.statusCode).toBe(403);
  });

  it('counts only wrong passwords: 429 after five', async () => {
    const a = await applicant(ctx);
    for (let i = 0; i < 5; i++) {
      expect(
        (await deleteOwn(ctx, a.token, { password: `wrong-${i}-password`, confirm: 'delete' })).statusCode,
      ).toBe(400);
    }
    const limited = await deleteOwn(ctx, a.token, { password: GOOD_PASSWORD, confirm: 'delete' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await countRows(ctx, 'select 1 from users where id = $1', [a.id])).toBe(1);
  });

  it('admin deletion goes through the same service: record gone, log scrubbed, files removed', async () => {
    const a = await applicant(ctx);
    const file = await uploadPath(ctx, a.resume.name);
    await checkedIn(ctx, a.appId, a.email);
    const res = await asUser(ctx, admin.token)('DELETE', `/api/admin/users/${a.id}`);
    expect(res.statusCode).toBe(200);
    expect(fileExists(file)).toBe(false);
    expect(await countRows(ctx, 'select 1 from checkin_records where lower(email) = $1', [a.email])).toBe(0);
    expect((await auditText(ctx)).toLowerCase()).not.toContain(a.email);
    const { rows } = await ctx.database.pool.query(
      `select actor_email, before from audit_log where action = 'user.delete' and target_id = $1`,
      [a.id],
    );
    expect(rows).toEqual([{ actor_email: admin.email, before: { role: 'hacker', had_application: true } }]);
  });

  it('keeps the audit log append-only outside a deletion', async () => {
    await expect(ctx.database.pool.query(`update audit_log set actor_email = null`)).rejects.toThrow(
      /append-only/,
    );
    await expect(ctx.database.pool.query('delete from audit_log')).rejects.toThrow(/append-only/);
  });
});

describe('deleting one’s own account (S3 storage)', () => {
  let peer: S3Peer;
  let ctx: TestContext;
  beforeAll(async () => {
    peer = await startS3Peer(`privacy-${crypto.randomBytes(3).toString('hex')}`);
    ctx = await createTestContext(peer.env);
    await setSettings(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
    await peer?.close();
  });

  it('removes the resume from the bucket', async () => {
    const a = await applicant(ctx);
    const keys = async () => {
      const out: string[] = [];
      for await (const f of ctx.app.storage.list()) out.push(f.key);
      return out;
    };
    const { rows } = await ctx.database.pool.query<{ k: string }>(
      'select storage_key as k from uploads where id = $1',
      [a.resume.name],
    );
    expect(await keys()).toContain(rows[0]!.k);
    expect((await deleteOwn(ctx, a.token, { password: GOOD_PASSWORD, confirm: 'delete' })).statusCode).toBe(
      200,
    );
    expect(await keys()).not.toContain(rows[0]!.k);
  });
});
