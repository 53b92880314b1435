import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BADGES_UNPRINTABLE_HEADER } from '@lanyard/shared/badges';
import { ensureCjkFont } from '../../../../../scripts/ensure-debian-package.mjs';
import { asUser, auditRows, seedApplication } from '../../../test/admin';
import { setSettings } from '../../../test/applicant';
import { createRecord, createVolunteer } from '../../../test/checkin';
import { bearer, createAdmin, createTestContext, type TestContext } from '../../../test/helper';
import { readPdf, rectangleCount } from '../../../test/pdf';

/** The fonts a PDF embeds, by name (pdfkit names a subset `ABCDEF+<font>`). */
const baseFonts = (bytes: Buffer) =>
  [...bytes.toString('latin1').matchAll(/\/BaseFont \/(\S+)/g)].map((m) => m[1]!);

// DejaVu has no CJK glyphs: the CJK names below need the fallback a machine may lack. Installing
// it on a fresh machine (apt-get update first) takes longer than a hook's default 10 s.
beforeAll(() => {
  ensureCjkFont();
}, 300_000);

describe('POST /api/checkin/badges.pdf', () => {
  let ctx: TestContext;
  let admin: { token: string; email: string };
  /** Seven people: three confirmed attendees (linked, with codes), four made at the desk. */
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await createAdmin(ctx);
    await setSettings(ctx, { hacker_decisions_released: true, mentor_decisions_released: true });
    const attendees = [
      { firstName: 'Anastasia', lastName: 'Aa', preferredName: 'Анастасия', pronoun: 'She/Her' },
      { firstName: 'Sokratis', lastName: 'Ab', preferredName: 'Σωκράτης', pronoun: 'He/Him' },
      { firstName: 'Grace', lastName: 'Ac', preferredName: null, pronoun: null },
    ];
    for (const a of attendees) {
      const seeded = await seedApplication(ctx, { status: 'accepted', rsvpStatus: 'accepted', ...a });
      const { rows } = await ctx.database.pool.query<{ id: string }>(
        'select id from checkin_records where application_id = $1',
        [seeded.id],
      );
      ids[a.firstName] = rows[0]!.id;
    }
    for (const [firstName, role] of [
      ['Zoë', 'sponsor'],
      ['Judith', 'judge'],
      ['Mentorina', 'mentor'],
      ['Walker', 'hacker'],
      ['Orla', 'organiser'],
    ] as const) {
      const r = await createRecord(ctx, admin.token, { firstName, lastName: `Desk${firstName}`, role });
      ids[firstName] = r._id;
    }
  });
  afterAll(() => ctx.close());

  const badges = (body: unknown, token = admin.token) =>
    asUser(ctx, token)('POST', '/api/checkin/badges.pdf', body);

  it.each([
    ['a4-2x3', 2],
    ['a4-2x4', 1],
    ['letter-2x3', 2],
    ['letter-2x4', 1],
    ['single', 8],
  ])('%s: everyone on the list in %i page(s), names in any script DejaVu covers', async (layout, pages) => {
    const res = await badges({ scope: 'confirmed', layout });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="badges-${layout}.pdf"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.pages).toBe(pages);
    const all = pdf.text.join('\n');
    for (const name of ['Анастасия', 'Σωκράτης', 'Grace', 'Zoë', 'Judith', 'Mentorina', 'Walker', 'Orla'])
      expect(all).toContain(name);
    for (const role of ['HACKER', 'SPONSOR', 'JUDGE', 'MENTOR', 'ORGANISER']) expect(all).toContain(role);
    expect(all).toContain('She/Her');
  });

  it('one per page, in name order: the preferred name leads, else the first name', async () => {
    const pdf = await readPdf((await badges({ scope: 'confirmed', layout: 'single' })).rawPayload);
    // Last names Aa, Ab, Ac, then the desk records' Desk...
    expect(pdf.text[0]).toContain('Анастасия');
    expect(pdf.text[1]).toContain('Σωκράτης');
    expect(pdf.text[2]).toContain('Grace');
    expect(pdf.text[0]).not.toContain('Anastasia');
  });

  it('draws a door code only for a confirmed attendee; a desk record prints without one', async () => {
    const linked = await badges({ scope: 'selected', layout: 'single', ids: [ids.Grace] });
    const desk = await badges({ scope: 'selected', layout: 'single', ids: [ids.Walker] });
    expect((await readPdf(linked.rawPayload)).text[0]).toContain('Grace');
    expect((await readPdf(desk.rawPayload)).text[0]).toContain('Walker');
    // The code is a few hundred dark runs; a badge without one draws its role band and little else.
    expect(rectangleCount(linked.rawPayload)).toBeGreaterThan(100);
    expect(rectangleCount(desk.rawPayload)).toBeLessThan(5);
  });

  it('prints the checked-in only, or a selection; audits who asked, the scope and the count', async () => {
    const checkIn = await asUser(ctx, admin.token)('PUT', `/api/checkin/records/${ids.Zoë}/checkin`, {
      checked_in: true,
    });
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    const res = await badges({ scope: 'checked_in', layout: 'single' });
    expect(res.statusCode, res.body).toBe(200);
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.pages).toBe(1);
    expect(pdf.text[0]).toContain('Zoë');

    const picked = await badges({ scope: 'selected', layout: 'a4-2x4', ids: [ids.Judith, ids.Anastasia] });
    const [page] = (await readPdf(picked.rawPayload)).text;
    expect(page).toContain('Judith');
    expect(page).toContain('Анастасия');
    expect(page).not.toContain('Walker');

    const rows = (await auditRows(ctx, 'checkin_record')).filter((r) => r.action === 'checkin.badges');
    expect(rows.at(-1)).toMatchObject({
      actor_email: admin.email,
      after: { scope: 'selected', layout: 'a4-2x4', count: 2, ids: 2 },
    });
    expect(rows).toContainEqual(
      expect.objectContaining({ after: { scope: 'checked_in', layout: 'single', count: 1 } }),
    );
  });

  it('says so when nobody matches (404 no_badges), and unknown ids print nobody', async () => {
    const res = await badges({
      scope: 'selected',
      layout: 'single',
      ids: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('no_badges');
  });

  it('is for admins only: a volunteer and an applicant 403, nobody signed in 401', async () => {
    const volunteer = await createVolunteer(ctx, admin.token);
    expect((await badges({ scope: 'confirmed', layout: 'single' }, volunteer.token)).statusCode).toBe(403);
    const applicant = await seedApplication(
      ctx,
      { status: 'accepted', rsvpStatus: 'accepted' },
      { sessions: true },
    );
    expect((await badges({ scope: 'confirmed', layout: 'single' }, applicant.token!)).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/checkin/badges.pdf',
      payload: { scope: 'confirmed', layout: 'single' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('sets a Hebrew or Arabic name right to left, its words in order and spaced', async () => {
    // pdfkit lays each word out on its own, so a right-to-left name of two words came out with
    // them in left-to-right order and the space moved to the front: "לאה שרה" for Sarah Leah.
    const sarah = await createRecord(ctx, admin.token, {
      firstName: 'שרה לאה',
      lastName: 'Desk',
      role: 'hacker',
    });
    const abdullah = await createRecord(ctx, admin.token, {
      firstName: 'عبد الله',
      lastName: 'Desk',
      role: 'mentor',
    });
    const res = await badges({ scope: 'selected', layout: 'a4-2x3', ids: [sarah._id, abdullah._id] });
    expect(res.statusCode, res.body).toBe(200);
    const [page] = (await readPdf(res.rawPayload)).text;
    expect(page).toContain('שרה לאה');
    expect(page).toContain('عبد الله');
  });

  it('sets a Chinese or Japanese name in the installed CJK font, a Latin one in DejaVu alone', async () => {
    // DejaVu has no CJK glyphs: without the fallback (the README's fonts table) these print as boxes.
    const wang = await createRecord(ctx, admin.token, {
      firstName: '王小明',
      lastName: 'DeskWang',
      role: 'hacker',
    });
    const sakura = await createRecord(ctx, admin.token, {
      firstName: 'さくら',
      lastName: 'DeskSato',
      role: 'mentor',
    });
    const res = await badges({ scope: 'selected', layout: 'a4-2x3', ids: [wang._id, sakura._id] });
    expect(res.statusCode, res.body).toBe(200);
    const [page] = (await readPdf(res.rawPayload)).text;
    expect(page).toContain('王小明');
    expect(page).toContain('さくら');
    expect(baseFonts(res.rawPayload).some((f) => !f.includes('DejaVu'))).toBe(true);

    const latin = await badges({ scope: 'selected', layout: 'single', ids: [ids.Walker] });
    expect(baseFonts(latin.rawPayload).every((f) => f.includes('DejaVu'))).toBe(true);
  });

  it('counts the badges that would print boxes in a header: a Devanagari name, a Thai pronoun', async () => {
    const made = await Promise.all(
      [
        { firstName: 'अनन्या', lastName: 'DeskSharma' },
        { firstName: 'Somchai', lastName: 'DeskThai', pronoun: 'เขา' },
        { firstName: '李娜', lastName: 'DeskLi' },
        { firstName: 'Ελένη', lastName: 'DeskGreek', preferred_name: 'Łucja' },
      ].map((r) => createRecord(ctx, admin.token, { ...r, role: 'hacker' })),
    );
    const res = await badges({ scope: 'selected', layout: 'single', ids: made.map((r) => r._id) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers[BADGES_UNPRINTABLE_HEADER]).toBe('2');
    const fine = await badges({ scope: 'selected', layout: 'single', ids: [made[2]!._id, made[3]!._id] });
    expect(fine.headers[BADGES_UNPRINTABLE_HEADER]).toBe('0');
  });

  it.each([
    ['an unknown layout', { scope: 'confirmed', layout: 'a3-3x3' }],
    ['an unknown scope', { scope: 'everyone', layout: 'single' }],
    ['a selection without ids', { scope: 'selected', layout: 'single' }],
    ['an empty selection', { scope: 'selected', layout: 'single', ids: [] }],
    ['ids that are not ids', { scope: 'selected', layout: 'single', ids: ['1; drop table users'] }],
    [
      'more than 1,000 ids',
      { scope: 'selected', layout: 'single', ids: Array(1001).fill(crypto.randomUUID()) },
    ],
    ['ids with another scope', { scope: 'confirmed', layout: 'single', ids: [crypto.randomUUID()] }],
    ['an unknown field', { scope: 'confirmed', layout: 'single', color: 'red' }],
    ['no body', undefined],
  ])('refuses %s with 400', async (_, body) => {
    const res = await badges(body);
    expect(res.statusCode, res.body).toBe(400);
  });
});

describe('badges under an event title no font has', () => {
  let ctx: TestContext;
  let admin: { token: string; email: string };

  beforeAll(async () => {
    ctx = await createTestContext({}, (config) => ({
      ...config,
      event: { ...config.event, name: 'हैकथॉन', edition: '2026' },
    }));
    admin = await createAdmin(ctx);
  });
  afterAll(() => ctx.close());

  it('counts every badge as printing boxes, Latin names included', async () => {
    const made = await Promise.all(
      ['Ada', 'Grace', 'Linus'].map((firstName) =>
        createRecord(ctx, admin.token, { firstName, lastName: 'Desk', role: 'hacker' }),
      ),
    );
    const res = await asUser(ctx, admin.token)('POST', '/api/checkin/badges.pdf', {
      scope: 'selected',
      layout: 'single',
      ids: made.map((r) => r._id),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers[BADGES_UNPRINTABLE_HEADER]).toBe('3');
  });
});

describe('GET /api/applications/me/pass.pdf', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await setSettings(ctx, { hacker_decisions_released: true, mentor_decisions_released: false });
  });
  afterAll(() => ctx.close());

  const pass = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/applications/me/pass.pdf', headers: bearer(token) });

  it('a confirmed attendee gets one page: the event, their name, the code and what to do with it', async () => {
    const attendee = await seedApplication(
      ctx,
      { status: 'accepted', rsvpStatus: 'accepted', firstName: 'Dmitri', preferredName: 'Дима' },
      { sessions: true },
    );
    const res = await pass(attendee.token!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="pass.pdf"');
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.pages).toBe(1);
    expect(pdf.text[0]).toContain('Дима');
    expect(pdf.text[0]).toContain(ctx.config.event.name);
    expect(pdf.text[0]).toContain('Show this at the door');
    expect(rectangleCount(res.rawPayload)).toBeGreaterThan(100);

    const kenji = await seedApplication(
      ctx,
      { status: 'accepted', rsvpStatus: 'accepted', firstName: 'Kenji', preferredName: '健二' },
      { sessions: true },
    );
    expect((await readPdf((await pass(kenji.token!)).rawPayload)).text[0]).toContain('健二');
  });

  it('anyone without a door code gets 404 no_qr, as for /me/qr', async () => {
    for (const columns of [
      { status: 'accepted' as const, rsvpStatus: null },
      { status: 'waitlisted' as const, rsvpStatus: 'accepted' as const },
      { status: 'accepted' as const, rsvpStatus: 'declined' as const },
    ]) {
      const who = await seedApplication(ctx, columns, { sessions: true });
      const res = await pass(who.token!);
      expect(res.statusCode).toBe(404);
      const qr = await ctx.app.inject({
        method: 'GET',
        url: '/api/applications/me/qr',
        headers: bearer(who.token!),
      });
      expect(res.json()).toEqual(qr.json());
      expect(res.json().code).toBe('no_qr');
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/applications/me/pass.pdf' })).statusCode).toBe(
      401,
    );
  });
});
