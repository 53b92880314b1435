import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../../../test/admin';
import { checkinRows, createRecord, uploadCsv } from '../../../test/checkin';
import { multipart } from '../../../test/multipart';
import { bearer, createAdmin, createTestContext, type TestContext } from '../../../test/helper';
import { BASIC, csv, CSV_PASSWORD as PASSWORD, storedRecords } from '../../../test/checkin-csv';

// Refused uploads import nothing. A fresh admin per test: uploads are rate limited per user.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ CHECKIN_UPLOAD_PASSWORD: PASSWORD });
});
afterAll(() => ctx.close());

describe('POST /api/checkin/upload-csv: refusals (nothing imported)', () => {
  it('a bad row: 400 "Line N: ..." with its line number, shifted by a multi-line quoted cell', async () => {
    const admin = await createAdmin(ctx);
    const before = await storedRecords(ctx);
    const header = [...BASIC, 'birthMonth', 'travelFrom'];
    // Line 1 header; line 2-3 one row (its travelFrom spans two lines); line 4 good; line 5 bad.
    const file =
      header.join(',') +
      '\n' +
      'Ok,One,ok.one@example.org,1,U,Jan,"Boston\nMA"\n' +
      'Ok,Two,ok.two@example.org,2,U,Feb,NYC\n' +
      'Bad,Row,bad.row@example.org,3,U,Smarch,LA\n' +
      'Ok,Three,ok.three@example.org,4,U,Mar,SF\n';
    const res = await uploadCsv(ctx, admin.token, { csv: file, password: PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Line 5: birthMonth: Birth month must be 1-12 or a month name',
      code: 'invalid_csv_row',
    });
    // The same with CRLF line ends (and a CRLF inside the quoted cell).
    const crlf = await uploadCsv(ctx, admin.token, { csv: file.replace(/\n/g, '\r\n'), password: PASSWORD });
    expect(crlf.statusCode).toBe(400);
    expect(crlf.json().error).toMatch(/^Line 5: birthMonth: /);
    expect(await storedRecords(ctx)).toEqual(before);
  });

  it('names the line of a row missing a required value, a bad boolean, link, role or number', async () => {
    const admin = await createAdmin(ctx);
    const before = await storedRecords(ctx);
    const header = [...BASIC, 'isHighSchool', 'github_url', 'role', 'birthYear'];
    const good = ['G', 'Ood', 'good@example.org', '1', 'U', 'yes', '', '', '2000'];
    const cases: [string[], string][] = [
      [['', 'NoFirst', 'nofirst@example.org', '1', 'U', '', '', '', ''], 'Line 3: missing firstName'],
      [['No', 'Email', '', '1', 'U', '', '', '', ''], 'Line 3: missing email'],
      [
        ['B', 'Bool', 'b@example.org', '1', 'U', 'perhaps', '', '', ''],
        'Line 3: isHighSchool: Must be true or false',
      ],
      [
        ['J', 'S', 'js@example.org', '1', 'U', '', 'javascript:alert(1)', '', ''],
        'Line 3: github_url: Links must start with http:// or https://',
      ],
      [['R', 'Role', 'r@example.org', '1', 'U', '', '', 'admin', ''], 'Line 3: role: '],
      [
        ['Y', 'Year', 'y@example.org', '1', 'U', '', '', '', 'two thousand'],
        'Line 3: birthYear: Must be a whole number',
      ],
      [
        ['Y', 'Big', 'yb@example.org', '1', 'U', '', '', '', '40000'],
        'Line 3: birthYear: Number out of range',
      ],
    ];
    for (const [row, message] of cases) {
      const res = await uploadCsv(ctx, admin.token, {
        csv: csv(header, [good, row, good]),
        password: PASSWORD,
      });
      expect({ message, status: res.statusCode }).toEqual({ message, status: 400 });
      expect(res.json().error.startsWith(message)).toBe(true);
      expect(res.json().code).toBe('invalid_csv_row');
    }
    expect(await storedRecords(ctx)).toEqual(before);
  });

  it('an unknown column is refused (line 1), as is a missing required column or an unclosed quote', async () => {
    const admin = await createAdmin(ctx);
    const before = await storedRecords(ctx);
    const unknown = await uploadCsv(ctx, admin.token, {
      csv: csv(
        [...BASIC, 'favourite_color', 'checked_in'],
        [['A', 'B', 'ab@example.org', '1', 'U', 'red', 'true']],
      ),
      password: PASSWORD,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      error: 'Line 1: unknown column(s): favourite_color, checked_in',
      code: 'invalid_csv',
    });
    const noEmail = await uploadCsv(ctx, admin.token, {
      csv: csv(['firstName', 'lastName'], [['A', 'B']]),
      password: PASSWORD,
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toEqual({ error: 'Line 1: the column "email" is missing', code: 'invalid_csv' });
    const unclosed = await uploadCsv(ctx, admin.token, {
      csv: csv(BASIC, [
        ['A', 'B', 'ab@example.org', '1', 'U'],
        ['C', '"D', 'cd@example.org', '2', 'U'],
      ]),
      password: PASSWORD,
    });
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json()).toEqual({ error: 'Line 3: a quoted field is not closed', code: 'invalid_csv' });
    const empty = await uploadCsv(ctx, admin.token, { csv: '', password: PASSWORD });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: 'The CSV file is empty.', code: 'invalid_csv' });
    expect(await storedRecords(ctx)).toEqual(before);
  });

  it('a wrong or missing password: 401 "Incorrect password", never echoing it, importing nothing', async () => {
    const admin = await createAdmin(ctx);
    const before = await storedRecords(ctx);
    const file = csv(BASIC, [['Wrong', 'Password', 'wrong.password@example.org', '1', 'U']]);
    for (const password of ['Guess-Number-One-42', PASSWORD.toLowerCase(), `${PASSWORD} `, '']) {
      for (const replace of [false, true]) {
        const res = await uploadCsv(ctx, admin.token, { csv: file, password, replace });
        expect({ password, status: res.statusCode }).toEqual({ password, status: 401 });
        expect(res.json()).toEqual({ error: 'Incorrect password', code: 'incorrect_password' });
        if (password) expect(res.body).not.toContain(password.trim());
        expect(res.body).not.toContain(PASSWORD);
      }
    }
    // No password field at all.
    const form = multipart({ name: 'file', filename: 'a.csv', content: file, contentType: 'text/csv' });
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/checkin/upload-csv',
      payload: form.payload,
      headers: { ...form.headers, ...(bearer(admin.token) as Record<string, string>) },
    });
    expect(none.statusCode).toBe(401);
    expect(await storedRecords(ctx)).toEqual(before);
  });

  it('a file whose name does not end in .csv: 415', async () => {
    const admin = await createAdmin(ctx);
    const before = await storedRecords(ctx);
    const file = csv(BASIC, [['Not', 'Csv', 'not.csv@example.org', '1', 'U']]);
    for (const filename of ['checkin.txt', 'checkin.csv.exe', 'checkin', 'csv']) {
      const res = await uploadCsv(ctx, admin.token, { csv: file, password: PASSWORD, filename });
      expect({ filename, status: res.statusCode }).toEqual({ filename, status: 415 });
      expect(res.json().code).toBe('unsupported_media_type');
    }
    expect(await storedRecords(ctx)).toEqual(before);
  });

  it('no file, or not multipart at all: 400', async () => {
    const admin = await createAdmin(ctx);
    // A record the refused "replace" must leave in place.
    await createRecord(ctx, admin.token);
    const form = multipart([
      { name: 'password', value: PASSWORD },
      { name: 'replace_existing', value: 'true' },
    ]);
    const noFile = await ctx.app.inject({
      method: 'POST',
      url: '/api/checkin/upload-csv',
      payload: form.payload,
      headers: { ...form.headers, ...(bearer(admin.token) as Record<string, string>) },
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().code).toBe('no_file');
    const json = await asUser(ctx, admin.token)('POST', '/api/checkin/upload-csv', { password: PASSWORD });
    expect(json.statusCode).toBe(400);
    expect((await checkinRows(ctx)).length).toBeGreaterThan(0);
  });

  it('a file over 5 MB: 413', async () => {
    const admin = await createAdmin(ctx);
    const before = await storedRecords(ctx);
    const row = 'Big,File,big.file@example.org,1,U\n';
    const file = BASIC.join(',') + '\n' + row.repeat(Math.ceil((5 * 1024 * 1024) / row.length) + 10);
    const res = await uploadCsv(ctx, admin.token, { csv: file, password: PASSWORD });
    expect(res.statusCode).toBe(413);
    expect(await storedRecords(ctx)).toEqual(before);
  });
});
