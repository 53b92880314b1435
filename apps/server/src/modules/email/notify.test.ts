import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, auditRows, seedApplication, seedApplications, type Seeded } from '../../../test/admin';
import { setSettings } from '../../../test/applicant';
import { createAdmin, createTestContext, type TestContext } from '../../../test/helper';

interface MailRow {
  id: string;
  to_address: string;
  kind: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  dedupe_key: string | null;
  status: string;
}

async function decisionMails(ctx: TestContext, to?: string): Promise<MailRow[]> {
  const { rows } = await ctx.database.pool.query<MailRow>(
    `select id, to_address, kind, subject, text_body, html_body, dedupe_key, status from email_outbox
      where kind like 'decision_%' and ($1::text is null or to_address = $1) order by created_at, id`,
    [to ?? null],
  );
  return rows;
}

const EVENT = 'Riverside Hacks XXVI';
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('decision e-mails', () => {
  let ctx: TestContext;
  let call: ReturnType<typeof asUser>;
  let adminEmail: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    const admin = await createAdmin(ctx);
    adminEmail = admin.email;
    call = asUser(ctx, admin.token);
    await setSettings(ctx);
  });
  afterAll(() => ctx.close());

  const release = (role: 'hacker' | 'mentor', released = true) =>
    call('POST', `/api/admin/decisions/${released ? 'release' : 'unrelease'}`, { role });
  const setStatus = async (id: string, status: string) => {
    const res = await call('PUT', `/api/admin/applications/${id}/status`, { status });
    expect(res.statusCode).toBe(200);
    // decided_at has millisecond precision: keep successive decisions apart.
    await pause(3);
  };

  const HACKERS = [
    ...Array<'accepted'>(3).fill('accepted'),
    ...Array<'waitlisted'>(2).fill('waitlisted'),
    ...Array<'rejected'>(4).fill('rejected'),
    ...Array<'pending'>(2).fill('pending'),
    'submitted' as const,
  ];
  // Names are letters only: e-mails greet anything else (digits included) with a neutral word.
  const letter = (i: number) => String.fromCharCode(65 + i);
  let hackers: Seeded[] = [];
  let mentors: Seeded[] = [];

  it('a release queues exactly one e-mail per finalized hacker, with the text of its decision', async () => {
    hackers = await seedApplications(ctx, HACKERS.length, (i) => ({
      role: 'hacker',
      status: HACKERS[i],
      firstName: `Hacker ${letter(i)}`,
      decidedAt: new Date(),
    }));
    mentors = await seedApplications(ctx, 3, (i) => ({
      role: 'mentor',
      status: (['accepted', 'accepted', 'rejected'] as const)[i],
      firstName: `Mentor ${letter(i)}`,
    }));
    const res = await release('hacker');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      role: 'hacker',
      released: true,
      affected: 9,
      counts: { accepted: 3, waitlisted: 2, rejected: 4 },
      emails_queued: 9,
      announced_without_email: 0,
    });

    const mails = await decisionMails(ctx);
    expect(mails).toHaveLength(9);
    const want = hackers
      .map((h, i) => ({ to: h.email, status: HACKERS[i]!, name: `Hacker ${letter(i)}` }))
      .filter((h) => ['accepted', 'waitlisted', 'rejected'].includes(h.status));
    expect(mails.map((m) => [m.to_address, m.kind]).sort()).toEqual(
      want.map((h) => [h.to, `decision_${h.status}`]).sort(),
    );
    const subjects = {
      decision_accepted: `You're in! Welcome to ${EVENT}`,
      decision_waitlisted: `Your ${EVENT} application: waitlist`,
      decision_rejected: `Your ${EVENT} application`,
    } as Record<string, string>;
    const phrases = {
      decision_accepted: 'Congratulations! We are thrilled to accept you',
      decision_waitlisted: 'you are on our waitlist',
      decision_rejected: 'we are sorry that we cannot offer you a spot',
    } as Record<string, string>;
    for (const m of mails) {
      const h = want.find((w) => w.to === m.to_address)!;
      expect(m.subject).toBe(subjects[m.kind]);
      expect(m.text_body).toContain(`Hi ${h.name},`);
      expect(m.text_body).toContain(phrases[m.kind]);
      for (const other of Object.keys(phrases).filter((k) => k !== m.kind))
        expect(m.text_body).not.toContain(phrases[other]);
      expect(m.status).toBe('pending');
      expect(m.html_body).toContain(`Hi ${h.name},`);
    }
    // The accepted text names the RSVP deadline (the event's wording when none is set) and the link.
    const accepted = mails.find((m) => m.kind === 'decision_accepted')!;
    expect(accepted.text_body).toContain('(Mid August)');
    expect(accepted.text_body).toContain('http://localhost:3000/dashboard');
    // Nothing for undecided hackers or for mentors (their decisions are not released).
    for (const [i, h] of hackers.entries()) {
      if (HACKERS[i] === 'pending' || HACKERS[i] === 'submitted')
        expect(await decisionMails(ctx, h.email)).toEqual([]);
    }
    for (const m of mentors) expect(await decisionMails(ctx, m.email)).toEqual([]);

    const audit = (await auditRows(ctx, 'decisions', 'hacker')).at(-1)!;
    expect(audit).toMatchObject({
      actor_email: adminEmail,
      action: 'decisions.release',
      after: { released: true, send_email: true, emails_queued: 9 },
    });
  });

  it('unrelease queues nothing, and a release again queues nothing new', async () => {
    const before = await decisionMails(ctx);
    expect((await release('hacker', false)).statusCode).toBe(200);
    expect(await decisionMails(ctx)).toEqual(before);
    expect((await release('hacker')).statusCode).toBe(200);
    expect(await decisionMails(ctx)).toEqual(before);
    expect((await auditRows(ctx, 'decisions', 'hacker')).at(-1)!.after).toMatchObject({
      released: true,
      applicants: 9,
      emails_queued: 0,
    });
  });

  it('a decision changed while released is announced at once, once', async () => {
    const [firstAccepted] = hackers;
    const before = (await decisionMails(ctx)).length;
    await setStatus(firstAccepted!.id, 'rejected');
    const mine = await decisionMails(ctx, firstAccepted!.email);
    expect(mine.map((m) => m.kind)).toEqual(['decision_accepted', 'decision_rejected']);
    expect(await decisionMails(ctx)).toHaveLength(before + 1);

    // The same decision again is not news.
    await setStatus(firstAccepted!.id, 'rejected');
    expect(await decisionMails(ctx, firstAccepted!.email)).toHaveLength(2);

    // A pending hacker decided now: one e-mail for the new decision.
    const pendingOne = hackers[HACKERS.indexOf('pending')]!;
    await setStatus(pendingOne.id, 'waitlisted');
    expect((await decisionMails(ctx, pendingOne.email)).map((m) => m.kind)).toEqual(['decision_waitlisted']);

    // In bulk: one each.
    const waitlisted = hackers.filter((_, i) => HACKERS[i] === 'waitlisted');
    const bulk = await call('PUT', '/api/admin/applications/bulk/status', {
      application_ids: waitlisted.map((w) => w.id),
      status: 'accepted',
    });
    expect(bulk.json()).toEqual({ updated: 2 });
    for (const w of waitlisted)
      expect((await decisionMails(ctx, w.email)).map((m) => m.kind)).toEqual([
        'decision_waitlisted',
        'decision_accepted',
      ]);
    expect(await decisionMails(ctx)).toHaveLength(before + 4);
  });

  it('back to pending is not announced; nor is the same decision coming back', async () => {
    const a = await seedApplication(ctx, { role: 'hacker', status: 'pending' });
    await setStatus(a.id, 'accepted');
    expect((await decisionMails(ctx, a.email)).map((m) => m.kind)).toEqual(['decision_accepted']);
    await setStatus(a.id, 'pending');
    await setStatus(a.id, 'submitted');
    expect(await decisionMails(ctx, a.email)).toHaveLength(1);
    await setStatus(a.id, 'accepted');
    expect(await decisionMails(ctx, a.email)).toHaveLength(1);
  });

  it('back and forth: each change is one e-mail and no (decision, decided_at) pair is queued twice', async () => {
    const a = await seedApplication(ctx, { role: 'hacker', status: 'pending' });
    const sequence = ['accepted', 'rejected', 'accepted', 'waitlisted', 'accepted', 'accepted', 'rejected'];
    for (const status of sequence) await setStatus(a.id, status);
    // Replays of the same state (unrelease and release again) add nothing.
    await release('hacker', false);
    await release('hacker');
    await release('hacker');

    const mine = await decisionMails(ctx, a.email);
    // The repeated "accepted" is not a change.
    expect(mine.map((m) => m.kind)).toEqual([
      'decision_accepted',
      'decision_rejected',
      'decision_accepted',
      'decision_waitlisted',
      'decision_accepted',
      'decision_rejected',
    ]);
    const keys = mine.map((m) => m.dedupe_key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const [i, m] of mine.entries()) {
      expect(keys[i]).toMatch(new RegExp(`^decision:${a.id}:${m.kind.replace('decision_', '')}:\\d+$`));
    }
    const { rows } = await ctx.database.pool.query<{ n: number }>(
      `select count(*)::int as n from (select dedupe_key from email_outbox where dedupe_key is not null
        group by dedupe_key having count(*) > 1) t`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('mentors are announced when their role is released, not before', async () => {
    // Hacker decisions are released; a mentor decision changed now stays quiet.
    await setStatus(mentors[1]!.id, 'waitlisted');
    for (const m of mentors) expect(await decisionMails(ctx, m.email)).toEqual([]);
    const res = await release('mentor');
    expect(res.json()).toMatchObject({ role: 'mentor', released: true, affected: 3 });
    const kinds = await Promise.all(
      mentors.map(async (m) => (await decisionMails(ctx, m.email)).map((x) => x.kind)),
    );
    expect(kinds).toEqual([['decision_accepted'], ['decision_waitlisted'], ['decision_rejected']]);
    await release('mentor', false);
  });

  it('a decision changed during a release is announced with its final value, never the stale one alone', async () => {
    // Hold the release inside its transaction (a slow outbox insert for one applicant), change
    // that applicant's decision meanwhile, and check what each side queued.
    await release('hacker', false);
    const a = await seedApplication(ctx, { role: 'hacker', status: 'accepted', decidedAt: new Date() });
    const pool = ctx.database.pool;
    await pool.query(`create function test_slow_outbox() returns trigger language plpgsql as $$
      begin
        if new.to_address = '${a.email}' then perform pg_sleep(1.5); end if;
        return new;
      end $$`);
    await pool.query(
      'create trigger test_slow_outbox before insert on email_outbox for each row execute function test_slow_outbox()',
    );
    try {
      const releasing = release('hacker');
      // Wait until the release is asleep in the trigger.
      const until = Date.now() + 10_000;
      for (;;) {
        const { rows } = await pool.query(
          "select 1 from pg_stat_activity where wait_event = 'PgSleep' and datname = current_database()",
        );
        if (rows.length) break;
        if (Date.now() > until) throw new Error('the release never reached the outbox insert');
        await pause(20);
      }
      const [released, changed] = await Promise.all([
        releasing,
        call('PUT', `/api/admin/applications/${a.id}/status`, { status: 'rejected' }),
      ]);
      expect(released.statusCode).toBe(200);
      expect(changed.statusCode).toBe(200);
    } finally {
      await pool.query('drop trigger test_slow_outbox on email_outbox');
      await pool.query('drop function test_slow_outbox()');
    }
    const { rows } = await pool.query<{ status: string; decision_notified_status: string | null }>(
      'select status, decision_notified_status from applications where id = $1',
      [a.id],
    );
    expect(rows[0]).toEqual({ status: 'rejected', decision_notified_status: 'rejected' });
    // The last e-mail queued tells the decision that stands.
    const mine = await decisionMails(ctx, a.email);
    expect(mine.at(-1)?.kind).toBe('decision_rejected');
    expect(mine.filter((m) => m.kind === 'decision_rejected')).toHaveLength(1);
  });
});

describe('a release of 5,000 decided applicants', () => {
  let ctx: TestContext;
  let call: ReturnType<typeof asUser>;
  beforeAll(async () => {
    ctx = await createTestContext();
    call = asUser(ctx, (await createAdmin(ctx)).token);
    await setSettings(ctx);
  });
  afterAll(() => ctx.close());

  it('completes and queues one e-mail each', async () => {
    await ctx.database.pool.query(`
      with u as (
        insert into users (email, password_hash, role)
        select 'bulk' || g || '@example.org', 'not-a-password-hash', 'hacker' from generate_series(1, 5000) g
        returning id, email)
      insert into applications (user_id, role, status, first_name, last_name, email, decided_at)
      select id, 'hacker', (array['accepted', 'waitlisted', 'rejected'])[1 + (row_number() over () % 3)::int]::application_status,
        'Bulk', 'Applicant', email, now()
      from u`);
    const res = await call('POST', '/api/admin/decisions/release', { role: 'hacker' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'hacker', released: true, affected: 5000, emails_queued: 5000 });

    const { rows } = await ctx.database.pool.query<{ kind: string; n: number; people: number }>(
      `select kind, count(*)::int as n, count(distinct to_address)::int as people from email_outbox
        where kind like 'decision_%' group by kind order by kind`,
    );
    expect(rows.reduce((sum, r) => sum + r.n, 0)).toBe(5000);
    expect(rows.reduce((sum, r) => sum + r.people, 0)).toBe(5000);
    const { rows: byStatus } = await ctx.database.pool.query<{ kind: string; n: number }>(
      `select 'decision_' || status as kind, count(*)::int as n from applications group by status order by 1`,
    );
    expect(rows.map((r) => [r.kind, r.n])).toEqual(byStatus.map((r) => [r.kind, r.n]));
    const { rows: mismatched } = await ctx.database.pool.query(
      `select 1 from email_outbox o join applications a on a.email = o.to_address
        where o.kind <> 'decision_' || a.status or a.decision_notified_status is distinct from a.status`,
    );
    expect(mismatched).toEqual([]);

    // Released again after an unrelease: nothing more.
    await call('POST', '/api/admin/decisions/unrelease', { role: 'hacker' });
    await call('POST', '/api/admin/decisions/release', { role: 'hacker' });
    const { rows: total } = await ctx.database.pool.query<{ n: number }>(
      'select count(*)::int as n from email_outbox',
    );
    expect(total[0]!.n).toBe(5000);
  }, 120_000);
});
