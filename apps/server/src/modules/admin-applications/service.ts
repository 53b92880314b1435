import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  defaultSortDirection,
  type AdminApplication,
  type AdminApplicationDetail,
  type AdminApplicationsFilters,
  type ApplicationSort,
  type AuditEntry,
  type SortDirection,
} from '@lanyard/shared/admin';
import type { Db, DbOrTx } from '../../db/client';
import { applications, auditLog } from '../../db/schema/index';
import { errors } from '../../errors';
import { applicationFilters } from './filters';

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
};

export function toAdminApplication(row: Pick<Row, keyof typeof listColumns>): AdminApplication {
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

/**
 * The columns each sort orders by, then the id: a total order, so a page never repeats or skips a
 * row. Text compares lower-cased (the database collates bytewise); status follows the enum, which is
 * the workflow order. Each list has its index (migration 0010; submitted_at has its own).
 */
const SORT_KEYS: Record<ApplicationSort, SQL[]> = {
  name: [sql`lower(${applications.firstName})`, sql`lower(${applications.lastName})`],
  status: [sql`${applications.status}`],
  school: [sql`lower(${applications.school})`],
  submitted: [sql`${applications.submittedAt}`],
};

/** ORDER BY of a sort: every key and the id in one direction, so one index serves both ways. */
function orderOf(sort: ApplicationSort, dir: SortDirection): SQL[] {
  const by = dir === 'asc' ? asc : desc;
  return [...SORT_KEYS[sort], sql`${applications.id}`].map((key) => by(key));
}

/** One page of the list, as the route runs it (the sort test reads its plan). */
export function listQuery(db: DbOrTx, f: AdminApplicationsFilters, eventStartDate: string) {
  return db
    .select(listColumns)
    .from(applications)
    .where(applicationFilters(f, eventStartDate))
    .orderBy(...orderOf(f.sort, f.dir ?? defaultSortDirection(f.sort)))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
}

export async function listApplications(db: Db, f: AdminApplicationsFilters, eventStartDate: string) {
  const where = applicationFilters(f, eventStartDate);
  const [rows, [totalRow]] = await Promise.all([
    listQuery(db, f, eventStartDate),
    db.select({ n: count() }).from(applications).where(where),
  ]);
  const total = totalRow?.n ?? 0;
  return {
    applications: rows.map(toAdminApplication),
    total,
    page: f.page,
    pages: Math.max(1, Math.ceil(total / f.limit)),
  };
}

export async function getApplicationDetail(db: Db, id: string): Promise<AdminApplicationDetail> {
  const [row] = await db.select().from(applications).where(eq(applications.id, id));
  if (!row) throw errors.notFound('Application not found.');
  const history = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'application'), eq(auditLog.targetId, id)))
    .orderBy(desc(auditLog.createdAt))
    .limit(100);
  return {
    ...toAdminApplication(row),
    answers: row.answers as Record<string, unknown>,
    access_code_used: row.accessCodeUsed,
    linkedin_url: row.linkedinUrl,
    github_url: row.githubUrl,
    liability_waiver_accepted: row.liabilityWaiverAccepted,
    photo_clearance_accepted: row.photoClearanceAccepted,
    photo_sharing_opt_out: row.photoSharingOptOut,
    history: history.map(toAuditEntry),
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
