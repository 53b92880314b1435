import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  auditRows,
  countRows,
  crc32,
  csvObjects,
  parseCsv,
  readZip,
  seedApplication,
  seedApplications,
} from '../../../test/admin';
import { docBytes, docxBytes, pdfBytes, quickUser, uploadResume } from '../../../test/applicant';
import { createAdmin, createTestContext, type TestContext } from '../../../test/helper';
import { buildApplication } from '../../../test/factories';
import { users } from '../../db/schema/index';

let ctx: TestContext;
let admin: { token: string; email: string };
let call: ReturnType<typeof asUser>;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx);
  call = asUser(ctx, admin.token);
});
afterAll(() => ctx.close());

/** What a spreadsheet-safe export must write for a value: formula-leading text gets a leading '. */
function neutral(value: string): string {
  return /^[=+\-@;\t\r]/.test(value) ? `'${value}` : value;
}

const HOSTILE = [
  "=cmd|' /C calc'!A0",
  '+1',
  '-2',
  '@SUM(1)',
  ';=1+1',
  '\tTabbed',
  '\rCarriage return',
  '=HYPERLINK("http://evil.example","click")',
  'He said "hi"',
  'a,b,c',
  'line1\nline2\r\nline3\r',
  'Zoë Łukasz 你好',
  "'already quoted",
  '  spaced  ',
  '',
];

interface CsvResponse {
  status: number;
  headers: Record<string, unknown>;
  raw: Buffer;
  rows: Record<string, string>[];
  header: string[];
}

async function getCsv(url: string): Promise<CsvResponse> {
  const res = await call('GET', url);
  const raw = res.rawPayload;
  if (res.statusCode !== 200)
    return { status: res.statusCode, headers: res.headers, raw, rows: [], header: [] };
  const text = raw.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const records = parseCsv(text.slice(1));
  return { status: 200, headers: res.headers, raw, rows: csvObjects(records), header: records[0]! };
}

async function listIds(query: string): Promise<string[]> {
  const res = await call('GET', `/api/admin/applications?limit=200${query ? `&${query}` : ''}`);
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body.pages).toBe(1);
  return body.applications.map((a: { _id: string }) => a._id).sort();
}

