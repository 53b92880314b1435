/**
 * The resume book as sponsors read it: who is in it (consent, the attendance rule, 18 on the first
 * day), what a sponsor is sent (never contact details, birth date, gender or race), stars per
 * account, signed resume links, the zip of a selection or of the starred list, and the audit.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookEntry, BookResponse } from '@lanyard/shared/sponsors';
import { asUser, readZip } from '../../../test/admin';
import { bearer, createAdmin, createTestContext, type TestContext } from '../../../test/helper';
import { birthFor, bookPerson, sponsorSession, type SponsorSession } from '../../../test/sponsors';

let ctx: TestContext;
let admin: { token: string };
let sponsor: SponsorSession;
let as: ReturnType<typeof asUser>;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx);
  sponsor = await sponsorSession(ctx, {}, admin);
  as = asUser(ctx, sponsor.token);
});
afterAll(() => ctx?.close());

/** A school of its own per test, so each test reads only its own people from the shared book. */
const school = () => `School ${crypto.randomUUID().slice(0, 8)}`;

async function bookOf(s: string, extra = ''): Promise<BookResponse> {
  const res = await as('GET', `/api/sponsor/book?school=${encodeURIComponent(s)}${extra}`);
  expect(res.statusCode).toBe(200);
  return res.json() as BookResponse;
}
const ids = (b: BookResponse) => b.entries.map((e) => e.id).sort();

async function setRule(rule: 'confirmed' | 'checked_in') {
  const res = await asUser(ctx, admin.token)('PUT', '/api/admin/sponsors/settings', { book_rule: rule });
  expect(res.statusCode).toBe(200);
}

describe('who is in the book', () => {
  it('only consenting, confirmed adults; never a minor, whatever their consent', async () => {
    const s = school();
    const start = ctx.config.event.startDate;
    const inBook = await bookPerson(ctx, { school: s });
    const eighteenToday = await bookPerson(ctx, { school: s, ...birthFor(start, 18) });
    await bookPerson(ctx, { school: s, sponsorConsent: false });
    await bookPerson(ctx, { school: s, rsvpStatus: 'declined' });
    await bookPerson(ctx, { school: s, rsvpStatus: null });
    await bookPerson(ctx, { school: s, status: 'waitlisted' });
    await bookPerson(ctx, { school: s, ...birthFor(start, 18, 1) }); // 18 the day after
    await bookPerson(ctx, { school: s, birthYear: null, birthMonth: null, birthDay: null });
    expect(ids(await bookOf(s))).toEqual([inBook.appId, eighteenToday.appId].sort());
  });

  it('checked-in only, when admins choose it; confirmed again after', async () => {
    const s = school();
    const confirmed = await bookPerson(ctx, { school: s });
    const atDoor = await bookPerson(ctx, { school: s }, { checkedIn: true });
    const minorAtDoor = await bookPerson(
      ctx,
      { school: s, ...birthFor(ctx.config.event.startDate, 17) },
      { checkedIn: true },
    );
    await setRule('checked_in');
    try {
      expect(ids(await bookOf(s))).toEqual([atDoor.appId]);
    } finally {
      await setRule('confirmed');
    }
    expect(ids(await bookOf(s))).toEqual([confirmed.appId, atDoor.appId].sort());
    expect(ids(await bookOf(s))).not.toContain(minorAtDoor.appId);
  });

  it('an applicant who withdraws consent leaves the book at once, links already issued too', async () => {
    const s = school();
    const p = await bookPerson(ctx, { school: s });
    const profile = await as('GET', `/api/sponsor/book/${p.appId}`);
    const preview = (profile.json() as { preview: { url: string } }).preview.url;
    expect((await ctx.app.inject({ method: 'GET', url: preview })).statusCode).toBe(200);
    const withdraw = await asUser(ctx, p.token)('PUT', '/api/privacy/consent', { sponsor_consent: false });
    expect(withdraw.statusCode).toBe(200);
    expect(ids(await bookOf(s))).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: preview })).statusCode).toBe(404);
    expect((await as('GET', `/api/sponsor/book/${p.appId}`)).statusCode).toBe(404);
  });
});

