import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ApplicationReviewSummary } from '@lanyard/shared/review';
import {
  APPLICATIONS_COUNT_AHEAD,
  APPLICATIONS_TEXT_COUNT_AHEAD,
  defaultSortDirection,
  type ApplicationFiltersValue,
  type AdminApplication,
  type AdminApplicationDetail,
  type AdminApplicationsFilters,
  type ApplicationSort,
  type AuditEntry,
  type SortDirection,
} from '@lanyard/shared/admin';
import type { Db, DbOrTx } from '../../db/client';
import { readScoreRules, reviewScores } from '../../db/review-scores';
import { applications, auditLog } from '../../db/schema/index';
import { countUpTo, estimatedRows } from '../../db/search';
import { errors } from '../../errors';
import { applicationFilters, filterContext, narrowedByText, usesScores, type FilterContext } from './filters';
import { reviewSummaries, type Scores } from './review-summary';
import { customAnswersInWords } from '../custom-questions/answers';

type Row = typeof applications.$inferSelect;

/** What a list row shows: the answers (most of a row's bytes) stay in the database until opened. */
const listColumns = {
  id: applications.id,
  userId: applications.userId,
  firstName: applications.firstName,
  lastName: applications.lastName,
  email: applications.email,
  role: applications.role,
  status: applications.status,
  school: applications.school,
  major: applications.major,
  isHighSchool: applications.isHighSchool,
  resumeUploadId: applications.resumeUploadId,
  portfolioUrl: applications.portfolioUrl,
  submittedAt: applications.submittedAt,
  updatedAt: applications.updatedAt,
  rsvpStatus: applications.rsvpStatus,
  preferredName: applications.preferredName,
  schoolName: applications.schoolName,
  pronoun: applications.pronoun,
  reviewCount: applications.reviewCount,
  reviewDisputed: applications.reviewDisputed,
};

export function toAdminApplication(
  row: Pick<Row, keyof typeof listColumns>,
  review: ApplicationReviewSummary,
): AdminApplication {
  return {
    _id: row.id,
    user_id: row.userId,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    role: row.role,
    status: row.status,
    university: row.school,
    major: row.major,
    is_high_school: row.isHighSchool,
    resume_url: row.resumeUploadId ? `/api/upload/file/${row.resumeUploadId}` : null,
    portfolio_url: row.portfolioUrl,
    submitted_at: row.submittedAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    rsvp_status: row.rsvpStatus,
    preferred_name: row.preferredName,
    school_name: row.schoolName,
    pronoun: row.pronoun,
    review,
  };
}

export function toAuditEntry(row: typeof auditLog.$inferSelect): AuditEntry {
  return {
    _id: row.id,
    actor_email: row.actorEmail,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    before: row.before,
    after: row.after,
    created_at: row.createdAt.toISOString(),
  };
}

/** The joined scores' columns, when the list sorts or filters by score. */
const SCORES = 'review_scores';
const SCORE_COLUMNS = {
  scoreRaw: 'score_raw',
  scoreCalibrated: 'score_calibrated',
  score: 'score',
  rank: 'rank',
};
const scoreColumn = (name: keyof typeof SCORE_COLUMNS) => sql.raw(`${SCORES}.${SCORE_COLUMNS[name]}`);

/**
 * The columns each sort orders by, then the id: a total order, so a page never repeats or skips a
 * row. Text compares lower-cased (the database collates bytewise); status follows the enum, which is
 * the workflow order. Each list has its index (migration 0010; submitted_at has its own). Score is
 * the joined review score (db/review-scores.ts), computed, so it has no index.
 */
const SORT_KEYS: Record<Exclude<ApplicationSort, 'score'>, SQL[]> = {
  name: [sql`lower(${applications.firstName})`, sql`lower(${applications.lastName})`],
  status: [sql`${applications.status}`],
  school: [sql`lower(${applications.school})`],
  submitted: [sql`${applications.submittedAt}`],
};

/** ORDER BY of a sort: every key and the id in one direction, so one index serves both ways. */
function orderOf(sort: ApplicationSort, dir: SortDirection): SQL[] {
  const by = dir === 'asc' ? asc : desc;
  if (sort === 'score') {
    // Unscored applications last whichever the direction: they have nothing to compare.
    return [sql`${scoreColumn('score')} ${sql.raw(dir)} nulls last`, by(applications.id)];
  }
  return [...SORT_KEYS[sort], sql`${applications.id}`].map((key) => by(key));
}