describe('GET /api/export/applications/csv', () => {
  const hostileIds: string[] = [];
  beforeAll(async () => {
    const rows = await seedApplications(ctx, HOSTILE.length, (i) => {
      const v = HOSTILE[i]!;
      return {
        role: 'hacker',
        status: 'waitlisted',
        firstName: v,
        lastName: v,
        school: v,
        major: v,
        phone: v,
        answers: {
          backgroundQuestion: v,
          whyAttendQuestion: v,
          householdObjectQuestion: v,
          dietaryRestrictions: v,
          howDidYouHear: v,
          expertiseAreas: [v, 'plain'],
        },
        submittedAt: new Date(Date.UTC(2025, 2, 1, 0, i)),
      };
    });
    hostileIds.push(...rows.map((r) => r.id));
    // Some ordinary applications for the filters.
    await seedApplications(ctx, 6, (i) => ({
      role: i % 3 === 0 ? 'mentor' : 'hacker',
      status: (['accepted', 'rejected', 'pending', 'submitted', 'accepted', 'waitlisted'] as const)[i],
      firstName: `Plain${i}`,
      lastName: 'Person',
      school: i < 3 ? 'Export State' : 'Other College',
      major: 'History',
      isHighSchool: i === 4,
      birthYear: i === 5 ? 2007 : 1999,
      birthMonth: 9,
      birthDay: 20,
      rsvpStatus: i === 1 ? 'maybe' : null,
      submittedAt: new Date(Date.UTC(2025, 3, 1 + i, 12)),
    }));
  });

  it('is a UTF-8 CSV with a BOM, a safe download name and headers', async () => {
    const csv = await getCsv('/api/export/applications/csv');
    expect(csv.status).toBe(200);
    expect(csv.raw.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="applications_export_\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.csv"$/,
    );
    expect(csv.headers['x-content-type-options']).toBe('nosniff');
    expect(csv.header.slice(0, 6)).toEqual(['id', 'role', 'status', 'first_name', 'last_name', 'email']);
    expect(csv.header).toEqual(
      expect.arrayContaining(['school', 'major', 'background', 'why_attend', 'rsvp_status', 'submitted_at']),
    );
    expect(csv.rows).toHaveLength(HOSTILE.length + 6);
  });

  it('round-trips hostile cells exactly; formula-leading cells come back with a leading apostrophe', async () => {
    const csv = await getCsv('/api/export/applications/csv');
    const byId = new Map(csv.rows.map((r) => [r.id, r]));
    for (const [i, id] of hostileIds.entries()) {
      const v = HOSTILE[i]!;
      const row = byId.get(id);
      expect(row, `row for ${JSON.stringify(v)}`).toBeDefined();
      const want = neutral(v);
      expect({
        v,
        first_name: row!.first_name,
        last_name: row!.last_name,
        school: row!.school,
        major: row!.major,
        phone: row!.phone,
        background: row!.background,
        why_attend: row!.why_attend,
        household_object: row!.household_object,
        dietary_restrictions: row!.dietary_restrictions,
        how_did_you_hear: row!.how_did_you_hear,
        expertise_areas: row!.expertise_areas,
      }).toEqual({
        v,
        first_name: want,
        last_name: want,
        school: want,
        major: want,
        phone: want,
        background: want,
        why_attend: want,
        household_object: want,
        dietary_restrictions: want,
        how_did_you_hear: want,
        expertise_areas: neutral(`${v}; plain`),
      });
      expect(row!.status).toBe('waitlisted');
      expect(row!.rsvp_status).toBe('no_response');
      expect(row!.resume).toBe('no');
    }
    // No cell anywhere in the file starts a formula.
    for (const row of csv.rows) {
      for (const [column, cell] of Object.entries(row)) {
        expect({ column, bad: /^[=+\-@;\t\r]/.test(cell) }).toEqual({ column, bad: false });
      }
    }
  });

  it('writes ages on the event day, booleans and ISO timestamps', async () => {
    const csv = await getCsv('/api/export/applications/csv?search=Plain5');
    expect(csv.rows).toHaveLength(1);
    expect(csv.rows[0]).toMatchObject({
      first_name: 'Plain5',
      birth_date: '2007-09-20',
      age_on_event_day: '17',
      is_high_school: 'false',
      submitted_at: '2025-04-06T12:00:00.000Z',
    });
    const adult = await getCsv('/api/export/applications/csv?search=Plain0');
    expect(adult.rows[0]).toMatchObject({ birth_date: '1999-09-20', age_on_event_day: '25' });
    const unknown = await getCsv(`/api/export/applications/csv?search=${encodeURIComponent('a,b,c')}`);
    expect(unknown.rows[0]).toMatchObject({ birth_date: '', age_on_event_day: '' });
  });

  it('applies the same filters as the list', async () => {
    const queries = [
      'role=mentor',
      'status=accepted&status=rejected',
      'status[]=pending&status[]=submitted',
      'school=export%20state',
      'search=plain',
      'search=%2B1',
      'is_high_school=true',
      'age_under_18=true',
      'age_under_18=false',
      'rsvp_status=maybe',
      'rsvp_status=no_response&role=hacker',
      'date_start=2025-04-02&date_end=2025-04-04',
      'search=&status=',
      'major=history&role=hacker&status=accepted',
    ];
    for (const q of queries) {
      const csv = await getCsv(`/api/export/applications/csv?${q}`);
      expect({ q, status: csv.status }).toEqual({ q, status: 200 });
      const exported = csv.rows.map((r) => r.id).sort();
      expect({ q, ids: exported }).toEqual({ q, ids: await listIds(q) });
    }
    expect((await getCsv('/api/export/applications/csv?role=mentor')).rows.map((r) => r.role)).toEqual([
      'mentor',
      'mentor',
    ]);
    const none = await getCsv('/api/export/applications/csv?search=no-such-applicant');
    expect(none.rows).toEqual([]);
    expect(none.header[0]).toBe('id');
  });

  it('refuses unknown fields, paging fields and bad values', async () => {
    for (const q of ['foo=1', 'page=1', 'limit=10', 'status=nope', 'date_end=2025-13-01']) {
      const res = await call('GET', `/api/export/applications/csv?${q}`);
      expect({ q, status: res.statusCode }).toEqual({ q, status: 400 });
    }
  });

  it('refuses an out-of-range date with 400 naming it, not a 200 holding only the header', async () => {
    for (const q of ['date_end=9999-12-31', 'date_start=1999-12-31']) {
      const res = await call('GET', `/api/export/applications/csv?${q}`);
      expect({ q, status: res.statusCode }).toEqual({ q, status: 400 });
      expect(res.json()).toEqual({
        error: `${q.split('=')[0]}: Use a date between 2000-01-01 and 2100-12-31`,
        code: 'validation_error',
      });
    }
  });

  it('records each export in the audit log with its filters', async () => {
    const before = (await auditRows(ctx, 'export')).length;
    await getCsv('/api/export/applications/csv?role=mentor&status=accepted');
    const rows = (await auditRows(ctx, 'export')).slice(before);
    expect(rows).toEqual([
      {
        actor_email: admin.email,
        action: 'export.applications',
        target_type: 'export',
        target_id: null,
        before: null,
        after: { role: ['mentor'], status: ['accepted'] },
      },
    ]);
  });
});

