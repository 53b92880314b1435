import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, eventEnd } from '@lanyard/shared/retention';
import { asUser, countRows, fileExists, submittedHacker, uploadPath } from '../../../test/admin';
import { applicantWithResume, quickUser, setSettings } from '../../../test/applicant';
import { bearer, createAdmin, createTestContext, type TestContext } from '../../../test/helper';
import {
  claimRun,
  finishRun,
  retentionDueMoments,
  runRetention,
  type RetentionRunOptions,
} from './retention';

let ctx: TestContext;
let admin: { token: string };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx);
  await setSettings(ctx);
});
afterAll(() => ctx.close());

let mark = '';
const q = (text: string, params: unknown[] = []) => ctx.database.pool.query(text, params);

beforeEach(async () => {
  await q("delete from users where role in ('hacker', 'mentor')");
  await q('delete from uploads');
  await q('delete from checkin_records');
  // The audit log is append-only: each test reads only the rows written after this mark.
  mark = (await q('select clock_timestamp()::text as m')).rows[0].m as string;
  await q(
    'update retention_settings set resume_days = 90, non_attendee_days = 180, unverified_days = 30, confirmed_at = now()',
  );
});

const END = () => eventEnd(ctx.config.event.endDate);
const run = (opts: RetentionRunOptions) =>
  runRetention(ctx.database.db, ctx.app.storage, ctx.config.event, opts);

async function auditCounts(rule: string): Promise<number[]> {
  const { rows } = await q(
    `select (after->>'count')::int as n from audit_log where action = $1 and actor_email = 'system' and created_at > $2::timestamptz order by created_at`,
    [`retention.${rule}`, mark],
  );
  return rows.map((r: { n: number }) => r.n);
}

/** An applicant account never verified, made `days` ago, with nothing started. */
async function unverified(days: number): Promise<string> {
  const u = await quickUser(ctx, 'hacker', { verified: false });
  await q(`update users set created_at = now() - make_interval(days => $2) where id = $1`, [u.id, days]);
  return u.id;
}

async function checkIn(appId: string) {
  await q(
    `insert into checkin_records (application_id, first_name, last_name, email, checked_in, checked_in_at)
     values ($1, 'Ada', 'Lovelace', 'ada@example.org', true, now())`,
    [appId],
  );
}