/** Whether the page query joins the scores: to sort or filter by them. */
function joinsScores(f: AdminApplicationsFilters): boolean {
  return f.sort === 'score' || usesScores(f);
}

/**
 * One page of the list, as the route runs it (the sort test reads its plan). Without scores, the
 * page's ids are found first from the narrow sort indexes (submitted: migration 0035's covering
 * index, read alone), then only those 50 wide rows are read: page 400 read and sorted every row,
 * 95 ms against 8 ms over 50,000 applications.
 */
export function listQuery(
  db: DbOrTx,
  f: AdminApplicationsFilters,
  ctx: FilterContext,
  opts: { few?: boolean } = {},
) {
  const joined = joinsScores(f);
  const nullScore = sql<number | null>`null::float8`;
  const order = orderOf(f.sort, f.dir ?? defaultSortDirection(f.sort));
  if (!joined) {
    const where = applicationFilters(f, ctx);
    // Few matches (the count said so, see sortsAmongMatches): found first, then ordered by the sort
    // keys, rather than by walking the sort index past every row that does not match.
    const matches = db.select({ id: applications.id }).from(applications).where(where);
    const page = db
      .select({ id: applications.id })
      .from(applications)
      .where(opts.few ? sql`${applications.id} = any(array(${matches}))` : where)
      .orderBy(...order)
      .limit(f.limit)
      .offset((f.page - 1) * f.limit);
    return (
      db
        .select({
          ...listColumns,
          scoreRaw: nullScore,
          scoreCalibrated: nullScore,
          score: nullScore,
          rank: sql<number | null>`null::int`,
        })
        .from(applications)
        // An array, not IN: the 50 rows are fetched by id, never by a scan joined to the page.
        .where(sql`${applications.id} = any(array(${page}))`)
        .orderBy(...order)
    );
  }
  const query = db
    .select({
      ...listColumns,
      scoreRaw: joined ? sql<number | null>`${scoreColumn('scoreRaw')}` : nullScore,
      scoreCalibrated: joined ? sql<number | null>`${scoreColumn('scoreCalibrated')}` : nullScore,
      score: joined ? sql<number | null>`${scoreColumn('score')}` : nullScore,
      rank: joined ? sql<number | null>`${scoreColumn('rank')}` : sql<number | null>`null::int`,
    })
    .from(applications)
    .$dynamic();
  const withScores = joined
    ? query.leftJoin(
        sql`${reviewScores(ctx.rules)} as ${sql.raw(SCORES)}`,
        sql`${sql.raw(SCORES)}.application_id = ${applications.id}`,
      )
    : query;
  return withScores
    .where(applicationFilters(f, ctx, joined ? { column: scoreColumn('score') } : undefined))
    .orderBy(...orderOf(f.sort, f.dir ?? defaultSortDirection(f.sort)))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
}

/**
 * How many applications the list's filter matches, counting no further than `upTo` (null: all).
 */
async function countMatching(db: Db, where: SQL | undefined, upTo: number | null): Promise<number> {
  if (upTo === null) return (await db.select({ n: count() }).from(applications).where(where))[0]?.n ?? 0;
  return countUpTo(db, applications, where, upTo);
}

/** What reading one match in full costs, in index entries a walk passes (measured, see below). */
const MATCH_COST = 40;

/**
 * Whether a page is better found among the filter's n matches, each read in full and then sorted,
 * than by walking the sort index until the page is full. The walk passes about N x (offset + limit)
 * / n entries of the table's N (`tableRows`). Over 50,000 applications a request sorting 645 matches
 * took 27 ms against 17 ms walking, and one sorting 105 took 14 against 21 ms. Only an exact count
 * says how many there are: a capped one is a lower bound, and its matches may be the whole table.
 */
export function sortsAmongMatches(
  n: number,
  exact: boolean,
  tableRows: number,
  f: Pick<AdminApplicationsFilters, 'page' | 'limit'>,
): boolean {
  return exact && n * n * MATCH_COST <= tableRows * f.page * f.limit;
}

/**
 * One page of the list, and how many match: exactly up to APPLICATIONS_COUNT_AHEAD past the page's
 * first row (APPLICATIONS_TEXT_COUNT_AHEAD when narrowed by text), then "at least" (`total_capped`).
 * Counting every match of a two-letter search among 500,000 applications read them all (381 ms at
 * p95, against 67 ms at 50,000); an event's unnarrowed list is never that long, so its count stays
 * exact.
 */