describe('GET /api/export/users/csv', () => {
  const HOSTILE_EMAILS = [
    "=cmd|' /C calc'!A0@csv.test",
    '+1@csv.test',
    '-2@csv.test',
    '@sum(1)@csv.test',
    '\ttab@csv.test',
    '\rcr@csv.test',
    '"q",c@csv.test',
    'zoë.łukasz.你好@csv.test',
  ];
  const ids = new Map<string, string>();
  beforeAll(async () => {
    const rows = await ctx.database.db
      .insert(users)
      .values(HOSTILE_EMAILS.map((email) => ({ email, passwordHash: 'x', role: 'mentor' as const })))
      .returning({ id: users.id, email: users.email });
    for (const r of rows) ids.set(r.email, r.id);
  });

  it('round-trips hostile e-mails, with a BOM and a users_export name', async () => {
    const csv = await getCsv('/api/export/users/csv');
    expect(csv.status).toBe(200);
    expect(csv.raw.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="users_export_\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.csv"$/,
    );
    expect(csv.header).toEqual([
      'id',
      'email',
      'role',
      'application_status',
      'application_id',
      'email_verified',
      'created_at',
    ]);
    const byId = new Map(csv.rows.map((r) => [r.id, r]));
    for (const email of HOSTILE_EMAILS) {
      const row = byId.get(ids.get(email)!);
      expect({ email, cell: row?.email }).toEqual({ email, cell: neutral(email) });
      expect(row).toMatchObject({ role: 'mentor', application_status: 'not_started', application_id: '' });
    }
    expect(csv.rows).toHaveLength(await countRows(ctx, 'select 1 from users'));
  });

  it('applies the list filters, in the list order', async () => {
    const { userId: pendingUserId } = await buildApplication(ctx.database.db, {
      status: 'submitted',
      firstName: 'U',
      lastName: 'C',
      user: { emailVerifiedAt: null },
    });
    await seedApplication(ctx, { status: 'accepted' });
    for (const q of [
      'role=mentor',
      'role=hacker&role=admin',
      'status=accepted',
      'status=pending',
      'status=not_started&role=mentor',
      'search=csv.test',
      'search=',
    ]) {
      const csv = await getCsv(`/api/export/users/csv?${q}`);
      expect({ q, status: csv.status }).toEqual({ q, status: 200 });
      const list = await call('GET', `/api/admin/users?limit=200&${q}`);
      expect(list.json().pages).toBe(1);
      expect({ q, ids: csv.rows.map((r) => r.id) }).toEqual({
        q,
        ids: list.json().users.map((u: { _id: string }) => u._id),
      });
    }
    const pending = await getCsv('/api/export/users/csv?status=pending');
    expect(pending.rows.find((r) => r.id === pendingUserId)).toMatchObject({
      application_status: 'pending',
      email_verified: 'false',
    });
    for (const q of ['page=2', 'status=in_progress', 'bogus=1']) {
      expect((await call('GET', `/api/export/users/csv?${q}`)).statusCode).toBe(400);
    }
  });
});

