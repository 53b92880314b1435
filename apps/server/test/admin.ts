/** Fixtures for the admin API tests: seeded applications, audit rows, files on disk, CSV and zip readers. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { HTTPMethods, InjectOptions } from 'fastify';
import { applications, users } from '../src/db/schema/index';
import { createSession } from '../src/modules/auth/sessions';
import { applicantWithResume, hackerAnswers, submit, type Applicant } from './applicant';
import { applicationValues, userValues, type ApplicationInsert } from './factories';
import { bearer, type TestContext } from './helper';

export type { ApplicationInsert };

/** Calls the app as someone (a bearer token), with a JSON body when given. */
export function asUser(ctx: TestContext, token: string) {
  return (method: HTTPMethods, url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
}

export interface Seeded {
  id: string;
  userId: string;
  email: string;
  token?: string;
}

/**
 * Applicants (users and their applications) inserted in two statements: fast enough for hundreds.
 * `make(i)` gives each application's columns; the user's role follows the application's role.
 * With `sessions`, each user also gets a signed-in token.
 */
export async function seedApplications(
  ctx: TestContext,
  count: number,
  make: (i: number) => Partial<ApplicationInsert>,
  opts: { sessions?: boolean } = {},
): Promise<Seeded[]> {
  const specs = Array.from({ length: count }, (_, i) => make(i));
  const db = ctx.database.db;
  const userRows = await db
    .insert(users)
    .values(specs.map((s) => userValues({ role: s.role ?? 'hacker' })))
    .returning({ id: users.id, email: users.email });
  const appRows = await db
    .insert(applications)
    .values(specs.map((s, i) => applicationValues(userRows[i]!, { lastName: `Applicant${i}`, ...s })))
    .returning({ id: applications.id, userId: applications.userId });
  const out: Seeded[] = [];
  for (const [i, row] of appRows.entries()) {
    const token = opts.sessions
      ? await createSession(db, ctx.config.sessionSecret, row.userId, {})
      : undefined;
    out.push({ id: row.id, userId: row.userId, email: userRows[i]!.email, ...(token ? { token } : {}) });
  }
  return out;
}

/** One applicant with one application. */
export async function seedApplication(
  ctx: TestContext,
  columns: Partial<ApplicationInsert> = {},
  opts: { sessions?: boolean } = {},
): Promise<Seeded> {
  return (await seedApplications(ctx, 1, () => columns, opts))[0]!;
}

/** A hacker who uploaded a resume and submitted through the API: a real application with its file. */
export async function submittedHacker(
  ctx: TestContext,
  overrides: Record<string, unknown> = {},
): Promise<Applicant & { appId: string }> {
  const a = await applicantWithResume(ctx, 'hacker');
  const res = await submit(ctx.app, a.token, 'hacker', {
    ...hackerAnswers(overrides),
    resume_url: a.resume.file_url,
  });
  if (res.statusCode !== 201) throw new Error(`submit failed: ${res.statusCode} ${res.body}`);
  return { ...a, appId: (res.json() as { application: { _id: string } }).application._id };
}

export interface AuditRow {
  actor_email: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  before: unknown;
  after: unknown;
}

/** Audit rows for one target (or every row of a target type), oldest first. */
export async function auditRows(
  ctx: TestContext,
  targetType: string,
  targetId?: string,
): Promise<AuditRow[]> {
  const { rows } = await ctx.database.pool.query<AuditRow>(
    `select actor_email, action, target_type, target_id, before, after from audit_log
      where target_type = $1 and ($2::text is null or target_id = $2) order by created_at, id`,
    [targetType, targetId ?? null],
  );
  return rows;
}

/**
 * Makes every audit insert for `targetId` fail, so a transaction that already changed rows must
 * roll them back. Test database only; removed afterwards.
 */
export async function withPoisonedAudit<T>(
  ctx: TestContext,
  targetId: string,
  fn: () => Promise<T>,
): Promise<T> {
  const pool = ctx.database.pool;
  await pool.query(`create function test_poison_audit() returns trigger language plpgsql as $$
    begin
      if new.target_id = '${targetId}' then raise exception 'poisoned for the test'; end if;
      return new;
    end $$`);
  await pool.query(
    'create trigger test_poison_audit before insert on audit_log for each row execute function test_poison_audit()',
  );
  try {
    return await fn();
  } finally {
    await pool.query('drop trigger test_poison_audit on audit_log');
    await pool.query('drop function test_poison_audit()');
  }
}

export async function countRows(ctx: TestContext, sqlText: string, params: unknown[] = []): Promise<number> {
  const { rows } = await ctx.database.pool.query<{ n: number }>(
    `select count(*)::int as n from (${sqlText}) t`,
    params,
  );
  return rows[0]!.n;
}

/** Where an upload lives on disk (DATA_DIR/uploads/<storage key>), from its uploads row. */
export async function uploadPath(ctx: TestContext, uploadId: string): Promise<string> {
  const { rows } = await ctx.database.pool.query<{ storage_key: string }>(
    'select storage_key from uploads where id = $1',
    [uploadId],
  );
  if (!rows[0]) throw new Error(`no uploads row ${uploadId}`);
  return path.join(ctx.config.dataDir, 'uploads', rows[0].storage_key);
}

export function fileExists(file: string): boolean {
  return fs.existsSync(file);
}

/**
 * A strict RFC 4180 reader: fields separated by commas, records ended by CRLF, quoted fields may
 * hold commas, CR, LF and doubled quotes. Throws on anything else (a bare quote inside an unquoted
 * field, a lone LF between records, text after a closing quote), so a sloppy writer fails the test.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  const n = text.length;
  if (n === 0) return records;
  for (;;) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= n) throw new Error('CSV: unterminated quoted field');
        const c = text[i]!;
        if (c === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
          } else {
            i++;
            break;
          }
        } else {
          field += c;
          i++;
        }
      }
    } else {
      while (i < n && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
        if (text[i] === '"') throw new Error(`CSV: quote inside an unquoted field at ${i}`);
        field += text[i];
        i++;
      }
    }
    record.push(field);
    if (i >= n) throw new Error('CSV: the last record does not end with CRLF');
    if (text[i] === ',') {
      i++;
      continue;
    }
    if (text[i] === '\r' && text[i + 1] === '\n') {
      i += 2;
      records.push(record);
      record = [];
      if (i >= n) return records;
      continue;
    }
    throw new Error(`CSV: unexpected ${JSON.stringify(text[i])} at ${i}`);
  }
}

/** CSV records as objects keyed by the header row. */
export function csvObjects(records: string[][]): Record<string, string>[] {
  const [header, ...rows] = records;
  if (!header) throw new Error('CSV: no header');
  return rows.map((r) => {
    if (r.length !== header.length)
      throw new Error(`CSV: a row has ${r.length} cells, header ${header.length}`);
    return Object.fromEntries(header.map((h, j) => [h, r[j]!]));
  });
}

export interface ZipEntry {
  name: string;
  method: number;
  crc32: number;
  data: Buffer;
}

/**
 * Reads a zip by its central directory (the local headers of a streamed zip carry no sizes), then
 * each entry's bytes after its local header. Only STORE (method 0) entries are decoded.
 */
export function readZip(zip: Buffer): ZipEntry[] {
  let eocd = -1;
  for (let p = zip.length - 22; p >= Math.max(0, zip.length - 22 - 0xffff); p--) {
    if (zip.readUInt32LE(p) === 0x06054b50) {
      eocd = p;
      break;
    }
  }
  if (eocd < 0) throw new Error('zip: no end of central directory');
  const entries = zip.readUInt16LE(eocd + 10);
  let p = zip.readUInt32LE(eocd + 16);
  const out: ZipEntry[] = [];
  for (let k = 0; k < entries; k++) {
    if (zip.readUInt32LE(p) !== 0x02014b50) throw new Error('zip: bad central directory entry');
    const method = zip.readUInt16LE(p + 10);
    const crc32 = zip.readUInt32LE(p + 16);
    const compressedSize = zip.readUInt32LE(p + 20);
    const nameLength = zip.readUInt16LE(p + 28);
    const extraLength = zip.readUInt16LE(p + 30);
    const commentLength = zip.readUInt16LE(p + 32);
    const localOffset = zip.readUInt32LE(p + 42);
    const name = zip.subarray(p + 46, p + 46 + nameLength).toString('utf8');
    p += 46 + nameLength + extraLength + commentLength;

    if (zip.readUInt32LE(localOffset) !== 0x04034b50) throw new Error('zip: bad local header');
    const localName = zip.readUInt16LE(localOffset + 26);
    const localExtra = zip.readUInt16LE(localOffset + 28);
    const localFileName = zip.subarray(localOffset + 30, localOffset + 30 + localName).toString('utf8');
    if (localFileName !== name) throw new Error('zip: local and central names differ');
    const start = localOffset + 30 + localName + localExtra;
    const data = Buffer.from(zip.subarray(start, start + compressedSize));
    out.push({ name, method, crc32, data });
  }
  return out;
}

export function crc32(data: Buffer): number {
  return zlib.crc32(data);
}

export function sha256(data: Buffer): string {
  return crypto.createHash('sha256').update(data).digest('hex');
}
