/** Fixtures for the check-in API tests: record bodies, CSV upload forms, volunteers, records read back. */
import type { CheckinRecord } from '@lanyard/shared/checkin';
import { asUser } from './admin';
import { GOOD_PASSWORD, bearer, randomIp, uniqueEmail, type TestContext } from './helper';
import { multipart, type FormPart } from './multipart';

/** A complete create body (every required field); overrides replace fields. */
export function recordBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: uniqueEmail('attendee'),
    phone: '+1 555 010 2030',
    school_name: 'Riverside University',
    role: 'hacker',
    ...overrides,
  };
}

/** Creates a record through the API as `token`; throws unless it answered 201. */
export async function createRecord(
  ctx: TestContext,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<CheckinRecord> {
  const res = await asUser(ctx, token)('POST', '/api/checkin/records', recordBody(overrides));
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as CheckinRecord;
}

/** POST /api/checkin/upload-csv with the password, the replace flag and one CSV file. */
export function uploadCsv(
  ctx: TestContext,
  token: string,
  opts: { csv: string | Buffer; password: string; replace?: boolean; filename?: string; fileFirst?: boolean },
) {
  const fields: FormPart[] = [
    { name: 'password', value: opts.password },
    { name: 'replace_existing', value: opts.replace ? 'true' : 'false' },
  ];
  const file: FormPart = {
    name: 'file',
    filename: opts.filename ?? 'checkin.csv',
    content: opts.csv,
    contentType: 'text/csv',
  };
  const form = multipart(opts.fileFirst ? [file, ...fields] : [...fields, file]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/checkin/upload-csv',
    payload: form.payload,
    headers: { ...form.headers, ...(bearer(token) as Record<string, string>) },
  });
}

/** A volunteer made by an admin (POST /api/admin/users) and signed in at the admin login. */
export async function createVolunteer(
  ctx: TestContext,
  adminToken: string,
): Promise<{ token: string; email: string; id: string }> {
  const email = uniqueEmail('volunteer');
  const made = await asUser(ctx, adminToken)('POST', '/api/admin/users', {
    email,
    password: GOOD_PASSWORD,
    role: 'volunteer',
  });
  if (made.statusCode !== 201) throw new Error(`create volunteer failed: ${made.statusCode} ${made.body}`);
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/admin/login',
    payload: { email, password: GOOD_PASSWORD },
    remoteAddress: randomIp(),
  });
  if (login.statusCode !== 200) throw new Error(`volunteer login failed: ${login.statusCode} ${login.body}`);
  return {
    token: (login.json() as { access_token: string }).access_token,
    email,
    id: (made.json() as { _id: string })._id,
  };
}

export interface CheckinRow {
  id: string;
  application_id: string | null;
  first_name: string;
  last_name: string;
  email: string;
  checked_in: boolean;
  checked_in_at: Date | null;
  checked_in_by_email: string | null;
}

/** Every check-in record in the database, by last then first name. */
export async function checkinRows(ctx: TestContext): Promise<CheckinRow[]> {
  const { rows } = await ctx.database.pool.query<CheckinRow>(
    `select id, application_id, first_name, last_name, email, checked_in, checked_in_at, checked_in_by_email
       from checkin_records order by last_name, first_name, id`,
  );
  return rows;
}