describe('POST /api/export/resumes/zip', () => {
  it('zips exactly the resumes asked for, under names the server builds, byte for byte', async () => {
    const people = [
      {
        first: 'Zoë',
        last: '../../evil',
        file: { name: '../../evil.pdf', bytes: Buffer.concat([pdfBytes(), Buffer.from('zoe')]) },
      },
      {
        first: 'Ada',
        last: 'Lovelace',
        file: { name: 'cv.docx', type: 'application/octet-stream', bytes: docxBytes() },
      },
      {
        first: '..',
        last: '/etc/passwd',
        file: { name: 'C:\\x\\..\\cv.doc', type: 'application/msword', bytes: docBytes() },
      },
    ];
    const apps: { id: string; bytes: Buffer }[] = [];
    for (const p of people) {
      const u = await quickUser(ctx, 'hacker');
      const resume = await uploadResume(ctx.app, u.token, p.file);
      const { id } = await buildApplication(ctx.database.db, {
        userId: u.id,
        firstName: p.first,
        lastName: p.last,
        resumeUploadId: resume.name,
      });
      apps.push({ id, bytes: p.file.bytes });
    }
    const noResume = await seedApplication(ctx, { firstName: 'No', lastName: 'Resume' });

    const ids = [...apps.map((a) => a.id), noResume.id, crypto.randomUUID(), apps[0]!.id];
    const res = await call('POST', '/api/export/resumes/zip', { application_ids: ids });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="resumes_\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.zip"$/,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');

    const entries = readZip(res.rawPayload);
    const short = (i: number) => apps[i]!.id.slice(0, 8);
    const expected = new Map([
      [`evil_Zoe_${short(0)}.pdf`, apps[0]!.bytes],
      [`Lovelace_Ada_${short(1)}.docx`, apps[1]!.bytes],
      [`etc_passwd_applicant_${short(2)}.doc`, apps[2]!.bytes],
    ]);
    expect(entries.map((e) => e.name).sort()).toEqual([...expected.keys()].sort());
    for (const e of entries) {
      expect(e.name).toMatch(/^[A-Za-z0-9_-]+_[0-9a-f]{8}\.(pdf|docx|doc)$/);
      expect(e.name).not.toMatch(/\.\.|[/\\]/);
      expect(e.method).toBe(0);
      expect(e.data.equals(expected.get(e.name)!)).toBe(true);
      expect(e.crc32).toBe(crc32(e.data));
    }

    const audit = await auditRows(ctx, 'export');
    expect(audit.at(-1)).toMatchObject({
      actor_email: admin.email,
      action: 'export.resumes',
      after: { files: 3 },
    });
  });

  it('404 no_resumes when none of them has a resume; 400 for too many or bad ids', async () => {
    const noResume = await seedApplication(ctx, { firstName: 'Still', lastName: 'None' });
    const res = await call('POST', '/api/export/resumes/zip', {
      application_ids: [noResume.id, crypto.randomUUID()],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: 'None of the selected applications has a resume.',
      code: 'no_resumes',
    });
    const tooMany = Array.from({ length: 10_001 }, () => crypto.randomUUID());
    expect((await call('POST', '/api/export/resumes/zip', { application_ids: tooMany })).statusCode).toBe(
      400,
    );
    expect((await call('POST', '/api/export/resumes/zip', { application_ids: [] })).statusCode).toBe(400);
    expect((await call('POST', '/api/export/resumes/zip', { application_ids: ['../../x'] })).statusCode).toBe(
      400,
    );
  });
});

describe('large exports', () => {
  async function exportedIds(query: string): Promise<string[]> {
    const csv = await getCsv(`/api/export/applications/csv?${query}`);
    expect(csv.status).toBe(200);
    return csv.rows.map((r) => r.id);
  }

  it('pages through more than 1,000 applications with equal timestamps: each exactly once', async () => {
    const at = [new Date('2025-05-01T10:00:00.000Z'), new Date('2025-05-01T10:00:00.001Z')];
    const rows = await seedApplications(ctx, 2_050, (i) => ({
      school: 'Batch University',
      submittedAt: at[i < 1_500 ? 0 : 1],
    }));
    const ids = await exportedIds('school=Batch%20University');
    expect(ids).toHaveLength(2_050);
    expect(new Set(ids).size).toBe(2_050);
    expect([...ids].sort()).toEqual(rows.map((r) => r.id).sort());
  });

  it('also with the database’s own microsecond timestamps', async () => {
    const rows = await seedApplications(ctx, 1_200, () => ({ school: 'Microsecond College' }));
    // One statement: every row has the same now(), which has microseconds.
    await ctx.database.pool.query(
      "update applications set submitted_at = now() where school = 'Microsecond College'",
    );
    const ids = await exportedIds('school=Microsecond%20College');
    expect(ids).toHaveLength(1_200);
    expect(new Set(ids).size).toBe(1_200);
    expect([...ids].sort()).toEqual(rows.map((r) => r.id).sort());
  });

  it('the users export pages through more than 1,000 users', async () => {
    const csv = await getCsv('/api/export/users/csv');
    const total = await countRows(ctx, 'select 1 from users');
    expect(total).toBeGreaterThan(3_000);
    expect(csv.rows).toHaveLength(total);
    expect(new Set(csv.rows.map((r) => r.id)).size).toBe(total);
  });
});