describe('the retention job', () => {
  it('deletes nothing until an organiser has saved the periods, and acts once they have', async () => {
    await q('update retention_settings set confirmed_at = null');
    const old = await unverified(400);
    const a = await submittedHacker(ctx);
    const later = new Date(END().getTime() + 400 * 86_400_000);
    expect(await run({ now: later })).toEqual({ resumes: 0, non_attendees: 0, unverified: 0 });
    expect((await q('select 1 from users where id = $1', [old])).rowCount).toBe(1);
    expect((await q('select 1 from applications where id = $1', [a.appId])).rowCount).toBe(1);
    const preview = await asUser(ctx, admin.token)('GET', '/api/settings/retention');
    expect(preview.json().active).toBe(false);

    const saved = await asUser(ctx, admin.token)('PUT', '/api/settings/retention', {
      resume_days: 90,
      non_attendee_days: 180,
      unverified_days: 30,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().active).toBe(true);
    const counts = await run({ now: later });
    expect(counts.unverified).toBe(1);
    expect(counts.non_attendees).toBe(1);
    expect((await q('select 1 from applications where id = $1', [a.appId])).rowCount).toBe(0);
  });

  it('deletes resumes (rows and files) only once event end + N days has come', async () => {
    const a = await submittedHacker(ctx);
    const file = await uploadPath(ctx, a.resume.name);
    // An upload no application names (not submitted yet): outside the rule, so it stays.
    const unsent = await applicantWithResume(ctx);
    const due = addDays(END(), 90);
    expect(await run({ now: new Date(due.getTime() - 1000) })).toMatchObject({ resumes: 0 });
    expect(fileExists(file)).toBe(true);
    expect((await run({ now: due })).resumes).toBe(1);
    expect(fileExists(file)).toBe(false);
    expect(await countRows(ctx, 'select id from uploads')).toBe(1);
    expect(fileExists(await uploadPath(ctx, unsent.resume.name))).toBe(true);
    // The application stays, without its file; nobody is deleted before M days.
    expect(await countRows(ctx, 'select 1 from applications where resume_upload_id is null')).toBe(1);
    expect(await countRows(ctx, 'select 1 from users where id = $1', [a.id])).toBe(1);
    expect(await auditCounts('resumes')).toEqual([1]);
  });

  it('deletes non-attendees after event end + M days, never those who checked in', async () => {
    const went = await submittedHacker(ctx);
    const stayedHome = await submittedHacker(ctx);
    await checkIn(went.appId);
    const due = addDays(END(), 180);
    expect((await run({ now: new Date(due.getTime() - 1000) })).non_attendees).toBe(0);
    expect(await countRows(ctx, 'select 1 from users where id = $1', [stayedHome.id])).toBe(1);
    expect((await run({ now: due })).non_attendees).toBe(1);
    expect(await countRows(ctx, 'select 1 from users where id = $1', [stayedHome.id])).toBe(0);
    expect(await countRows(ctx, 'select 1 from applications where id = $1', [stayedHome.appId])).toBe(0);
    expect(await countRows(ctx, 'select 1 from applications where id = $1', [went.appId])).toBe(1);
    expect(await auditCounts('non_attendees')).toEqual([1]);
    // The deletion service's tombstone names the system as the actor, never the person.
    const { rows } = await q(
      `select actor_email from audit_log where action = 'user.delete' and target_id = $1`,
      [stayedHome.id],
    );
    expect(rows).toEqual([{ actor_email: 'system' }]);
  });

  it('deletes unverified accounts with nothing started after K days, and nobody else', async () => {
    // The repo's event ended in 2025: the non-attendee rule is off here, so only this rule can act.
    await q('update retention_settings set non_attendee_days = null');
    const old = await unverified(31);
    const young = await unverified(29);
    const withDraft = await unverified(31);
    await q(`insert into application_drafts (user_id, role) values ($1, 'hacker')`, [withDraft]);
    const verified = (await quickUser(ctx)).id;
    await q(`update users set created_at = now() - interval '400 days' where id = $1`, [verified]);
    const applied = await submittedHacker(ctx);
    await q(
      `update users set email_verified_at = null, created_at = now() - interval '400 days' where id = $1`,
      [applied.id],
    );
    expect((await run({ now: new Date() })).unverified).toBe(1);
    const left = (await q("select id from users where role = 'hacker'")).rows.map(
      (r: { id: string }) => r.id,
    );
    expect(left.sort()).toEqual([young, withDraft, verified, applied.id].sort());
    expect(left).not.toContain(old);
  });

  it('turns a rule off with null', async () => {
    await q('update retention_settings set unverified_days = null');
    await unverified(3000);
    expect((await run({ now: new Date() })).unverified).toBe(0);
  });

  it('works in batches: a batch size of 2 over 5 rows', async () => {
    for (let i = 0; i < 5; i++) await unverified(40);
    const batches: number[] = [];
    const counts = await run({
      now: new Date(),
      batchSize: 2,
      afterBatch: (_rule, n) => void batches.push(n),
    });
    expect(counts.unverified).toBe(5);
    expect(batches).toEqual([2, 2, 1]);
    expect(await auditCounts('unverified')).toEqual([2, 2, 1]);
  });

  it('runs once across two instances at the same moment: each row is handled once', async () => {
    for (let i = 0; i < 9; i++) await unverified(40);
    const now = new Date();
    const [a, b] = await Promise.all([run({ now, batchSize: 2 }), run({ now, batchSize: 2 })]);
    expect(a.unverified + b.unverified).toBe(9);
    expect((await auditCounts('unverified')).reduce((s, n) => s + n, 0)).toBe(9);
    expect(
      await countRows(
        ctx,
        "select 1 from audit_log where action = 'user.delete' and actor_email = 'system' and created_at > $1::timestamptz",
        [mark],
      ),
    ).toBe(9);
    expect(await countRows(ctx, "select 1 from users where role = 'hacker'")).toBe(0);
  });

  it('resumes after a crash: the next run finishes what the first left', async () => {
    for (let i = 0; i < 5; i++) await unverified(40);
    const crash: RetentionRunOptions['afterBatch'] = () => {
      throw new Error('killed');
    };
    await expect(run({ now: new Date(), batchSize: 2, afterBatch: crash })).rejects.toThrow('killed');
    expect(await countRows(ctx, "select 1 from users where role = 'hacker'")).toBe(3);
    expect((await run({ now: new Date(), batchSize: 2 })).unverified).toBe(3);
    expect(await countRows(ctx, "select 1 from users where role = 'hacker'")).toBe(0);
    expect(await auditCounts('unverified')).toEqual([2, 2, 1]);
  });

  it('claims a day once across instances; a crashed run lapses after its lease', async () => {
    await q("delete from job_runs where name = 'retention'");
    const t0 = new Date('2030-01-01T03:00:00Z');
    const claims = await Promise.all([claimRun(ctx.database.db, t0), claimRun(ctx.database.db, t0)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    // Unfinished (crashed): nobody else before the lease lapses, then another instance takes over.
    expect(await claimRun(ctx.database.db, new Date(t0.getTime() + 30 * 60_000))).toBe(false);
    const t1 = new Date(t0.getTime() + 61 * 60_000);
    expect(await claimRun(ctx.database.db, t1)).toBe(true);
    await finishRun(ctx.database.db, t1);
    // Finished: the day is held, and the next one runs.
    expect(await claimRun(ctx.database.db, new Date(t1.getTime() + 5 * 3600_000))).toBe(false);
    expect(await claimRun(ctx.database.db, new Date(t1.getTime() + 21 * 3600_000))).toBe(true);
  });

  it("runs again within the hour a rule's day comes, not up to 20 hours later", async () => {
    await q("delete from job_runs where name = 'retention'");
    const db = ctx.database.db;
    const hours = (t: Date, h: number) => new Date(t.getTime() + h * 3600_000);
    const t0 = new Date('2031-03-01T09:30:00Z');
    expect(await claimRun(db, t0)).toBe(true);
    await finishRun(db, t0);
    // A rule's day comes three hours after that run started.
    const due = [hours(t0, 3), hours(t0, -48)];
    expect(await claimRun(db, hours(t0, 2), due)).toBe(false);
    expect(await claimRun(db, hours(t0, 3.5), due)).toBe(true);
    await finishRun(db, hours(t0, 3.5));
    // That run covered it: the day's hold is back until the next rule's day or 20 hours.
    expect(await claimRun(db, hours(t0, 4.5), due)).toBe(false);
    expect(await claimRun(db, hours(t0, 23), due)).toBe(false);
    expect(await claimRun(db, hours(t0, 24), due)).toBe(true);
    // Never two at once: a run in progress keeps its lease, a day or not.
    expect(await claimRun(db, hours(t0, 24.5), [hours(t0, 24.2)])).toBe(false);
  });

  it("the worker's due moments are the resume and non-attendee days after the event's end", async () => {
    const moments = async () =>
      (await retentionDueMoments(ctx.database.db, ctx.config.event)).map((m) => m.toISOString());
    expect(await moments()).toEqual([addDays(END(), 90).toISOString(), addDays(END(), 180).toISOString()]);
    // A rule turned off has no day.
    await q('update retention_settings set non_attendee_days = null');
    expect(await moments()).toEqual([addDays(END(), 90).toISOString()]);
  });
});

describe('the retention settings', () => {
  const put = (payload: unknown, token = admin.token) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/settings/retention',
      payload: payload as Record<string, unknown>,
      headers: bearer(token),
    });

  it('are admin-only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/settings/retention' })).statusCode).toBe(401);
    const hacker = await quickUser(ctx);
    const get = await ctx.app.inject({
      method: 'GET',
      url: '/api/settings/retention',
      headers: bearer(hacker.token),
    });
    expect(get.statusCode).toBe(403);
    expect(
      (await put({ resume_days: 1, non_attendee_days: 1, unverified_days: 1 }, hacker.token)).statusCode,
    ).toBe(403);
  });

  it('are validated: whole days from 1 to 3650, or null; nothing stored on refusal', async () => {
    const ok = { resume_days: 90, non_attendee_days: 180, unverified_days: 30 };
    for (const bad of [
      { ...ok, resume_days: 0 },
      { ...ok, non_attendee_days: 3651 },
      { ...ok, unverified_days: 1.5 },
      { ...ok, resume_days: '90' },
      { ...ok, extra: 1 },
      { resume_days: 90 },
    ]) {
      const res = await put(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(
      await countRows(
        ctx,
        "select 1 from audit_log where action = 'settings.retention' and created_at > $1::timestamptz",
        [mark],
      ),
    ).toBe(0);
    const saved = await put({ resume_days: 45, non_attendee_days: null, unverified_days: 3650 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings).toEqual({
      resume_days: 45,
      non_attendee_days: null,
      unverified_days: 3650,
    });
    expect(
      await countRows(
        ctx,
        "select 1 from audit_log where action = 'settings.retention' and created_at > $1::timestamptz",
        [mark],
      ),
    ).toBe(1);
    // The privacy page states the periods as saved.
    const policy = await ctx.app.inject({ method: 'GET', url: '/api/privacy/policy' });
    expect(policy.json().html).toContain('resumes are deleted 45 days after the event');
  });

  it('preview what the next runs would do, with counts and dates', async () => {
    await submittedHacker(ctx);
    await unverified(40);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/settings/retention',
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.event_end).toBe(END().toISOString());
    const byRule = Object.fromEntries(body.rules.map((r: { rule: string }) => [r.rule, r]));
    expect(byRule.resumes).toMatchObject({ enabled: true, count: 1 });
    expect(byRule.non_attendees).toMatchObject({ enabled: true, count: 1 });
    expect(byRule.unverified).toMatchObject({ enabled: true, count: 1 });
    // Nothing is deleted by looking.
    expect(await countRows(ctx, 'select 1 from uploads')).toBe(1);
  });
});
