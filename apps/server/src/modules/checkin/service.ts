import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { CheckinFields, CheckinRecord } from '@lanyard/shared/checkin';
import {
  CHECKIN_COUNT_AHEAD,
  CHECKIN_CSV_COLUMNS,
  checkinFieldsSchema,
  missingCheckinFields,
  type checkinRecordsQuerySchema,
} from '@lanyard/shared/checkin';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { checkinRecords } from '../../db/schema/index';
import { AppError, errors } from '../../errors';
import { audit, type AuditActor } from '../../lib/audit';
import { parseCsv } from '../../lib/csv-read';
import { containsPattern, countUpTo, estimatedRows } from '../../db/search';
import { publishCheckin } from './live';
import { CHECKIN_ROLES } from '@lanyard/shared/constants';

type Row = typeof checkinRecords.$inferSelect;

export function toRecord(r: Row): CheckinRecord {
  return {
    _id: r.id,
    application_id: r.applicationId,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    phone: r.phone,
    school_name: r.schoolName,
    role: r.role,
    major: r.major,
    birthYear: r.birthYear,
    birthMonth: r.birthMonth,
    birthDay: r.birthDay,
    isHighSchool: r.isHighSchool,
    preferred_name: r.preferredName,
    pronoun: r.pronoun,
    linkedin_url: r.linkedinUrl,
    github_url: r.githubUrl,
    gender: r.gender,
    race: r.race,
    shirtSize: r.shirtSize,
    travelFrom: r.travelFrom,
    checked_in: r.checkedIn,
    checked_in_at: r.checkedInAt?.toISOString() ?? null,
    checked_in_by_email: r.checkedInByEmail,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/**
 * A search matching at most a tenth of the records, between SORT_MATCHES_FROM and
 * SORT_MATCHES_UP_TO, is sorted rather than walked (see listRecords): a surname shared by 3,000 of
 * 100,000 records sorts in 10 ms, where the walk to the T's took 45. A denser search finds its page
 * early in the walk, and reading 4,000 of its matches first was wasted ("university" over 10,000
 * records: 84 ms at p99 with eight desks).
 */
const SORT_SHARE = 0.1;
const SORT_MATCHES_FROM = 1000;
export const SORT_MATCHES_UP_TO = 4000;

/** The shortest search the trigram index serves: a shorter one has no trigram to look up. */
const TRIGRAM_MIN = 3;

/**
 * One page of the desk's list, by name, and how many match (bounded: CHECKIN_COUNT_AHEAD past the
 * page). A search of three letters or more is first read from the trigram index (sortedMatches):
 * when it matches at most a tenth of the records (sortUpTo), those matches are sorted for the page
 * and are the exact count too. Walking the name order instead, the planner expects the matches
 * spread evenly, and they are not: "ada" matches Adams and Adair at the start, "tur" Turner and
 * Turing at the far end, where the walk read 90,000 of 100,000 records for its first 50 (184 ms;
 * sorted, 11 ms). More matches than that are dense enough for the walk, as are a two-letter search
 * ("li") and the list without one: the walk reads ids from the covering index (it holds
 * search_text). Either way the page's rows are read in the statement that finds their ids, or by
 * id right after: two statements in all.
 */
export async function listRecords(db: Db, q: z.output<typeof checkinRecordsQuerySchema>) {
  const where = and(
    // The stored lower-cased text (migration 0033), which the trigram and covering indexes hold.
    q.search ? sql`${checkinRecords.searchText} like lower(${containsPattern(q.search)})` : undefined,
    q.checked_in ? eq(checkinRecords.checkedIn, q.checked_in === 'true') : undefined,
    q.school ? ilike(checkinRecords.schoolName, containsPattern(q.school)) : undefined,
    q.major ? ilike(checkinRecords.major, containsPattern(q.major)) : undefined,
    q.is_high_school ? eq(checkinRecords.isHighSchool, q.is_high_school === 'true') : undefined,
    q.role ? eq(checkinRecords.role, q.role) : undefined,
  );
  const offset = (q.page - 1) * q.limit;
  const bound = offset + CHECKIN_COUNT_AHEAD;
  const sorted =
    q.search && q.search.length >= TRIGRAM_MIN
      ? await sortedMatches(db, where!, q, offset, bound, await sortUpTo(db))
      : null;
  const n = sorted ? sorted.n : await countUpTo(db, checkinRecords, where, bound);
  const ids = sorted?.ids;
  // The sorted page's ids, or the walk of the name order that finds them inside the rows' statement.
  const page = ids
    ? sql`${sql.param(ids)}::uuid[]`
    : sql`array(select ${checkinRecords.id} from ${checkinRecords} where ${where ?? sql`true`}
        order by last_name, first_name, id limit ${q.limit} offset ${offset})`;
  const rows =
    n > offset && ids?.length !== 0
      ? await db
          .select()
          .from(checkinRecords)
          // An array, not IN: the page's rows are fetched by id, never by a scan joined to the page.
          .where(sql`${checkinRecords.id} = any(${page})`)
          .orderBy(asc(checkinRecords.lastName), asc(checkinRecords.firstName), asc(checkinRecords.id))
      : [];
  const total = Math.min(n, bound);
  return {
    records: rows.map(toRecord),
    total,
    total_capped: n > bound,
    page: q.page,
    pages: Math.max(1, Math.ceil(total / q.limit)),
  };
}

/**
 * The search's matches from the trigram index, counted up to the list's bound or the most a search
 * may have to be sorted (`sortUpTo`), whichever is more; with the page's ids, by name, when there
 * are no more than `sortUpTo`. A broader search gets its count alone (ids null), and the caller
 * walks the name order for the page: reading its first matches was the price of knowing it is
 * broad, and the count saves the separate one it had. MATERIALIZED: planned alone, so the matches
 * come from the trigram index, not the walk.
 */
async function sortedMatches(
  db: Db,
  where: SQL,
  q: z.output<typeof checkinRecordsQuerySchema>,
  offset: number,
  bound: number,
  sortUpTo: number,
): Promise<{ n: number; ids: string[] | null }> {
  const upTo = Math.max(bound, sortUpTo);
  const { rows } = await db.execute<{ id: string | null; n: number }>(sql`
    with m as materialized (
      select ${checkinRecords.id} as id, ${checkinRecords.lastName} as last_name,
        ${checkinRecords.firstName} as first_name
      from ${checkinRecords} where ${where} limit ${upTo + 1}),
    n as (select count(*)::int as n from m)
    select page.id, n.n from n left join lateral (
      select id from m order by last_name, first_name, id limit ${q.limit} offset ${offset}
    ) page on n.n <= ${sortUpTo}`);
  const n = rows[0]?.n ?? 0;
  return { n, ids: n > sortUpTo ? null : rows.flatMap((r) => (r.id ? [r.id] : [])) };
}

/**
 * The most matches a search may have to be sorted rather than walked: a tenth of the records (as
 * the planner estimates them), within SORT_MATCHES_FROM and SORT_MATCHES_UP_TO.
 */
async function sortUpTo(db: Db): Promise<number> {
  const rows = await estimatedRows(db, 'checkin_records');
  return Math.round(Math.min(SORT_MATCHES_UP_TO, Math.max(SORT_MATCHES_FROM, rows * SORT_SHARE)));
}

export async function stats(db: Db) {
  const rows = await db
    .select({
      role: checkinRecords.role,
      total: sql<number>`count(*)::int`,
      checkedIn: sql<number>`count(*) filter (where ${checkinRecords.checkedIn})::int`,
    })
    .from(checkinRecords)
    .groupBy(checkinRecords.role);
  const by_role = CHECKIN_ROLES.map((role) => {
    const row = rows.find((r) => r.role === role);
    return { role, total: row?.total ?? 0, checked_in: row?.checkedIn ?? 0 };
  });
  const total = by_role.reduce((n, r) => n + r.total, 0);
  const checkedIn = by_role.reduce((n, r) => n + r.checked_in, 0);
  return { total, checked_in: checkedIn, not_checked_in: total - checkedIn, by_role };
}

function toColumns(f: CheckinFields): Partial<typeof checkinRecords.$inferInsert> {
  const out: Partial<typeof checkinRecords.$inferInsert> = {};
  const set = <K extends keyof typeof checkinRecords.$inferInsert>(key: K, value: unknown) => {
    if (value !== undefined) out[key] = value as (typeof checkinRecords.$inferInsert)[K];
  };
  set('firstName', f.firstName);
  set('lastName', f.lastName);
  set('email', f.email?.toLowerCase());
  set('phone', f.phone);
  set('schoolName', f.school_name);
  set('role', f.role);
  set('major', f.major);
  set('birthYear', f.birthYear);
  set('birthMonth', f.birthMonth);
  set('birthDay', f.birthDay);
  set('isHighSchool', f.isHighSchool);
  set('preferredName', f.preferred_name);
  set('pronoun', f.pronoun);
  set('linkedinUrl', f.linkedin_url);
  set('githubUrl', f.github_url);
  set('gender', f.gender);
  set('race', f.race);
  set('shirtSize', f.shirtSize);
  set('travelFrom', f.travelFrom);
  return out;
}

/** The birth columns are smallints: a number they cannot hold is a 400 naming the field, not a 500. */
const fieldsSchema = checkinFieldsSchema.superRefine((f, ctx) => {
  for (const key of ['birthYear', 'birthDay'] as const) {
    const v = f[key];
    if (typeof v === 'number' && Math.abs(v) > 32767)
      ctx.addIssue({ code: 'custom', path: [key], message: 'Number out of range' });
  }
});

function parseFields(body: unknown): CheckinFields {
  const parsed = fieldsSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw errors.badRequest(`${issue.path.join('.') || 'body'}: ${issue.message}`, 'validation_error');
  }
  return parsed.data;
}

export async function createRecord(db: Db, actor: AuditActor, body: unknown): Promise<CheckinRecord> {
  const fields = parseFields(body);
  const missing = missingCheckinFields(fields);
  if (missing.length) throw new AppError(400, 'missing_fields', `Missing fields: ${missing.join(', ')}`);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(checkinRecords)
      .values(toColumns(fields) as typeof checkinRecords.$inferInsert)
      .returning();
    await audit(tx, actor, {
      action: 'checkin.create',
      targetType: 'checkin_record',
      targetId: row!.id,
      after: toRecord(row!),
    });
    await publishCheckin(tx, { type: 'created', record_id: row!.id, checked_in: false, by: actor.email });
    return toRecord(row!);
  });
}

