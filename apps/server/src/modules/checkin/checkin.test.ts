import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkinRecordSchema, type CheckinRecord } from '@lanyard/shared/checkin';
import { asUser, auditRows, countRows, seedApplication } from '../../../test/admin';
import { checkinRows, createRecord, createVolunteer, recordBody } from '../../../test/checkin';
import { createAdmin, createTestContext, type TestContext } from '../../../test/helper';

let ctx: TestContext;
let admin: { token: string; email: string };
let other: { token: string; email: string };
let call: ReturnType<typeof asUser>;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx);
  other = await createAdmin(ctx);
  call = asUser(ctx, admin.token);
});
afterAll(() => ctx.close());

async function dbRow(id: string) {
  const { rows } = await ctx.database.pool.query<{
    checked_in: boolean;
    checked_in_at: Date | null;
    checked_in_by_email: string | null;
  }>('select checked_in, checked_in_at, checked_in_by_email from checkin_records where id = $1', [id]);
  return rows[0];
}

async function getRecord(id: string): Promise<CheckinRecord> {
  const { rows } = await ctx.database.pool.query<{ email: string }>(
    'select email from checkin_records where id = $1',
    [id],
  );
  const res = await call('GET', `/api/checkin/records?search=${encodeURIComponent(rows[0]!.email)}`);
  const found = (res.json() as { records: CheckinRecord[] }).records.find((r) => r._id === id);
  if (!found) throw new Error(`record ${id} not listed`);
  return found;
}

