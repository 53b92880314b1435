import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKIN_CSV_COLUMNS } from '@lanyard/shared/checkin';
import { asUser, auditRows } from '../../../test/admin';
import { checkinRows, createRecord, uploadCsv } from '../../../test/checkin';
import { createAdmin, createTestContext, type TestContext } from '../../../test/helper';
import {
  BASIC,
  csv,
  CSV_PASSWORD as PASSWORD,
  recordsByEmail,
  storedRecords,
} from '../../../test/checkin-csv';

// A fresh admin per test (createAdmin): uploads are rate limited per user (20 per 10 minutes).
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ CHECKIN_UPLOAD_PASSWORD: PASSWORD });
});
afterAll(() => ctx.close());

describe('POST /api/checkin/upload-csv: appending', () => {
  it('imports every row (processed_count), with month names and yes/no booleans', async () => {
    const admin = await createAdmin(ctx);
    const before = (await checkinRows(ctx)).length;
    const file = csv(
      [...BASIC, 'birthMonth', 'isHighSchool', 'role'],
      [
        ['Ann', 'Month', 'Ann.Month@Example.org', '555-0001', 'North High', 'Sep', 'yes', ''],
        ['Ben', 'Month', 'ben.month@example.org', '555-0002', 'South U', 'September', 'no', 'mentor'],
        ['Cid', 'Month', 'cid.month@example.org', '555-0003', 'East U', '3', 'TRUE', 'judge'],
        ['Dee', 'Month', 'dee.month@example.org', '555-0004', 'West U', 'dec.', 'false', 'mentor + judge'],
        ['Eve', 'Month', 'eve.month@example.org', '555-0005', 'Mid U', '', '', 'sponsor'],
        ['Fay', 'Month', 'fay.month@example.org', '555-0006', 'Mid U', 'Jan', '0', 'HACKER'.toLowerCase()],
        ['Gil', 'Month', 'gil.month@example.org', '555-0007', 'Mid U', 'Feb', 'no', 'organiser'],
        ['Hal', 'Month', 'hal.month@example.org', '555-0008', 'Mid U', 'Mar', 'no', 'organizer'],
      ],
    );
    const res = await uploadCsv(ctx, admin.token, { csv: file, password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ processed_count: 8, replaced: false });
    expect((await checkinRows(ctx)).length).toBe(before + 8);

    const got = await recordsByEmail(ctx, admin.token);
    const pick = (email: string) => {
      const r = got.get(email)!;
      return [r.firstName, r.birthMonth, r.isHighSchool, r.role, r.checked_in];
    };
    expect(pick('ann.month@example.org')).toEqual(['Ann', 9, true, 'hacker', false]);
    expect(pick('ben.month@example.org')).toEqual(['Ben', 9, false, 'mentor', false]);
    expect(pick('cid.month@example.org')).toEqual(['Cid', 3, true, 'judge', false]);
    expect(pick('dee.month@example.org')).toEqual(['Dee', 12, false, 'mentor + judge', false]);
    expect(pick('eve.month@example.org')).toEqual(['Eve', null, null, 'sponsor', false]);
    expect(pick('fay.month@example.org')).toEqual(['Fay', 1, false, 'hacker', false]);
    expect(pick('gil.month@example.org')).toEqual(['Gil', 2, false, 'organiser', false]);
    expect(pick('hal.month@example.org')).toEqual(['Hal', 3, false, 'organiser', false]);

    const audits = (await auditRows(ctx, 'checkin_record')).filter((a) => a.action === 'checkin.csv_append');
    expect(audits.at(-1)).toMatchObject({ actor_email: admin.email, after: { processed_count: 8 } });
  });

  it('reads every check-in CSV column in its order, quoted cells, a BOM and CRLF line ends', async () => {
    const admin = await createAdmin(ctx);
    const values: Record<(typeof CHECKIN_CSV_COLUMNS)[number], string> = {
      email: 'full.columns@example.org',
      major: 'Computer Science, Minor in Art',
      phone: '+1 (555) 010-9999',
      birthYear: '2002',
      isHighSchool: 'No',
      preferred_name: 'Fully',
      school_name: 'Riverside University',
      pronoun: 'They/Them',
      linkedin_url: 'https://www.linkedin.com/in/full',
      github_url: 'https://github.com/full',
      birthDay: '29',
      birthMonth: 'February',
      firstName: 'Full',
      gender: 'prefer-not-to-say',
      lastName: 'Columns',
      race: 'asian',
      shirtSize: 'xl',
      travelFrom: 'Boston, MA',
    };
    const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
    const file =
      '\uFEFF' +
      csv(
        [...CHECKIN_CSV_COLUMNS],
        [CHECKIN_CSV_COLUMNS.map((c) => (/[, ]/.test(values[c]) ? quote(values[c]) : values[c]))],
        '\r\n',
      );
    const res = await uploadCsv(ctx, admin.token, { csv: file, password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ processed_count: 1, replaced: false });
    const record = (await recordsByEmail(ctx, admin.token)).get('full.columns@example.org');
    expect(record).toMatchObject({
      application_id: null,
      firstName: 'Full',
      lastName: 'Columns',
      email: 'full.columns@example.org',
      phone: '+1 (555) 010-9999',
      school_name: 'Riverside University',
      role: 'hacker',
      major: 'Computer Science, Minor in Art',
      birthYear: 2002,
      birthMonth: 2,
      birthDay: 29,
      isHighSchool: false,
      preferred_name: 'Fully',
      pronoun: 'They/Them',
      linkedin_url: 'https://www.linkedin.com/in/full',
      github_url: 'https://github.com/full',
      gender: 'prefer-not-to-say',
      race: 'asian',
      shirtSize: 'xl',
      travelFrom: 'Boston, MA',
      checked_in: false,
    });
  });

  it('takes the form fields after the file as well as before it, and a .CSV name', async () => {
    const admin = await createAdmin(ctx);
    const file = csv(BASIC, [['Late', 'Fields', 'late.fields@example.org', '1', 'U']]);
    const res = await uploadCsv(ctx, admin.token, {
      csv: file,
      password: PASSWORD,
      fileFirst: true,
      filename: 'EXPORT.CSV',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ processed_count: 1, replaced: false });
  });

  it('needs only firstName, lastName and email; phone and school default to empty', async () => {
    const admin = await createAdmin(ctx);
    const res = await uploadCsv(ctx, admin.token, {
      csv: csv(['email', 'lastName', 'firstName'], [['  minimal@example.org ', ' Minimal ', 'Min']]),
      password: PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await recordsByEmail(ctx, admin.token)).get('minimal@example.org')).toMatchObject({
      firstName: 'Min',
      lastName: 'Minimal',
      phone: '',
      school_name: '',
      role: 'hacker',
    });
  });

  it('a header-only file imports nothing (processed_count 0)', async () => {
    const admin = await createAdmin(ctx);
    const before = await storedRecords(ctx);
    const res = await uploadCsv(ctx, admin.token, { csv: BASIC.join(',') + '\n', password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ processed_count: 0, replaced: false });
    expect(await storedRecords(ctx)).toEqual(before);
  });
});

