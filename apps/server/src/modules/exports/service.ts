import { and, asc, count, eq, gt, gte, or, sql, type SQL } from 'drizzle-orm';
import type { BulkTargetBody } from '@lanyard/shared/admin';
import type { Db } from '../../db/client';
import { applications, uploads, users } from '../../db/schema/index';
import { errors } from '../../errors';
import { audit, type AuditActor } from '../../lib/audit';
import { csvDocument, csvHeader, csvLines, type CsvColumn } from '../../lib/csv';
import type { Storage } from '../../lib/storage';
import { applicationFilters, filterContext, resolveScoreFilter } from '../admin-applications/filters';
import { bulkTargetOf, checkCount, targetWhere, type BulkTarget } from '../admin-applications/targets';
import { userFilters, usersQuery, type UserFilters, type UserListRow } from '../admin-users/service';
import { customQuestionColumns } from '../custom-questions/export';
import { APPLICATION_COLUMNS, EXPORTED_COLUMNS, type ApplicationCsvRow } from './application-columns';
import { resumeZip } from './resume-zip';

/**
 * Rows a page: 250, not 1,000 (decision 026). The page being read while the one before it is sent
 * is still alive at the young generation's next collections, and a larger page was promoted to the
 * old generation a few megabytes at every collection: the heap grew by some 150 MB per export of
 * 50,000 applications before a full collection. At 250 it grows by a few MB, and the export is
 * faster for collecting less.
 */
const BATCH = 250;

/**
 * The applications `where` matches as CSV, oldest first; after the built-in columns, one per custom
 * question (`custom`: customQuestionColumns, read once per export).
 */
export function applicationsCsv(
  db: Db,
  where: SQL | undefined,
  eventStart: string,
  custom: readonly CsvColumn<ApplicationCsvRow>[] = [],
): AsyncIterable<string> {
  // Keyset pages of BATCH rows: memory stays flat whatever the number of applications.
  // The cursor keeps the database's own timestamp text: a JS Date drops the microseconds,
  // and a cursor that falls behind its own row would read the same batch forever.
  type Cursor = { at: SQL; id: string };
  const page = (after: Cursor | undefined) =>
    db
      .select({
        ...EXPORTED_COLUMNS,
        cursorAt: sql<string>`${applications.submittedAt}::text`,
      })
      .from(applications)
      .where(
        and(
          where,
          // The `>=` bound lets the submitted_at index start at the cursor; without it every
          // page scanned from the first application, and 50,000 rows took 50 growing scans.
          after && gte(applications.submittedAt, after.at),
          after &&
            or(
              gt(applications.submittedAt, after.at),
              and(eq(applications.submittedAt, after.at), gt(applications.id, after.id)),
            ),
        ),
      )
      .orderBy(asc(applications.submittedAt), asc(applications.id))
      .limit(BATCH)
      // Started now (a query builder alone runs only when awaited).
      .execute();
  // Each page becomes its CSV text as soon as it arrives: a page of wide rows kept while the client
  // takes the page before them would outlive V8's young generation (see decision 026); one string
  // per page is cheap to keep. Exporting 500,000 applications took 32 s instead of 37.
  const columns = [...APPLICATION_COLUMNS, ...custom];
  type Piece = { text: string; next: Cursor | undefined };
  // The page the download waits for (or is formatting), and the one after it once started.
  let current = 0;
  let ahead: Promise<Piece> | undefined;
  const read = (k: number, after: Cursor | undefined): Promise<Piece> => {
    const piece = page(after).then((rows) => {
      const last = rows[rows.length - 1];
      const next =
        rows.length === BATCH && last ? { at: sql`${last.cursorAt}::timestamptz`, id: last.id } : undefined;
      // The next page is asked for before this one is formatted, so PostgreSQL reads it while the
      // server formats. Asked for after, each waited for the other: 50,000 rows took 2.6 s for
      // 1.7 s of the server's CPU and 1.4 s of PostgreSQL's, and now take 2.0 to 2.1 s (warm, on
      // two cores). Only one page ahead of the one the download waits for: a slow client holds
      // two pages at most.
      if (next && k === current) ahead = read(k + 1, next);
      return {
        text: csvLines(
          columns,
          rows.map((application) => ({ application, eventStart })),
        ),
        next,
      };
    });
    // A download cut short leaves a read unawaited: its failure must not go unhandled.
    piece.catch(() => {});
    return piece;
  };
  async function* pieces() {
    yield csvHeader(columns);
    let reading = read(0, undefined);
    for (;;) {
      const { text, next } = await reading;
      if (text) yield text;
      if (!next) return;
      current++;
      reading = ahead ?? read(current, next);
      ahead = undefined;
    }
  }
  return pieces();
}

