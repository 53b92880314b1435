import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkinRecordSchema } from '@lanyard/shared/checkin';
import type { EventConfig } from '@lanyard/shared/event';
import { asUser, seedApplication } from '../../../test/admin';
import { setSettings } from '../../../test/applicant';
import { createVolunteer } from '../../../test/checkin';
import { bearer, createAdmin, createTestContext, outboxFor, type TestContext } from '../../../test/helper';
import { makeQrToken, readQrToken } from './qr';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('makeQrToken / readQrToken', () => {
  const secret = crypto.randomBytes(32).toString('hex');
  const event = {
    name: 'Testhacks',
    edition: '2025',
    startDate: '2025-09-19',
    endDate: '2025-09-21',
  } as EventConfig;
  const id = crypto.randomUUID();
  const token = makeQrToken(secret, event, id);

  it('round-trips the application id, and the same id always gives the same code', () => {
    expect(readQrToken(secret, event, token)).toBe(id);
    expect(makeQrToken(secret, event, id)).toBe(token);
    expect(token).toMatch(/^LY1\.[A-Za-z0-9_-]+$/);
    // A scanner may add a newline or spaces around it.
    expect(readQrToken(secret, event, ` ${token}\n`)).toBe(id);
    const another = crypto.randomUUID();
    expect(readQrToken(secret, event, makeQrToken(secret, event, another))).toBe(another);
    expect(makeQrToken(secret, event, another)).not.toBe(token);
  });

  it('refuses the code with any one character changed, wherever it is', () => {
    for (let i = 0; i < token.length; i++) {
      for (const c of `${ALPHABET}=.+/ `) {
        if (c === token[i]) continue;
        const altered = token.slice(0, i) + c + token.slice(i + 1);
        if (altered.trim() === token) continue; // only the surrounding whitespace changed
        expect({ altered, read: readQrToken(secret, event, altered) }).toEqual({ altered, read: undefined });
      }
    }
  });

  it('refuses the code with anything added or removed', () => {
    for (const altered of [
      `${token}A`,
      `${token}=`,
      `${token}.`,
      `${token}.extra`,
      `${token}${token.slice(4)}`,
      token.slice(0, -1),
      token.slice(0, -4),
      `LY1..${token.slice(4)}`,
      `LY1.${token.slice(4, 20)} ${token.slice(20)}`,
    ]) {
      expect({ altered, read: readQrToken(secret, event, altered) }).toEqual({ altered, read: undefined });
    }
  });

  it('refuses a code made for another event (name, edition or start date) or under another secret', () => {
    for (const other of [
      { ...event, name: 'Otherhacks' },
      { ...event, edition: '2026' },
      { ...event, startDate: '2026-09-19' },
    ]) {
      expect(readQrToken(secret, other, token)).toBeUndefined();
      expect(readQrToken(secret, event, makeQrToken(secret, other, id))).toBeUndefined();
    }
    const otherSecret = crypto.randomBytes(32).toString('hex');
    expect(readQrToken(otherSecret, event, token)).toBeUndefined();
    expect(readQrToken(secret, event, makeQrToken(otherSecret, event, id))).toBeUndefined();
  });

  it('refuses garbage, another prefix and a plain application id', () => {
    const data = token.slice(4);
    for (const garbage of [
      '',
      ' ',
      'LY1',
      'LY1.',
      '.',
      'hello world',
      id,
      `LY1.${id}`,
      `LY1.${Buffer.from(id.replace(/-/g, ''), 'hex').toString('base64url')}`,
      `LY2.${data}`,
      `ly1.${data}`,
      `XX1.${data}`,
      data,
      `LY1.${crypto.randomBytes(44).toString('base64url')}`,
      `LY1.${'A'.repeat(59)}`,
      `LY1.${'\u00e9'.repeat(59)}`,
    ]) {
      expect({ garbage, read: readQrToken(secret, event, garbage) }).toEqual({ garbage, read: undefined });
    }
  });

  it('does not carry the application id in clear (hex, base64 or base64url of it)', () => {
    const hex = id.replace(/-/g, '');
    const bytes = Buffer.from(hex, 'hex');
    const lower = token.toLowerCase();
    for (const form of [id, hex, id.slice(0, 8), id.slice(-12)])
      expect(lower).not.toContain(form.toLowerCase());
    const encodings = [
      bytes.toString('base64'),
      bytes.toString('base64url'),
      Buffer.from(id).toString('base64'),
      Buffer.from(id).toString('base64url'),
      Buffer.from(hex).toString('base64url'),
    ];
    for (const enc of encodings) {
      // Any 8-character stretch of the encoding (base64 may start at another byte offset).
      for (let k = 0; k + 8 <= enc.length - 2; k += 4)
        expect({ enc, part: enc.slice(k, k + 8), inToken: token.includes(enc.slice(k, k + 8)) }).toEqual({
          enc,
          part: enc.slice(k, k + 8),
          inToken: false,
        });
    }
    // Base64 of the bytes at each of the three byte alignments.
    for (let shift = 0; shift < 3; shift++) {
      const shifted = Buffer.concat([Buffer.alloc(shift), bytes])
        .toString('base64url')
        .slice(4, -4);
      expect(token).not.toContain(shifted);
    }
  });
});

