import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, auditRows, seedApplication, seedApplications } from '../../../test/admin';
import { quickUser, setSettings } from '../../../test/applicant';
import { createAdmin, createTestContext, type TestContext } from '../../../test/helper';

interface Preview {
  role: string;
  released: boolean;
  applicants: number;
  counts: { accepted: number; waitlisted: number; rejected: number };
  emails: number;
  email_counts: { accepted: number; waitlisted: number; rejected: number };
  samples: {
    template: string;
    status: string;
    recipient: { name: string; email: string };
    subject: string;
    text: string;
    html: string;
  }[];
}

async function decisionMailCount(ctx: TestContext, toAny?: string[]): Promise<number> {
  const { rows } = await ctx.database.pool.query<{ n: number }>(
    `select count(*)::int as n from email_outbox
      where kind like 'decision_%' and ($1::text[] is null or to_address = any($1))`,
    [toAny ?? null],
  );
  return rows[0]!.n;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('release preview, release without e-mail, and their audit', () => {
  let ctx: TestContext;
  let call: ReturnType<typeof asUser>;
  beforeAll(async () => {
    ctx = await createTestContext();
    call = asUser(ctx, (await createAdmin(ctx)).token);
    await setSettings(ctx);
  });
  afterAll(() => ctx.close());

  const preview = async (role: 'hacker' | 'mentor'): Promise<Preview> => {
    const res = await call('GET', `/api/admin/decisions/${role}/preview`);
    expect(res.statusCode).toBe(200);
    return res.json() as Preview;
  };

  it('the preview counts exactly what the release then queues, and shows each template as a real applicant gets it', async () => {
    // An admin's own words are plain text: markup in them must arrive escaped.
    const tpl = await call('PUT', '/api/settings/email-template', {
      template: 'decision_rejected',
      subject: 'About {{event}}',
      body: 'Hi {{name}},\n\n<b>Sorry</b> this time.',
    });
    expect(tpl.statusCode).toBe(200);
    const decidedAt = new Date('2025-08-01T10:00:00.000Z');
    const fresh = await seedApplications(ctx, 6, (i) => ({
      role: 'hacker',
      status: (['accepted', 'accepted', 'accepted', 'waitlisted', 'waitlisted', 'rejected'] as const)[i],
      firstName: ['Ada', 'Grace', 'Linus', 'Zoë', 'Alan', 'Edsger'][i]!,
      decidedAt,
    }));
    // Told already: not mailed again. Changed since told: mailed. Mail already in the outbox: not again.
    await seedApplication(ctx, { role: 'hacker', status: 'accepted', decisionNotifiedStatus: 'accepted' });
    const changed = await seedApplication(ctx, {
      role: 'hacker',
      status: 'accepted',
      decisionNotifiedStatus: 'waitlisted',
      decidedAt,
    });
    const inOutbox = await seedApplication(ctx, { role: 'hacker', status: 'accepted', decidedAt });
    await ctx.database.pool.query(
      `insert into email_outbox (to_address, subject, text_body, kind, dedupe_key)
        values ($1, 's', 't', 'decision_accepted', $2)`,
      [inOutbox.email, `decision:${inOutbox.id}:accepted:${decidedAt.getTime()}`],
    );
    await seedApplication(ctx, { role: 'hacker', status: 'pending' });
    await seedApplication(ctx, { role: 'mentor', status: 'accepted' });

    const p = await preview('hacker');
    expect(p).toMatchObject({
      role: 'hacker',
      released: false,
      applicants: 9,
      counts: { accepted: 6, waitlisted: 2, rejected: 1 },
      emails: 7,
      email_counts: { accepted: 4, waitlisted: 2, rejected: 1 },
    });
    expect(p.samples.map((s) => s.template).sort()).toEqual([
      'decision_accepted',
      'decision_rejected',
      'decision_waitlisted',
    ]);
    const rejected = p.samples.find((s) => s.template === 'decision_rejected')!;
    expect(rejected.recipient).toEqual({ name: 'Edsger Applicant5', email: fresh[5]!.email });
    expect(rejected.subject).toBe('About Riverside Hacks XXVI');
    expect(rejected.text).toBe('Hi Edsger,\n\n<b>Sorry</b> this time.');
    expect(rejected.html).toContain('&lt;b&gt;Sorry&lt;/b&gt;');
    expect(rejected.html).not.toContain('<b>');
    const waitlisted = p.samples.find((s) => s.template === 'decision_waitlisted')!;
    expect(waitlisted.text).toMatch(/^Hi (Zoë|Alan),/);
    // A preview changes nothing.
    expect(await decisionMailCount(ctx)).toBe(1);

    const before = await decisionMailCount(ctx);
    const res = await call('POST', '/api/admin/decisions/release', { role: 'hacker' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      role: 'hacker',
      released: true,
      affected: 9,
      counts: { accepted: 6, waitlisted: 2, rejected: 1 },
      emails_queued: 7,
      announced_without_email: 0,
    });
    expect((await decisionMailCount(ctx)) - before).toBe(p.emails);
    expect(await decisionMailCount(ctx, [changed.email])).toBe(1);

    expect((await auditRows(ctx, 'decisions', 'hacker')).at(-1)).toMatchObject({
      action: 'decisions.release',
      before: { released: false },
      after: {
        released: true,
        send_email: true,
        applicants: 9,
        counts: { accepted: 6, waitlisted: 2, rejected: 1 },
        emails_queued: 7,
        announced_without_email: 0,
      },
    });
    // Nothing left to announce.
    expect(await preview('hacker')).toMatchObject({ released: true, applicants: 9, emails: 0, samples: [] });
  });

  it('unrelease is audited with its counts', async () => {
    const res = await call('POST', '/api/admin/decisions/unrelease', { role: 'hacker' });
    expect(res.json()).toMatchObject({ released: false, affected: 9, emails_queued: 0 });
    expect((await auditRows(ctx, 'decisions', 'hacker')).at(-1)).toMatchObject({
      action: 'decisions.unrelease',
      before: { released: true },
      after: { released: false, applicants: 9, counts: { accepted: 6, waitlisted: 2, rejected: 1 } },
    });
  });

  it('the release reports what it did when decisions changed after the preview', async () => {
    const [late] = await seedApplications(ctx, 1, () => ({ role: 'hacker', status: 'pending' }));
    const p = await preview('hacker');
    expect(p.emails).toBe(0);
    const set = await call('PUT', `/api/admin/applications/${late!.id}/status`, { status: 'rejected' });
    expect(set.statusCode).toBe(200);
    const res = await call('POST', '/api/admin/decisions/release', { role: 'hacker' });
    expect(res.json()).toMatchObject({ affected: 10, counts: { rejected: 2 }, emails_queued: 1 });
    await call('POST', '/api/admin/decisions/unrelease', { role: 'hacker' });
  });

  it('release without e-mail queues nothing and marks the decisions announced, so a later release sends none', async () => {
    const mentors = await seedApplications(ctx, 3, (i) => ({
      role: 'mentor',
      status: (['accepted', 'waitlisted', 'pending'] as const)[i],
      decidedAt: new Date(),
    }));
    // One mentor (accepted) was seeded in the first test.
    expect(await preview('mentor')).toMatchObject({ applicants: 3, emails: 3 });
    const before = await decisionMailCount(ctx);
    const res = await call('POST', '/api/admin/decisions/release', { role: 'mentor', send_email: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      released: true,
      affected: 3,
      emails_queued: 0,
      announced_without_email: 3,
    });
    expect(await decisionMailCount(ctx)).toBe(before);
    expect((await auditRows(ctx, 'decisions', 'mentor')).at(-1)).toMatchObject({
      action: 'decisions.release',
      after: { released: true, send_email: false, emails_queued: 0, announced_without_email: 3 },
    });

    // Unrelease and release again with e-mail: those decisions were announced, nothing goes out.
    await call('POST', '/api/admin/decisions/unrelease', { role: 'mentor' });
    expect(await preview('mentor')).toMatchObject({ applicants: 3, emails: 0 });
    const again = await call('POST', '/api/admin/decisions/release', { role: 'mentor' });
    expect(again.json()).toMatchObject({ emails_queued: 0, announced_without_email: 0 });
    expect(await decisionMailCount(ctx)).toBe(before);

    // A decision made later, while released, is still announced by e-mail.
    await pause(3);
    const set = await call('PUT', `/api/admin/applications/${mentors[2]!.id}/status`, { status: 'accepted' });
    expect(set.statusCode).toBe(200);
    expect(await decisionMailCount(ctx, [mentors[2]!.email])).toBe(1);
    await call('POST', '/api/admin/decisions/unrelease', { role: 'mentor' });
  });

  it('only admins may preview; bodies are checked', async () => {
    const anon = await ctx.app.inject({ method: 'GET', url: '/api/admin/decisions/hacker/preview' });
    expect(anon.statusCode).toBe(401);
    const applicant = asUser(ctx, (await quickUser(ctx)).token);
    expect((await applicant('GET', '/api/admin/decisions/hacker/preview')).statusCode).toBe(403);
    expect((await applicant('POST', '/api/admin/decisions/release', { role: 'hacker' })).statusCode).toBe(
      403,
    );
    expect((await call('GET', '/api/admin/decisions/admin/preview')).statusCode).toBe(400);
    for (const body of [
      { role: 'hacker', send_email: 'no' },
      { role: 'hacker', send_email: false, extra: 1 },
    ]) {
      expect((await call('POST', '/api/admin/decisions/release', body)).statusCode).toBe(400);
    }
    // Unrelease sends nothing either way: it takes no e-mail switch.
    expect(
      (await call('POST', '/api/admin/decisions/unrelease', { role: 'hacker', send_email: false }))
        .statusCode,
    ).toBe(400);
  });
});