export async function updateRecord(
  db: Db,
  actor: AuditActor,
  id: string,
  body: unknown,
): Promise<CheckinRecord> {
  const fields = parseFields(body);
  // An edit may leave a field out, but may not empty a required one.
  const missing = missingCheckinFields({ ...fields }).filter(
    (k) => (fields as Record<string, unknown>)[k] !== undefined,
  );
  if (missing.length) throw new AppError(400, 'missing_fields', `Missing fields: ${missing.join(', ')}`);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(checkinRecords).where(eq(checkinRecords.id, id)).for('update');
    if (!before) throw errors.notFound('Check-in record not found.');
    const [row] = await tx
      .update(checkinRecords)
      .set({ ...toColumns(fields), updatedAt: new Date() })
      .where(eq(checkinRecords.id, id))
      .returning();
    await audit(tx, actor, {
      action: 'checkin.update',
      targetType: 'checkin_record',
      targetId: id,
      before: toRecord(before),
      after: toRecord(row!),
    });
    await publishCheckin(tx, { type: 'updated', record_id: id, checked_in: row!.checkedIn, by: actor.email });
    return toRecord(row!);
  });
}

/**
 * Imports a check-in CSV (CHECKIN_CSV_COLUMNS). Every row is checked first; one bad row refuses the whole
 * file with its line number, and "replace" runs in the same transaction, so a failed import leaves
 * the old data exactly as it was.
 */