describe('POST /api/checkin/scan and GET /api/applications/me/qr', () => {
  let ctx: TestContext;
  let admin: { token: string; email: string };
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await createAdmin(ctx);
    await setSettings(ctx, { hacker_decisions_released: true, mentor_decisions_released: false });
  });
  afterAll(() => ctx.close());

  async function qrOf(token: string) {
    return ctx.app.inject({ method: 'GET', url: '/api/applications/me/qr', headers: bearer(token) });
  }

  function scan(token: string, as = admin.token) {
    return asUser(ctx, as)('POST', '/api/checkin/scan', { token });
  }

  it('an accepted hacker who confirmed, with decisions released, gets a code; the desk scans it to the record', async () => {
    const hacker = await seedApplication(
      ctx,
      { status: 'accepted', rsvpStatus: 'accepted', firstName: 'Qr', lastName: 'Holder' },
      { sessions: true },
    );
    const qr = await qrOf(hacker.token!);
    expect(qr.statusCode, qr.body).toBe(200);
    const { token } = qr.json() as { token: string };
    expect(readQrToken(ctx.config.sessionSecret, ctx.config.event, token)).toBe(hacker.id);
    // The same code every time.
    expect((await qrOf(hacker.token!)).json()).toEqual({ token });

    // Their record is waiting at the door already: nobody imports anything (decision 014).
    const found = await scan(token);
    expect(found.statusCode, found.body).toBe(200);
    const record = checkinRecordSchema.parse(found.json());
    expect(record).toMatchObject({
      application_id: hacker.id,
      firstName: 'Qr',
      lastName: 'Holder',
      email: hacker.email,
      checked_in: false,
    });

    // A volunteer at the door can scan too.
    const volunteer = await createVolunteer(ctx, admin.token);
    const byVolunteer = await scan(`  ${token}\n`, volunteer.token);
    expect(byVolunteer.statusCode).toBe(200);
    expect(byVolunteer.json()._id).toBe(record._id);
  });

  it("an attendee's RSVP e-mail carries their code as an image our server draws; forged codes are not drawn", async () => {
    const hacker = await seedApplication(
      ctx,
      { status: 'accepted', firstName: 'Mail', lastName: 'Qr' },
      { sessions: true },
    );
    await setSettings(ctx, {
      hacker_decisions_released: true,
      mentor_decisions_released: false,
      rsvp_open: true,
    });
    const rsvp = await asUser(ctx, hacker.token!)('POST', '/api/applications/rsvp', {
      response: 'accepted',
      preferredName: 'Mail Q.',
      schoolName: 'MIT',
      pronoun: 'She/Her',
      liabilityWaiverAccepted: true,
      photoClearanceAccepted: true,
    });
    expect(rsvp.statusCode, rsvp.body).toBe(200);
    const [mail] = await outboxFor(ctx, hacker.email, 'rsvp_recorded');
    const url = /https?:\/\/\S+\/api\/checkin\/qr\/(LY1\.[\w-]+)/.exec(mail!.text_body);
    expect(url, mail!.text_body).not.toBeNull();
    expect(readQrToken(ctx.config.sessionSecret, ctx.config.event, url![1]!)).toBe(hacker.id);
    const html = await ctx.database.pool.query<{ html_body: string }>(
      'select html_body from email_outbox where id = $1',
      [mail!.id],
    );
    expect(html.rows[0]!.html_body).toContain(`/api/checkin/qr/${url![1]}`);
    // Beside the image, a link to the pass page (offline once opened, and its PDF).
    expect(mail!.text_body).toContain(`${ctx.config.publicUrl}/pass`);
    expect(html.rows[0]!.html_body).toContain(`<a href="${ctx.config.publicUrl}/pass">Save my pass</a>`);

    const image = await ctx.app.inject({ method: 'GET', url: `/api/checkin/qr/${url![1]}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    const forged = await ctx.app.inject({ method: 'GET', url: `/api/checkin/qr/${url![1]!.slice(0, -2)}AA` });
    expect(forged.statusCode).toBe(404);
  });

  it('a forged, altered or foreign code is 404 invalid_qr', async () => {
    const hacker = await seedApplication(
      ctx,
      { status: 'accepted', rsvpStatus: 'accepted' },
      { sessions: true },
    );
    const { token } = (await qrOf(hacker.token!)).json() as { token: string };
    const last = token.at(-1)!;
    const flipped = token.slice(0, -1) + (last === 'A' ? 'B' : 'A');
    const foreign = makeQrToken(
      ctx.config.sessionSecret,
      { ...ctx.config.event, name: 'Another Hackathon' },
      hacker.id,
    );
    const otherSecret = makeQrToken(crypto.randomBytes(32).toString('hex'), ctx.config.event, hacker.id);
    for (const bad of [
      flipped,
      `${token}.x`,
      foreign,
      otherSecret,
      hacker.id,
      'LY1.garbage',
      `LY2.${token.slice(4)}`,
    ]) {
      const res = await scan(bad);
      expect({ bad, status: res.statusCode }).toEqual({ bad, status: 404 });
      expect(res.json().code).toBe('invalid_qr');
    }
    for (const body of [{}, { token: '' }, { token: 'x'.repeat(201) }, { token, extra: 1 }]) {
      const res = await asUser(ctx, admin.token)('POST', '/api/checkin/scan', body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
    }
  });

  it('no code (404 no_qr) unless accepted, released and RSVP accepted', async () => {
    const cases = [
      { role: 'hacker', status: 'accepted', rsvpStatus: null },
      { role: 'hacker', status: 'accepted', rsvpStatus: 'declined' },
      { role: 'hacker', status: 'accepted', rsvpStatus: 'maybe' },
      { role: 'hacker', status: 'waitlisted', rsvpStatus: 'accepted' },
      { role: 'hacker', status: 'rejected', rsvpStatus: 'accepted' },
      { role: 'hacker', status: 'pending', rsvpStatus: 'accepted' },
      // Mentor decisions are not released in this file.
      { role: 'mentor', status: 'accepted', rsvpStatus: 'accepted' },
    ] as const;
    for (const c of cases) {
      const a = await seedApplication(ctx, c, { sessions: true });
      const res = await qrOf(a.token!);
      expect({ c, status: res.statusCode }).toEqual({ c, status: 404 });
      expect(res.json().code).toBe('no_qr');
    }
  });

  it('hacker decisions unreleased: no code, even for an accepted, confirmed hacker; mentors once released', async () => {
    const hacker = await seedApplication(
      ctx,
      { status: 'accepted', rsvpStatus: 'accepted' },
      { sessions: true },
    );
    const mentor = await seedApplication(
      ctx,
      { role: 'mentor', status: 'accepted', rsvpStatus: 'accepted' },
      { sessions: true },
    );
    try {
      await setSettings(ctx, { hacker_decisions_released: false, mentor_decisions_released: true });
      expect((await qrOf(hacker.token!)).statusCode).toBe(404);
      const mentorQr = await qrOf(mentor.token!);
      expect(mentorQr.statusCode).toBe(200);
      expect(readQrToken(ctx.config.sessionSecret, ctx.config.event, mentorQr.json().token)).toBe(mentor.id);
    } finally {
      await setSettings(ctx, { hacker_decisions_released: true, mentor_decisions_released: false });
    }
    expect((await qrOf(hacker.token!)).statusCode).toBe(200);
  });

  it('an applicant without an application gets 404; staff and anonymous callers cannot ask', async () => {
    const bare = await seedApplication(
      ctx,
      { status: 'accepted', rsvpStatus: 'accepted' },
      { sessions: true },
    );
    await ctx.database.pool.query('delete from applications where id = $1', [bare.id]);
    expect((await qrOf(bare.token!)).statusCode).toBe(404);
    expect((await qrOf(admin.token)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/applications/me/qr' })).statusCode).toBe(401);
  });

  it('applicants cannot scan', async () => {
    const hacker = await seedApplication(
      ctx,
      { status: 'accepted', rsvpStatus: 'accepted' },
      { sessions: true },
    );
    const { token } = (await qrOf(hacker.token!)).json() as { token: string };
    const res = await scan(token, hacker.token!);
    expect(res.statusCode).toBe(403);
  });
});
