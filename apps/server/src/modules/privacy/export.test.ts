import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SPONSOR_CONSENT_VERSION } from '@lanyard/shared/privacy';
import { asUser, readZip, submittedHacker } from '../../../test/admin';
import { pdfBytes, setSettings } from '../../../test/applicant';
import { bearer, createAdmin, createTestContext, type TestContext } from '../../../test/helper';
import { createQuestion, twoOptions } from '../../../test/questions';
import { hasSponsorConsent } from '../../policies/privacy';

let ctx: TestContext;
let admin: { token: string; email: string };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx);
  await setSettings(ctx);
});
afterAll(() => ctx.close());

function download(token: string, url = '/api/privacy/export') {
  return ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
}

/** The archive's entries by name, each decoded (stored or deflated). */
function entries(body: Buffer): Map<string, Buffer> {
  return new Map(
    readZip(body).map((e) => [e.name, e.method === 8 ? zlib.inflateRawSync(e.data) : e.data] as const),
  );
}

const HOSTILE = '<img src=x onerror=alert(1)>';

describe('GET /api/privacy/export', () => {
  it('holds the account, answers in words, RSVP, check-in and scans, mail, consent and the resume; nobody else', async () => {
    const a = await submittedHacker(ctx, {
      firstName: HOSTILE,
      lastName: 'Lovelace',
      recruitmentEmails: true,
    });
    const twin = await submittedHacker(ctx, { firstName: HOSTILE, lastName: 'Lovelace' });
    for (const who of [a, twin]) {
      const { rows } = await ctx.database.pool.query<{ id: string }>(
        `insert into checkin_records (application_id, first_name, last_name, email, checked_in, checked_in_at)
         values ($1, 'Ada', 'Lovelace', $2, true, now()) returning id`,
        [who.appId, who.email],
      );
      await ctx.database.pool.query(
        `insert into scans (station_id, record_id, application_id, scanned_at, device_id, client_scan_id, source, outcome, scanned_by_email)
         select s.id, $1, $2, now(), 'desk-1', gen_random_uuid(), 'online', 'ok', 'volunteer@example.org'
           from stations s where s.kind = 'checkin'`,
        [rows[0]!.id, who.appId],
      );
    }
    const res = await download(a.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="lanyard_my_data_\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const files = entries(res.rawPayload);
    expect([...files.keys()].sort()).toEqual([
      'account.json',
      'application.json',
      'checkin.json',
      'consent.json',
      'emails.json',
      'files.json',
      'files/resume-1.pdf',
      'rsvp.json',
      'summary.html',
    ]);
    const json = (name: string) => JSON.parse(files.get(name)!.toString('utf8'));
    expect(json('account.json')).toMatchObject({ id: a.id, email: a.email, role: 'hacker' });
    const app = json('application.json').application;
    expect(app._id).toBe(a.appId);
    expect(app.answers_in_words).toEqual(
      expect.arrayContaining([{ question: 'First Name', answer: HOSTILE }]),
    );
    expect(json('checkin.json')).toMatchObject({
      record: { checked_in: true, email: a.email },
      scans: [{ station: 'Check-in', outcome: 'ok' }],
    });
    expect(json('emails.json')).toEqual(expect.arrayContaining([expect.objectContaining({ to: a.email })]));
    expect(json('consent.json')).toMatchObject({
      sponsor_consent: true,
      history: [{ given: true, source: 'application', version: DEFAULT_SPONSOR_CONSENT_VERSION }],
    });
    expect(files.get('files/resume-1.pdf')!.equals(pdfBytes())).toBe(true);

    // Nothing of the twin (same name), and no volunteer's identity.
    const all = [...files.values()].map((b) => b.toString('utf8')).join('\n');
    for (const other of [twin.email, twin.id, twin.appId, 'volunteer@example.org', admin.email])
      expect(all).not.toContain(other);

    // The summary shows the hostile name as text.
    const html = files.get('summary.html')!.toString('utf8');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');

    const { rows: audit } = await ctx.database.pool.query(
      `select action, actor_id from audit_log where target_type = 'user' and target_id = $1`,
      [a.id],
    );
    expect(audit).toEqual([{ action: 'privacy.export_self', actor_id: a.id }]);
  });

  it('answers 429 with Retry-After after 5 downloads an hour', async () => {
    const a = await submittedHacker(ctx);
    for (let i = 0; i < 5; i++) expect((await download(a.token)).statusCode).toBe(200);
    const limited = await download(a.token);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('lets an admin download a user’s archive on their request, audited; never an applicant', async () => {
    const a = await submittedHacker(ctx);
    const other = await submittedHacker(ctx);
    expect((await download(other.token, `/api/admin/users/${a.id}/export`)).statusCode).toBe(403);
    const res = await download(admin.token, `/api/admin/users/${a.id}/export`);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(entries(res.rawPayload).get('account.json')!.toString('utf8')).id).toBe(a.id);
    const { rows } = await ctx.database.pool.query(
      `select action, actor_email from audit_log where target_type = 'user' and target_id = $1`,
      [a.id],
    );
    expect(rows).toEqual([{ action: 'privacy.export', actor_email: admin.email }]);
  });
});

describe('custom questions in the archive', () => {
  it('gives custom answers in words, under the wording they were answered under', async () => {
    const q = await createQuestion(ctx, admin.token, {
      type: 'single_choice',
      label: 'Which track?',
      options: twoOptions,
    });
    const a = await submittedHacker(ctx, { custom: { [q.id]: { selected: ['hw'] } } });
    const res = await download(a.token);
    expect(res.statusCode).toBe(200);
    const app = JSON.parse(entries(res.rawPayload).get('application.json')!.toString('utf8')).application;
    expect(app.custom).toEqual([
      expect.objectContaining({ id: q.id, label: 'Which track?', text: 'Hardware' }),
    ]);
    expect(entries(res.rawPayload).get('summary.html')!.toString('utf8')).toContain('Hardware');
  });
});

describe('consent to share with sponsors', () => {
  const put = (token: string, given: boolean) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/privacy/consent',
      payload: { sponsor_consent: given },
      headers: bearer(token),
    });
  const current = async (appId: string) => {
    const { rows } = await ctx.database.pool.query<{
      sponsor_consent: boolean;
      answers: { recruitmentEmails?: boolean };
    }>('select sponsor_consent, answers from applications where id = $1', [appId]);
    return rows[0]!;
  };

  it('starts unticked, and each change counts at once and is recorded with its wording version', async () => {
    const a = await submittedHacker(ctx);
    expect(hasSponsorConsent({ sponsorConsent: (await current(a.appId)).sponsor_consent })).toBe(false);
    const given = await put(a.token, true);
    expect(given.statusCode).toBe(200);
    expect(given.json()).toMatchObject({ sponsor_consent: true, version: DEFAULT_SPONSOR_CONSENT_VERSION });
    expect(hasSponsorConsent({ sponsorConsent: (await current(a.appId)).sponsor_consent })).toBe(true);
    // The same answer again is no change: nothing more is recorded.
    await put(a.token, true);
    const withdrawn = await put(a.token, false);
    const row = await current(a.appId);
    expect(hasSponsorConsent({ sponsorConsent: row.sponsor_consent })).toBe(false);
    expect(row.answers.recruitmentEmails).toBe(false);
    const { rows: audited } = await ctx.database.pool.query(
      `select after from audit_log where action = 'privacy.consent' and target_id = $1 order by created_at`,
      [a.id],
    );
    expect(audited.map((r) => r.after)).toEqual([
      { given: true, version: DEFAULT_SPONSOR_CONSENT_VERSION },
      { given: false, version: DEFAULT_SPONSOR_CONSENT_VERSION },
    ]);
    expect(
      withdrawn.json().history.map((h: { given: boolean; source: string }) => [h.given, h.source]),
    ).toEqual([
      [false, 'dashboard'],
      [true, 'dashboard'],
    ]);
  });

  it('answers 404 without an application, and refuses other fields', async () => {
    const a = await submittedHacker(ctx);
    const call = asUser(ctx, a.token);
    expect(
      (await call('PUT', '/api/privacy/consent', { sponsor_consent: true, user_id: admin.email })).statusCode,
    ).toBe(400);
    await ctx.database.pool.query('delete from applications where id = $1', [a.appId]);
    expect((await put(a.token, true)).json()).toMatchObject({ code: 'no_application' });
  });
});