export async function importCsv(db: Db, actor: AuditActor, text: string, replace: boolean) {
  let rows;
  try {
    rows = parseCsv(text);
  } catch (err) {
    throw errors.badRequest((err as Error).message, 'invalid_csv');
  }
  if (!rows.length) throw errors.badRequest('The CSV file is empty.', 'invalid_csv');
  const header = rows[0]!.cells.map((h) => h.trim());
  const known = new Set<string>([...CHECKIN_CSV_COLUMNS, 'role']);
  const unknown = header.filter((h) => h && !known.has(h));
  if (unknown.length)
    throw errors.badRequest(`Line 1: unknown column(s): ${unknown.join(', ')}`, 'invalid_csv');
  for (const required of ['firstName', 'lastName', 'email']) {
    if (!header.includes(required))
      throw errors.badRequest(`Line 1: the column "${required}" is missing`, 'invalid_csv');
  }
  const values: (typeof checkinRecords.$inferInsert)[] = [];
  for (const row of rows.slice(1)) {
    const obj: Record<string, string> = {};
    header.forEach((h, i) => {
      if (h) obj[h] = (row.cells[i] ?? '').trim();
    });
    const parsed = fieldsSchema.safeParse({ ...obj, role: obj.role || 'hacker' });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw errors.badRequest(
        `Line ${row.line}: ${issue.path.join('.')}: ${issue.message}`,
        'invalid_csv_row',
      );
    }
    const missing = missingCheckinFields({ ...parsed.data }).filter((k) =>
      ['firstName', 'lastName', 'email'].includes(k),
    );
    if (missing.length)
      throw errors.badRequest(`Line ${row.line}: missing ${missing.join(', ')}`, 'invalid_csv_row');
    values.push({
      phone: '',
      schoolName: '',
      ...toColumns(parsed.data),
    } as typeof checkinRecords.$inferInsert);
  }
  await db.transaction(async (tx) => {
    if (replace) await tx.delete(checkinRecords);
    for (let i = 0; i < values.length; i += 1000)
      await tx.insert(checkinRecords).values(values.slice(i, i + 1000));
    await audit(tx, actor, {
      action: replace ? 'checkin.csv_replace' : 'checkin.csv_append',
      targetType: 'checkin_record',
      after: { processed_count: values.length },
    });
    await publishCheckin(tx, { type: 'reloaded', record_id: null, checked_in: null, by: actor.email });
  });
  return { processed_count: values.length, replaced: replace };
}

export type { SQL };
