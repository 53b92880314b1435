import { and, asc, eq, getTableColumns, gt, gte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applications, users } from '../../db/schema/index';
import { csvDocument, type CsvColumn } from '../../lib/csv';
import { usersQuery, type UserListRow } from '../admin-users/service';
import { APPLICATION_COLUMNS } from './application-columns';

const BATCH = 1000;

/** The applications `where` matches as CSV, oldest first. */
export function applicationsCsv(db: Db, where: SQL | undefined, eventStart: string): AsyncIterable<string> {
  // Keyset pages of 1,000 rows: memory stays flat whatever the number of applications.
  // The cursor keeps the database's own timestamp text: a JS Date drops the microseconds,
  // and a cursor that falls behind its own row would read the same batch forever.
  const page = (after: { at: SQL; id: string } | undefined) =>
    db
      .select({
        ...getTableColumns(applications),
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
  async function* batches() {
    let next = page(undefined);
    for (;;) {
      const batch = await next;
      if (!batch.length) return;
      const last = batch[batch.length - 1]!;
      // The next page is read while this one is formatted and sent.
      next =
        batch.length === BATCH
          ? page({ at: sql`${last.cursorAt}::timestamptz`, id: last.id })
          : Promise.resolve([] as Awaited<ReturnType<typeof page>>);
      // A download cut short leaves this read unawaited: its failure must not go unhandled.
      next.catch(() => {});
      yield batch.map((application) => ({ application, eventStart }));
    }
  }
  return csvDocument(APPLICATION_COLUMNS, batches());
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