export async function listApplications(db: Db, f: AdminApplicationsFilters, eventStartDate: string) {
  const ctx = await filterContext(db, eventStartDate);
  const where = applicationFilters(f, ctx);
  const ahead = narrowedByText(f) ? APPLICATIONS_TEXT_COUNT_AHEAD : APPLICATIONS_COUNT_AHEAD;
  const bound = (f.page - 1) * f.limit + ahead;
  // Counted first: the count tells the page how to find its rows, and that there are none to find.
  const n = await countMatching(db, where, bound);
  // With no match at all there is no page to find: walking for one took 940 ms over 500,000.
  const rows =
    n === 0
      ? []
      : await listQuery(db, f, ctx, {
          few: sortsAmongMatches(n, n <= bound, await estimatedRows(db, 'applications'), f),
        });
  const total = Math.min(n, bound);
  const known = joinsScores(f)
    ? new Map<string, Scores>(
        rows.map((r) => [
          r.id,
          { scoreRaw: r.scoreRaw, scoreCalibrated: r.scoreCalibrated, score: r.score, rank: r.rank },
        ]),
      )
    : undefined;
  const summaries = await reviewSummaries(db, ctx.rules, rows, known);
  return {
    applications: rows.map((r) => toAdminApplication(r, summaries.get(r.id)!)),
    total,
    total_capped: n > bound,
    page: f.page,
    pages: Math.max(1, Math.ceil(total / f.limit)),
  };
}

/** The exact number a filter matches, for "Select all N matching" when the list's count is capped. */
export async function countApplications(db: Db, f: ApplicationFiltersValue, eventStartDate: string) {
  const ctx = await filterContext(db, eventStartDate);
  return { total: await countMatching(db, applicationFilters(f, ctx), null) };
}

export async function getApplicationDetail(db: Db, id: string): Promise<AdminApplicationDetail> {
  const [row] = await db.select().from(applications).where(eq(applications.id, id));
  if (!row) throw errors.notFound('Application not found.');
  const rules = await readScoreRules(db);
  const summary = (await reviewSummaries(db, rules, [row])).get(row.id)!;
  const history = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'application'), eq(auditLog.targetId, id)))
    .orderBy(desc(auditLog.createdAt))
    .limit(100);
  return {
    ...toAdminApplication(row, summary),
    answers: row.answers as Record<string, unknown>,
    access_code_used: row.accessCodeUsed,
    linkedin_url: row.linkedinUrl,
    github_url: row.githubUrl,
    liability_waiver_accepted: row.liabilityWaiverAccepted,
    photo_clearance_accepted: row.photoClearanceAccepted,
    photo_sharing_opt_out: row.photoSharingOptOut,
    history: history.map(toAuditEntry),
    custom: await customAnswersInWords(db, row, undefined),
  };
}

export async function applicationStats(db: DbOrTx) {
  const [totals, byStatus, byRole, perDay, schools, shirts] = await Promise.all([
    db.select({ n: count() }).from(applications),
    db.select({ k: applications.status, n: count() }).from(applications).groupBy(applications.status),
    db.select({ k: applications.role, n: count() }).from(applications).groupBy(applications.role),
    db
      .select({
        d: sql<string>`to_char(${applications.submittedAt} at time zone 'UTC', 'YYYY-MM-DD')`,
        n: count(),
      })
      .from(applications)
      .groupBy(sql`1`)
      .orderBy(sql`1`),
    db
      .select({ k: applications.school, n: count() })
      .from(applications)
      .groupBy(applications.school)
      .orderBy(desc(count()))
      .limit(10),
    db
      .select({ k: sql<string>`coalesce(${applications.shirtSize}, 'unknown')`, n: count() })
      .from(applications)
      .groupBy(sql`1`),
  ]);
  const record = (rows: { k: string | null; n: number }[]) =>
    Object.fromEntries(rows.map((r) => [r.k ?? 'unknown', r.n]));
  return {
    total: totals[0]?.n ?? 0,
    by_status: record(byStatus),
    by_role: record(byRole),
    per_day: perDay.map((r) => ({ date: r.d, count: r.n })),
    top_schools: schools.map((r) => ({ name: r.k, count: r.n })),
    shirt_sizes: record(shirts),
  };
}