describe('POST /api/checkin/records', () => {
  it('creates a record (201) with every field, lower-casing the e-mail', async () => {
    const res = await call(
      'POST',
      '/api/checkin/records',
      recordBody({
        firstName: '  Ada ',
        email: 'Ada.Lovelace.Create@Example.ORG',
        major: 'Mathematics',
        birthYear: '1999',
        birthMonth: 'Dec',
        birthDay: 10,
        isHighSchool: 'no',
        preferred_name: 'Ada',
        pronoun: 'She/Her',
        linkedin_url: 'https://www.linkedin.com/in/ada',
        github_url: 'https://github.com/ada',
        gender: 'female',
        race: 'white',
        shirtSize: 'm',
        travelFrom: 'London, UK',
        role: 'mentor + judge',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const record = checkinRecordSchema.parse(res.json());
    expect(record).toMatchObject({
      application_id: null,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada.lovelace.create@example.org',
      phone: '+1 555 010 2030',
      school_name: 'Riverside University',
      role: 'mentor + judge',
      major: 'Mathematics',
      birthYear: 1999,
      birthMonth: 12,
      birthDay: 10,
      isHighSchool: false,
      preferred_name: 'Ada',
      pronoun: 'She/Her',
      linkedin_url: 'https://www.linkedin.com/in/ada',
      github_url: 'https://github.com/ada',
      gender: 'female',
      race: 'white',
      shirtSize: 'm',
      travelFrom: 'London, UK',
      checked_in: false,
      checked_in_at: null,
      checked_in_by_email: null,
    });
    expect(Date.parse(record.created_at)).not.toBeNaN();
    expect(await getRecord(record._id)).toEqual(record);
  });

  it('leaves optional fields empty (null) when not given', async () => {
    const record = await createRecord(ctx, admin.token);
    expect(record).toMatchObject({
      major: null,
      birthYear: null,
      birthMonth: null,
      birthDay: null,
      isHighSchool: null,
      linkedin_url: null,
      github_url: null,
    });
  });

  it('writes an audit row with the creator and the record', async () => {
    const record = await createRecord(ctx, admin.token, { lastName: 'Audited' });
    const rows = await auditRows(ctx, 'checkin_record', record._id);
    expect(rows).toEqual([
      expect.objectContaining({
        actor_email: admin.email,
        action: 'checkin.create',
        target_id: record._id,
        before: null,
        after: expect.objectContaining({ _id: record._id, lastName: 'Audited', email: record.email }),
      }),
    ]);
  });

  it('400 "Missing fields: ..." naming exactly the required fields left out or empty, creating nothing', async () => {
    const before = await countRows(ctx, 'select 1 from checkin_records');
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'firstName, lastName, email, phone, school_name, role'],
      [{ firstName: 'Only', email: 'only@example.org' }, 'lastName, phone, school_name, role'],
      [recordBody({ phone: undefined }), 'phone'],
      [recordBody({ role: undefined, school_name: undefined }), 'school_name, role'],
      // Blank, whitespace-only and null count as missing.
      [recordBody({ firstName: '', lastName: '   ', role: '' }), 'firstName, lastName, role'],
      [recordBody({ email: null, school_name: null }), 'email, school_name'],
    ];
    for (const [body, names] of cases) {
      const res = await call('POST', '/api/checkin/records', body);
      expect({ names, status: res.statusCode }).toEqual({ names, status: 400 });
      expect(res.json()).toEqual({ error: `Missing fields: ${names}`, code: 'missing_fields' });
    }
    expect(await countRows(ctx, 'select 1 from checkin_records')).toBe(before);
  });

  it('birthMonth takes 1-12 (number or text) or a month name or abbreviation', async () => {
    const cases: [unknown, number | null][] = [
      [9, 9],
      ['9', 9],
      ['09', 9],
      ['Sep', 9],
      ['sep.', 9],
      ['Sept', 9],
      ['September', 9],
      ['SEPTEMBER', 9],
      [' march ', 3],
      ['Jan', 1],
      [12, 12],
      ['', null],
      [null, null],
    ];
    for (const [given, month] of cases) {
      const res = await call('POST', '/api/checkin/records', recordBody({ birthMonth: given }));
      expect({ given, status: res.statusCode }).toEqual({ given, status: 201 });
      expect({ given, month: res.json().birthMonth }).toEqual({ given, month });
    }
  });

  it('refuses a birthMonth that is not a month ("Smarch", 13, 0, "Ma"), creating nothing', async () => {
    const before = await countRows(ctx, 'select 1 from checkin_records');
    for (const given of ['Smarch', 13, 0, '13', 'Ma', 'Juneteenth', 9.5, '-1', true]) {
      const res = await call('POST', '/api/checkin/records', recordBody({ birthMonth: given }));
      expect({ given, status: res.statusCode }).toEqual({ given, status: 400 });
      expect(res.json().code).toBe('validation_error');
      expect(res.json().error).toMatch(/^birthMonth: /);
    }
    expect(await countRows(ctx, 'select 1 from checkin_records')).toBe(before);
  });

  it('isHighSchool takes yes/no/true/false (text or boolean)', async () => {
    const cases: [unknown, boolean | null][] = [
      ['yes', true],
      ['no', false],
      ['Yes', true],
      ['NO', false],
      ['true', true],
      ['false', false],
      [true, true],
      [false, false],
      ['', null],
    ];
    for (const [given, expected] of cases) {
      const res = await call('POST', '/api/checkin/records', recordBody({ isHighSchool: given }));
      expect({ given, status: res.statusCode }).toEqual({ given, status: 201 });
      expect({ given, value: res.json().isHighSchool }).toEqual({ given, value: expected });
    }
    const bad = await call('POST', '/api/checkin/records', recordBody({ isHighSchool: 'maybe' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^isHighSchool: /);
  });

  it('refuses links that are not http(s), such as javascript: URLs', async () => {
    const before = await countRows(ctx, 'select 1 from checkin_records');
    for (const [field, url] of [
      ['linkedin_url', 'javascript:alert(1)'],
      ['github_url', 'JavaScript:alert(document.cookie)'],
      ['github_url', ' javascript:alert(1)'],
      ['linkedin_url', 'data:text/html,<script>alert(1)</script>'],
      ['linkedin_url', 'linkedin.com/in/ada'],
      ['github_url', 'https://github.com/ada\njavascript:alert(1)'],
    ] as const) {
      const res = await call('POST', '/api/checkin/records', recordBody({ [field]: url }));
      expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
      expect(res.json().error).toContain(`${field}: Links must start with http:// or https://`);
    }
    expect(await countRows(ctx, 'select 1 from checkin_records')).toBe(before);
    const ok = await call(
      'POST',
      '/api/checkin/records',
      recordBody({ github_url: 'http://github.com/ada' }),
    );
    expect(ok.statusCode).toBe(201);
  });

  it('refuses a birth year or day the database cannot hold with a 400 naming it (not a 500)', async () => {
    const before = await countRows(ctx, 'select 1 from checkin_records');
    for (const [field, value] of [
      ['birthYear', 40000],
      ['birthYear', '1e20'],
      ['birthDay', -99999],
    ] as const) {
      const res = await call('POST', '/api/checkin/records', recordBody({ [field]: value }));
      expect({ field, value, status: res.statusCode }).toEqual({ field, value, status: 400 });
      expect(res.json()).toEqual({ error: `${field}: Number out of range`, code: 'validation_error' });
    }
    expect(await countRows(ctx, 'select 1 from checkin_records')).toBe(before);
    const record = await createRecord(ctx, admin.token, { birthYear: 2004 });
    const edit = await call('PUT', `/api/checkin/records/${record._id}`, { birthYear: 99999 });
    expect(edit.statusCode).toBe(400);
    expect((await getRecord(record._id)).birthYear).toBe(2004);
  });

  it('refuses unknown fields, check-in state and bad types', async () => {
    for (const extra of [
      { nickname: 'x' },
      { checked_in: true },
      { checked_in_by_email: 'someone@example.org' },
      { role: 'admin' },
      { firstName: 42 },
      { birthYear: 'nineteen' },
    ]) {
      const res = await call('POST', '/api/checkin/records', recordBody(extra));
      expect({ extra, status: res.statusCode }).toEqual({ extra, status: 400 });
    }
    const { rows } = await ctx.database.pool.query('select 1 from checkin_records where checked_in');
    expect(rows).toEqual([]);
  });
});

describe('PUT /api/checkin/records/:id', () => {
  it('changes the fields given and keeps every other one', async () => {
    const record = await createRecord(ctx, admin.token, {
      major: 'Physics',
      birthMonth: 4,
      isHighSchool: true,
      github_url: 'https://github.com/keep',
    });
    const res = await call('PUT', `/api/checkin/records/${record._id}`, {
      phone: '+44 20 7946 0000',
      birthMonth: 'Dec',
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = checkinRecordSchema.parse(res.json());
    const { updated_at: _u, phone: _p, birthMonth: _b, ...rest } = record;
    expect(updated).toMatchObject({ ...rest, phone: '+44 20 7946 0000', birthMonth: 12 });
    expect(Date.parse(updated.updated_at)).toBeGreaterThanOrEqual(Date.parse(record.updated_at));
    expect(await getRecord(record._id)).toEqual(updated);
  });

  it('can clear an optional field with null or ""', async () => {
    const record = await createRecord(ctx, admin.token, {
      major: 'Physics',
      linkedin_url: 'https://x.example/a',
    });
    const res = await call('PUT', `/api/checkin/records/${record._id}`, { major: null, linkedin_url: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ major: null, linkedin_url: null, firstName: record.firstName });
  });

  it('refuses to empty a required field, naming it, and changes nothing', async () => {
    const record = await createRecord(ctx, admin.token);
    for (const [body, names] of [
      [{ firstName: '' }, 'firstName'],
      [{ email: '   ', phone: 'new phone' }, 'email'],
      [{ school_name: null, lastName: '' }, 'lastName, school_name'],
    ] as const) {
      const res = await call('PUT', `/api/checkin/records/${record._id}`, body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
      expect(res.json()).toEqual({ error: `Missing fields: ${names}`, code: 'missing_fields' });
    }
    expect(await getRecord(record._id)).toEqual(record);
  });

  it('ignores _id, timestamps, check-in state and the application link in the body', async () => {
    const record = await createRecord(ctx, admin.token);
    const res = await call('PUT', `/api/checkin/records/${record._id}`, {
      ...record,
      _id: crypto.randomUUID(),
      created_at: '2000-01-01T00:00:00.000Z',
      updated_at: '2000-01-01T00:00:00.000Z',
      checked_in: true,
      checked_in_at: '2000-01-01T00:00:00.000Z',
      checked_in_by_email: 'forger@example.org',
      application_id: crypto.randomUUID(),
      lastName: 'Edited',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      _id: record._id,
      created_at: record.created_at,
      lastName: 'Edited',
      checked_in: false,
      checked_in_at: null,
      checked_in_by_email: null,
      application_id: null,
    });
    expect(await dbRow(record._id)).toEqual({
      checked_in: false,
      checked_in_at: null,
      checked_in_by_email: null,
    });
  });

  it('validates fields as a create does', async () => {
    const record = await createRecord(ctx, admin.token);
    for (const body of [
      { birthMonth: 'Smarch' },
      { linkedin_url: 'javascript:alert(1)' },
      { isHighSchool: 'perhaps' },
    ]) {
      const res = await call('PUT', `/api/checkin/records/${record._id}`, body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
    }
    expect(await getRecord(record._id)).toEqual(record);
  });

  it('writes an audit row with before and after', async () => {
    const record = await createRecord(ctx, admin.token, { shirtSize: 's' });
    const res = await call('PUT', `/api/checkin/records/${record._id}`, { shirtSize: 'xl' });
    expect(res.statusCode).toBe(200);
    const rows = await auditRows(ctx, 'checkin_record', record._id);
    expect(rows.map((r) => r.action)).toEqual(['checkin.create', 'checkin.update']);
    expect(rows[1]).toMatchObject({
      actor_email: admin.email,
      before: expect.objectContaining({ shirtSize: 's' }),
      after: expect.objectContaining({ shirtSize: 'xl' }),
    });
  });

  it('404 for a record that does not exist, 400 for an id that is not a UUID', async () => {
    const missing = await call('PUT', `/api/checkin/records/${crypto.randomUUID()}`, { phone: '1' });
    expect(missing.statusCode).toBe(404);
    const bad = await call('PUT', '/api/checkin/records/not-a-uuid', { phone: '1' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('PUT /api/checkin/records/:id/checkin', () => {
  it('checks in: sets checked_in_at and checked_in_by_email (the caller), with an audit row', async () => {
    const record = await createRecord(ctx, admin.token);
    const t0 = Date.now();
    const res = await call('PUT', `/api/checkin/records/${record._id}/checkin`, { checked_in: true });
    expect(res.statusCode, res.body).toBe(200);
    const after = checkinRecordSchema.parse(res.json());
    expect(after).toMatchObject({ _id: record._id, checked_in: true, checked_in_by_email: admin.email });
    const at = Date.parse(after.checked_in_at!);
    expect(at).toBeGreaterThanOrEqual(t0 - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    const row = await dbRow(record._id);
    expect(row).toEqual({ checked_in: true, checked_in_at: new Date(at), checked_in_by_email: admin.email });
    const audits = await auditRows(ctx, 'checkin_record', record._id);
    expect(audits.at(-1)).toMatchObject({
      actor_email: admin.email,
      action: 'checkin.check_in',
      before: { checked_in: false },
      after: { checked_in: true, at: after.checked_in_at },
    });
  });

  it('a second check-in is 409 already_checked_in naming who did it and when; nothing changes', async () => {
    const record = await createRecord(ctx, admin.token);
    const first = await call('PUT', `/api/checkin/records/${record._id}/checkin`, { checked_in: true });
    expect(first.statusCode).toBe(200);
    const at = first.json().checked_in_at as string;
    const again = await asUser(ctx, other.token)('PUT', `/api/checkin/records/${record._id}/checkin`, {
      checked_in: true,
    });
    expect(again.statusCode).toBe(409);
    // With the record as it is now, for the desk to show who and when in its own time zone.
    expect(again.json()).toEqual({
      error: `Already checked in by ${admin.email} at ${at}.`,
      code: 'already_checked_in',
      record: first.json(),
    });
    expect(await dbRow(record._id)).toEqual({
      checked_in: true,
      checked_in_at: new Date(at),
      checked_in_by_email: admin.email,
    });
    const audits = await auditRows(ctx, 'checkin_record', record._id);
    expect(audits.filter((a) => a.action === 'checkin.check_in')).toHaveLength(1);
  });

  it('undo clears checked_in_at and checked_in_by_email, with an audit row; a second undo is 409', async () => {
    const record = await createRecord(ctx, admin.token);
    expect(
      (await call('PUT', `/api/checkin/records/${record._id}/checkin`, { checked_in: true })).statusCode,
    ).toBe(200);
    const undo = await asUser(ctx, other.token)('PUT', `/api/checkin/records/${record._id}/checkin`, {
      checked_in: false,
    });
    expect(undo.statusCode).toBe(200);
    expect(undo.json()).toMatchObject({ checked_in: false, checked_in_at: null, checked_in_by_email: null });
    expect(await dbRow(record._id)).toEqual({
      checked_in: false,
      checked_in_at: null,
      checked_in_by_email: null,
    });
    const audits = await auditRows(ctx, 'checkin_record', record._id);
    expect(audits.at(-1)).toMatchObject({
      actor_email: other.email,
      action: 'checkin.undo',
      before: { checked_in: true },
      after: { checked_in: false },
    });

    const again = await call('PUT', `/api/checkin/records/${record._id}/checkin`, { checked_in: false });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('not_checked_in');
    expect(
      (await auditRows(ctx, 'checkin_record', record._id)).filter((a) => a.action === 'checkin.undo'),
    ).toHaveLength(1);

    // And it can be checked in again afterwards, by someone else.
    const redo = await asUser(ctx, other.token)('PUT', `/api/checkin/records/${record._id}/checkin`, {
      checked_in: true,
    });
    expect(redo.statusCode).toBe(200);
    expect(redo.json().checked_in_by_email).toBe(other.email);
  });

  it('undo of a record never checked in is 409 not_checked_in', async () => {
    const record = await createRecord(ctx, admin.token);
    const res = await call('PUT', `/api/checkin/records/${record._id}/checkin`, { checked_in: false });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: expect.any(String), code: 'not_checked_in' });
    expect(await dbRow(record._id)).toEqual({
      checked_in: false,
      checked_in_at: null,
      checked_in_by_email: null,
    });
  });

  it('two desks checking in the same person at once: exactly one wins, the others are told who', async () => {
    const record = await createRecord(ctx, admin.token);
    const callers = [admin, other, admin, other, admin];
    const results = await Promise.all(
      callers.map((c) =>
        asUser(ctx, c.token)('PUT', `/api/checkin/records/${record._id}/checkin`, { checked_in: true }),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json() as CheckinRecord;
    expect([admin.email, other.email]).toContain(winner.checked_in_by_email);
    for (const loser of results.filter((r) => r.statusCode === 409)) {
      expect(loser.json()).toEqual({
        error: `Already checked in by ${winner.checked_in_by_email} at ${winner.checked_in_at}.`,
        code: 'already_checked_in',
        record: winner,
      });
    }
    expect(await dbRow(record._id)).toEqual({
      checked_in: true,
      checked_in_at: new Date(winner.checked_in_at!),
      checked_in_by_email: winner.checked_in_by_email,
    });
    const audits = await auditRows(ctx, 'checkin_record', record._id);
    expect(audits.filter((a) => a.action === 'checkin.check_in')).toHaveLength(1);
  });

  it('404 for a record that does not exist; 400 for a body that is not {checked_in: boolean}', async () => {
    const missing = await call('PUT', `/api/checkin/records/${crypto.randomUUID()}/checkin`, {
      checked_in: true,
    });
    expect(missing.statusCode).toBe(404);
    const record = await createRecord(ctx, admin.token);
    for (const body of [{}, { checked_in: 'true' }, { checked_in: true, by: 'x' }]) {
      const res = await call('PUT', `/api/checkin/records/${record._id}/checkin`, body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
    }
    expect((await dbRow(record._id))!.checked_in).toBe(false);
  });
});

describe('records of confirmed attendees, and POST /api/checkin/import-rsvps', () => {
  it('each accepted applicant who confirmed has one record with the application’s details, no import needed; the import then finds nothing to do and keeps check-ins', async () => {
    const confirmedHacker = await seedApplication(ctx, {
      role: 'hacker',
      status: 'accepted',
      rsvpStatus: 'accepted',
      firstName: 'Rsvp',
      lastName: 'Hacker',
      phone: '555-0100',
      school: 'Form University',
      schoolName: 'RSVP University',
      major: 'Biology',
      isHighSchool: false,
      birthYear: 2001,
      birthMonth: 5,
      birthDay: 6,
      shirtSize: 'l',
      preferredName: 'Rsvpy',
      pronoun: 'They/Them',
      githubUrl: 'https://github.com/rsvp',
      answers: { gender: 'other', race: 'asian', travelFrom: 'Boston, MA' },
    });
    const confirmedMentor = await seedApplication(ctx, {
      role: 'mentor',
      status: 'accepted',
      rsvpStatus: 'accepted',
      firstName: 'Rsvp',
      lastName: 'Mentor',
      school: 'Example Corp',
    });
    const noRsvp = await seedApplication(ctx, { status: 'accepted', rsvpStatus: null });
    const declined = await seedApplication(ctx, { status: 'accepted', rsvpStatus: 'declined' });
    const maybe = await seedApplication(ctx, { status: 'accepted', rsvpStatus: 'maybe' });
    const waitlisted = await seedApplication(ctx, { status: 'waitlisted', rsvpStatus: 'accepted' });
    const rejected = await seedApplication(ctx, { status: 'rejected', rsvpStatus: 'accepted' });
    const unlinkedBefore = await countRows(ctx, 'select 1 from checkin_records where application_id is null');

    const linked = (await checkinRows(ctx)).filter((r) => r.application_id !== null);
    expect(linked.map((r) => r.application_id).sort()).toEqual(
      [confirmedHacker.id, confirmedMentor.id].sort(),
    );
    for (const absent of [noRsvp, declined, maybe, waitlisted, rejected])
      expect(linked.find((r) => r.application_id === absent.id)).toBeUndefined();

    const hackerRecord = await getRecord(linked.find((r) => r.application_id === confirmedHacker.id)!.id);
    expect(hackerRecord).toMatchObject({
      application_id: confirmedHacker.id,
      firstName: 'Rsvp',
      lastName: 'Hacker',
      email: confirmedHacker.email,
      phone: '555-0100',
      school_name: 'RSVP University',
      role: 'hacker',
      major: 'Biology',
      birthYear: 2001,
      birthMonth: 5,
      birthDay: 6,
      isHighSchool: false,
      preferred_name: 'Rsvpy',
      pronoun: 'They/Them',
      github_url: 'https://github.com/rsvp',
      gender: 'other',
      race: 'asian',
      shirtSize: 'l',
      travelFrom: 'Boston, MA',
      checked_in: false,
    });
    const mentorRecord = await getRecord(linked.find((r) => r.application_id === confirmedMentor.id)!.id);
    // Without an RSVP school name, the application's school is used.
    expect(mentorRecord).toMatchObject({ role: 'mentor', school_name: 'Example Corp', lastName: 'Mentor' });

    const res = await call('POST', '/api/checkin/import-rsvps');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 0, updated: 0, removed: 0 });

    // Checked in at the door, then the import runs again.
    const checkin = await call('PUT', `/api/checkin/records/${hackerRecord._id}/checkin`, {
      checked_in: true,
    });
    expect(checkin.statusCode).toBe(200);
    const checkedIn = await dbRow(hackerRecord._id);

    const again = await call('POST', '/api/checkin/import-rsvps');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ created: 0, updated: 0, removed: 0 });
    const linkedAgain = (await checkinRows(ctx)).filter((r) => r.application_id !== null);
    expect(linkedAgain.map((r) => r.id).sort()).toEqual(linked.map((r) => r.id).sort());
    expect(await dbRow(hackerRecord._id)).toEqual(checkedIn);
    expect((await dbRow(mentorRecord._id))!.checked_in).toBe(false);
    expect(await countRows(ctx, 'select 1 from checkin_records where application_id is null')).toBe(
      unlinkedBefore,
    );

    const audits = (await auditRows(ctx, 'checkin_record')).filter(
      (a) => a.action === 'checkin.import_rsvps',
    );
    expect(audits.map((a) => a.after)).toEqual([
      { created: 0, updated: 0, removed: 0 },
      { created: 0, updated: 0, removed: 0 },
    ]);
    expect(audits.every((a) => a.actor_email === admin.email)).toBe(true);
  });

  it('the import is for admins only: a volunteer gets 403 and nothing changes', async () => {
    const confirmed = await seedApplication(ctx, { status: 'accepted', rsvpStatus: 'accepted' });
    // A record out of step, as only a bypassed database sync could leave it.
    await ctx.database.pool.query('delete from checkin_records where application_id = $1', [confirmed.id]);
    const before = await countRows(ctx, 'select 1 from checkin_records');
    const volunteer = await createVolunteer(ctx, admin.token);
    const res = await asUser(ctx, volunteer.token)('POST', '/api/checkin/import-rsvps');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
    expect(await countRows(ctx, 'select 1 from checkin_records')).toBe(before);
    // The admin's run repairs it.
    const run = await call('POST', '/api/checkin/import-rsvps');
    expect(run.json()).toEqual({ created: 1, updated: 0, removed: 0 });
  });
});