const USER_COLUMNS: readonly CsvColumn<UserListRow>[] = [
  { header: 'id', value: (u) => u.id },
  { header: 'email', value: (u) => u.email },
  { header: 'role', value: (u) => u.role },
  { header: 'application_status', value: (u) => u.status },
  { header: 'application_id', value: (u) => u.applicationId },
  { header: 'email_verified', value: (u) => u.emailVerifiedAt !== null },
  { header: 'created_at', value: (u) => u.createdAt },
];

/** The users `where` matches as CSV, by e-mail. */
export function usersCsv(db: Db, where: SQL | undefined): AsyncIterable<string> {
  async function* batches() {
    let afterEmail: string | undefined;
    for (;;) {
      const batch = await usersQuery(db, and(where, afterEmail ? gt(users.email, afterEmail) : undefined))
        .orderBy(asc(users.email))
        .limit(BATCH);
      if (!batch.length) return;
      yield batch;
      afterEmail = batch[batch.length - 1]!.email;
    }
  }
  return csvDocument(USER_COLUMNS, batches());
}

/** What an export's audit row says it exported: the ids (how many) or the filter and its count. */
function targetAudit(target: BulkTarget): Record<string, unknown> {
  if ('ids' in target) return { application_ids: [...new Set(target.ids)] };
  return { filter: target.filter, count: target.expectedCount };
}

/** The applications a list filter matches (GET, the filter in the query string). */
export async function exportFilteredApplications(
  db: Db,
  actor: AuditActor,
  filters: Parameters<typeof applicationFilters>[0],
  eventStart: string,
): Promise<AsyncIterable<string>> {
  const ctx = await filterContext(db, eventStart);
  // Resolved once: the CSV reads BATCH rows a page, and each page would compute the scores again.
  const where = applicationFilters(filters, ctx, await resolveScoreFilter(db, filters, ctx));
  await audit(db, actor, { action: 'export.applications', targetType: 'export', after: filters });
  return applicationsCsv(db, where, eventStart, await customQuestionColumns(db, filters.role));
}

/**
 * The selection of the Applications tab: listed ids, or all a filter matches (with the count the
 * admin saw, as every bulk action by filter).
 */
export async function exportSelectedApplications(
  db: Db,
  actor: AuditActor,
  body: BulkTargetBody,
  eventStart: string,
): Promise<AsyncIterable<string>> {
  const target = bulkTargetOf(body, eventStart);
  let where: SQL | undefined;
  if ('ids' in target) where = await targetWhere(db, target);
  else {
    const ctx = await filterContext(db, eventStart);
    // Resolved once, as for the filtered export above.
    where = applicationFilters(target.filter, ctx, await resolveScoreFilter(db, target.filter, ctx));
    const [row] = await db.select({ n: count() }).from(applications).where(where);
    checkCount(target, row?.n ?? 0);
  }
  await audit(db, actor, { action: 'export.applications', targetType: 'export', after: targetAudit(target) });
  const roles = 'filter' in target ? target.filter.role : undefined;
  return applicationsCsv(db, where, eventStart, await customQuestionColumns(db, roles));
}

export async function exportUsers(
  db: Db,
  actor: AuditActor,
  filters: UserFilters,
): Promise<AsyncIterable<string>> {
  const where = userFilters(filters);
  await audit(db, actor, { action: 'export.users', targetType: 'export', after: filters });
  return usersCsv(db, where);
}

/** The resumes of the applications a bulk target names, as an uncompressed zip. */
export async function exportResumes(
  db: Db,
  storage: Storage,
  actor: AuditActor,
  body: BulkTargetBody,
  eventStart: string,
): Promise<ReturnType<typeof resumeZip>> {
  const target = bulkTargetOf(body, eventStart);
  // Every application the target names, with its resume when it has one: a filter's count is
  // of applications, as the list counts them.
  const matched = await db
    .select({
      id: applications.id,
      firstName: applications.firstName,
      lastName: applications.lastName,
      key: uploads.storageKey,
    })
    .from(applications)
    .leftJoin(uploads, eq(uploads.id, applications.resumeUploadId))
    .where(await targetWhere(db, target))
    .orderBy(asc(applications.lastName), asc(applications.firstName), asc(applications.id));
  checkCount(target, matched.length);
  const rows = matched.filter((r): r is typeof r & { key: string } => r.key !== null);
  if (!rows.length) throw errors.notFound('None of the selected applications has a resume.', 'no_resumes');
  await audit(db, actor, {
    action: 'export.resumes',
    targetType: 'export',
    after: { ...targetAudit(target), files: rows.length },
  });
  return resumeZip(storage, rows);
}