describe('POST /api/checkin/upload-csv: replacing', () => {
  it('replace_existing=true removes every old record (check-ins too) in favour of the file', async () => {
    const admin = await createAdmin(ctx);
    const old = await createRecord(ctx, admin.token, { lastName: 'Old' });
    await asUser(ctx, admin.token)('PUT', `/api/checkin/records/${old._id}/checkin`, { checked_in: true });
    const file = csv(BASIC, [
      ['New', 'One', 'new.one@example.org', '1', 'U'],
      ['New', 'Two', 'new.two@example.org', '2', 'U'],
    ]);
    const res = await uploadCsv(ctx, admin.token, { csv: file, password: PASSWORD, replace: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ processed_count: 2, replaced: true });
    const rows = await checkinRows(ctx);
    expect(rows.map((r) => r.email)).toEqual(['new.one@example.org', 'new.two@example.org']);
    expect(rows.every((r) => !r.checked_in)).toBe(true);
    const stats = await asUser(ctx, admin.token)('GET', '/api/checkin/stats');
    expect(stats.json()).toMatchObject({ total: 2, checked_in: 0, not_checked_in: 2 });
    const audits = (await auditRows(ctx, 'checkin_record')).filter((a) => a.action === 'checkin.csv_replace');
    expect(audits.at(-1)).toMatchObject({ actor_email: admin.email, after: { processed_count: 2 } });
  });

  it('replace_existing=false (or anything but "true") appends', async () => {
    const admin = await createAdmin(ctx);
    const before = (await checkinRows(ctx)).length;
    const res = await uploadCsv(ctx, admin.token, {
      csv: csv(BASIC, [['App', 'End', 'app.end@example.org', '1', 'U']]),
      password: PASSWORD,
      replace: false,
    });
    expect(res.json()).toEqual({ processed_count: 1, replaced: false });
    expect((await checkinRows(ctx)).length).toBe(before + 1);
  });

  it('a replace whose file has a bad row leaves the old data exactly as it was', async () => {
    const admin = await createAdmin(ctx);
    const before = await storedRecords(ctx);
    expect(before.length).toBeGreaterThan(0);
    const file = csv(BASIC, [
      ['Would', 'Replace', 'would.replace@example.org', '1', 'U'],
      ['', 'Broken', 'broken@example.org', '2', 'U'],
    ]);
    const res = await uploadCsv(ctx, admin.token, { csv: file, password: PASSWORD, replace: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Line 3: missing firstName');
    expect(await storedRecords(ctx)).toEqual(before);
  });

  it('a replace that fails inside its transaction (after deleting) rolls the deletion back', async () => {
    const admin = await createAdmin(ctx);
    const before = await storedRecords(ctx);
    const pool = ctx.database.pool;
    // The audit row is written last in the transaction, after the delete and the inserts.
    await pool.query(`create function test_poison_csv_audit() returns trigger language plpgsql as $$
      begin
        if new.action = 'checkin.csv_replace' then raise exception 'poisoned for the test'; end if;
        return new;
      end $$`);
    await pool.query(
      'create trigger test_poison_csv_audit before insert on audit_log for each row execute function test_poison_csv_audit()',
    );
    try {
      const file = csv(BASIC, [['Never', 'Stored', 'never.stored@example.org', '1', 'U']]);
      const res = await uploadCsv(ctx, admin.token, { csv: file, password: PASSWORD, replace: true });
      expect(res.statusCode).toBe(500);
    } finally {
      await pool.query('drop trigger test_poison_csv_audit on audit_log');
      await pool.query('drop function test_poison_csv_audit()');
    }
    expect(await storedRecords(ctx)).toEqual(before);
  });
});

describe('POST /api/checkin/upload-csv/verify-password', () => {
  it('answers {ok: true} for the right password and 401 "Incorrect password" otherwise', async () => {
    const admin = await createAdmin(ctx);
    const call = asUser(ctx, admin.token);
    const ok = await call('POST', '/api/checkin/upload-csv/verify-password', { password: PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    for (const password of ['nope-not-it', PASSWORD.toUpperCase(), '']) {
      const res = await call('POST', '/api/checkin/upload-csv/verify-password', { password });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Incorrect password', code: 'incorrect_password' });
      expect(res.body).not.toContain(PASSWORD);
    }
    const bad = await call('POST', '/api/checkin/upload-csv/verify-password', {});
    expect(bad.statusCode).toBe(400);
  });

  it('is rate limited per user (10 tries per 10 minutes)', async () => {
    const admin = await createAdmin(ctx);
    const call = asUser(ctx, admin.token);
    for (let i = 0; i < 10; i++) {
      const res = await call('POST', '/api/checkin/upload-csv/verify-password', { password: `guess-${i}` });
      expect(res.statusCode).toBe(401);
    }
    const limited = await call('POST', '/api/checkin/upload-csv/verify-password', { password: PASSWORD });
    expect(limited.statusCode).toBe(429);
  });
});

describe('without CHECKIN_UPLOAD_PASSWORD', () => {
  it('upload and verify-password answer 403 upload_disabled, importing nothing', async () => {
    const bare = await createTestContext();
    try {
      const admin = await createAdmin(bare);
      const file = csv(BASIC, [['No', 'Password', 'no.password@example.org', '1', 'U']]);
      for (const password of ['', 'anything', PASSWORD]) {
        const res = await uploadCsv(bare, admin.token, { csv: file, password });
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('upload_disabled');
        const verify = await asUser(bare, admin.token)('POST', '/api/checkin/upload-csv/verify-password', {
          password,
        });
        expect(verify.statusCode).toBe(403);
        expect(verify.json().code).toBe('upload_disabled');
      }
      expect(await checkinRows(bare)).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});