describe('what a sponsor is sent', () => {
  const FORBIDDEN_KEY = /e-?mail|phone|birth|gender|race|pronoun|dietary|shirt|address|^age$|^dob$/i;

  function walk(value: unknown, path: string, found: string[]) {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}[${i}]`, found));
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) {
        if (FORBIDDEN_KEY.test(k)) found.push(`${path}.${k}`);
        walk(v, `${path}.${k}`, found);
      }
  }

  it('no e-mail, phone, birth date, gender or race, as keys or as values, in any book answer', async () => {
    const s = school();
    const p = await bookPerson(
      ctx,
      { school: s, major: 'Physics' },
      { answers: { gender: 'prefer-not-to-say', race: 'raceOther', raceOther: 'Zanzibarian-Unique' } },
    );
    await as('PUT', `/api/sponsor/stars/${p.appId}`);
    const bodies = [
      (await as('GET', `/api/sponsor/book?school=${encodeURIComponent(s)}`)).body,
      (await as('GET', '/api/sponsor/book/filters')).body,
      (await as('GET', `/api/sponsor/book/${p.appId}`)).body,
      (await as('POST', `/api/sponsor/book/${p.appId}/download`)).body,
      (await as('GET', '/api/sponsor/me')).body,
    ];
    for (const body of bodies) {
      const found: string[] = [];
      walk(JSON.parse(body), '$', found);
      expect(found).toEqual([]);
      for (const secret of [p.email, p.phone, 'Zanzibarian-Unique', 'prefer-not-to-say'])
        expect(body).not.toContain(secret);
    }
    const entry = (JSON.parse(bodies[0]!) as BookResponse).entries[0] as BookEntry;
    expect(Object.keys(entry).sort()).toEqual(
      [
        'id',
        'name',
        'school',
        'major',
        'graduation_year',
        'linkedin_url',
        'github_url',
        'portfolio_url',
        'has_resume',
        'starred',
      ].sort(),
    );
  });
});

describe('filters, stars and downloads', () => {
  it('filters by major and year, searches name, school and major, never e-mail', async () => {
    const s = school();
    const a = await bookPerson(ctx, { school: s, major: 'Mathematics', firstName: 'Zelda' });
    const b = await bookPerson(ctx, { school: s, major: 'Biology' });
    expect(ids(await bookOf(s, '&major=Mathematics'))).toEqual([a.appId]);
    expect(ids(await bookOf(s, '&search=zeld'))).toEqual([a.appId]);
    expect(ids(await bookOf(s, '&search=biol'))).toEqual([b.appId]);
    expect(ids(await bookOf(s, `&search=${encodeURIComponent(a.email.split('@')[0]!)}`))).toEqual([]);
    expect(ids(await bookOf(s, '&graduation_year=2027'))).toEqual([a.appId, b.appId].sort());
    expect(ids(await bookOf(s, '&graduation_year=1999'))).toEqual([]);
  });

  it('stars are per sponsor account, and only people in the book can be starred', async () => {
    const s = school();
    const p = await bookPerson(ctx, { school: s });
    const out = await bookPerson(ctx, { school: s, sponsorConsent: false });
    expect((await as('PUT', `/api/sponsor/stars/${p.appId}`)).statusCode).toBe(200);
    expect((await as('PUT', `/api/sponsor/stars/${out.appId}`)).statusCode).toBe(404);
    expect(ids(await bookOf(s, '&starred=true'))).toEqual([p.appId]);
    const other = await sponsorSession(ctx, { company: 'Globex' }, admin);
    const theirs = await asUser(ctx, other.token)('GET', `/api/sponsor/book?school=${encodeURIComponent(s)}`);
    expect((theirs.json() as BookResponse).entries.map((e) => [e.id, e.starred])).toEqual([[p.appId, false]]);
    expect((await as('DELETE', `/api/sponsor/stars/${p.appId}`)).statusCode).toBe(200);
    expect(ids(await bookOf(s, '&starred=true'))).toEqual([]);
  });

  it('a profile or download of someone outside the book is 404, as for a made-up id (no IDOR)', async () => {
    const minor = await bookPerson(ctx, { school: school(), ...birthFor(ctx.config.event.startDate, 16) });
    for (const id of [minor.appId, crypto.randomUUID()]) {
      expect((await as('GET', `/api/sponsor/book/${id}`)).statusCode).toBe(404);
      expect((await as('POST', `/api/sponsor/book/${id}/download`)).statusCode).toBe(404);
    }
  });

  it('resume links are signed, short-lived and bound to their person and use', async () => {
    const p = await bookPerson(ctx, { school: school() });
    const other = await bookPerson(ctx, { school: school() });
    const dl = (await as('POST', `/api/sponsor/book/${p.appId}/download`)).json() as {
      url: string;
      expires_at: string;
    };
    expect(Date.parse(dl.expires_at) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    const ok = await ctx.app.inject({ method: 'GET', url: dl.url });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-disposition']).toMatch(/^attachment;/);
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    expect(ok.headers['cache-control']).toBe('no-store');
    expect(ok.body.startsWith('%PDF')).toBe(true);
    for (const forged of [dl.url.replace(p.appId, other.appId), dl.url.replace('d=attachment', 'd=inline')])
      expect((await ctx.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    const expired = dl.url.replace(/expires=\d+/, `expires=${Math.floor(Date.now() / 1000) - 1}`);
    expect((await ctx.app.inject({ method: 'GET', url: expired })).statusCode).toBe(403);
  });

  it('the zip holds exactly the eligible resumes of the selection, or the starred list', async () => {
    const s = school();
    const a = await bookPerson(ctx, { school: s, firstName: 'Test', lastName: 'Alpha' });
    const b = await bookPerson(ctx, { school: s, firstName: 'Test', lastName: 'Beta' });
    const withdrawn = await bookPerson(ctx, { school: s, sponsorConsent: false });
    const res = await as('POST', '/api/sponsor/book/zip', {
      application_ids: [a.appId, b.appId, withdrawn.appId, crypto.randomUUID()],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const names = readZip(res.rawPayload).map((e) => e.name);
    expect(names).toEqual([`Alpha_Test_${a.appId.slice(0, 8)}.pdf`, `Beta_Test_${b.appId.slice(0, 8)}.pdf`]);
    for (const e of readZip(res.rawPayload)) expect(e.data.subarray(0, 4).toString()).toBe('%PDF');

    // A sponsor of their own: the starred list is exactly this test's.
    const fresh = asUser(ctx, (await sponsorSession(ctx, {}, admin)).token);
    await fresh('PUT', `/api/sponsor/stars/${b.appId}`);
    const starred = await fresh('POST', '/api/sponsor/book/zip', { starred: true });
    expect(readZip(starred.rawPayload).map((e) => e.name)).toEqual([`Beta_Test_${b.appId.slice(0, 8)}.pdf`]);

    const none = await as('POST', '/api/sponsor/book/zip', { application_ids: [withdrawn.appId] });
    expect(none.statusCode).toBe(404);
    const tooMany = await as('POST', '/api/sponsor/book/zip', {
      application_ids: Array.from({ length: 1001 }, () => crypto.randomUUID()),
    });
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('audit and activity', () => {
  it('every page, profile and download is recorded, and admins see each sponsor’s counts', async () => {
    const s = await sponsorSession(ctx, { company: 'Initech' }, admin);
    const mine = asUser(ctx, s.token);
    const p = await bookPerson(ctx, { school: school() });
    const q = await bookPerson(ctx, { school: school() });
    await mine('GET', '/api/sponsor/book');
    await mine('GET', `/api/sponsor/book/${p.appId}`);
    await mine('GET', `/api/sponsor/book/${p.appId}`);
    await mine('POST', `/api/sponsor/book/${q.appId}/download`);
    await mine('POST', '/api/sponsor/book/zip', { application_ids: [p.appId, q.appId] });
    const { rows } = await ctx.database.pool.query<{ action: string; target_id: string | null }>(
      `select action, target_id from audit_log where actor_id = $1 order by created_at, id`,
      [s.userId],
    );
    expect(rows.map((r) => r.action)).toEqual([
      'sponsor.book.view',
      'sponsor.resume.view',
      'sponsor.resume.view',
      'sponsor.resume.download',
      'sponsor.resume.download',
      'sponsor.resume.download',
    ]);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/sponsors',
      headers: bearer(admin.token),
    });
    const row = (list.json() as { sponsors: { user_id: string }[] }).sponsors.find(
      (x) => x.user_id === s.userId,
    );
    expect(row).toMatchObject({ company: 'Initech', resumes_viewed: 1, resumes_downloaded: 2 });
    expect((row as unknown as { last_activity_at: string }).last_activity_at).toEqual(expect.any(String));
  });
});
