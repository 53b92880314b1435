import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminUser, auditQuerySchema } from '@lanyard/shared/admin';
import { AWAITING_DECISION_STATUSES, STAFF_ROLES, type UserRole } from '@lanyard/shared/constants';
import type { Db } from '../../db/client';
import { applicationDrafts, applications, auditLog, users } from '../../db/schema/index';
import { AppError, errors } from '../../errors';
import { audit, type AuditActor } from '../../lib/audit';
import type { Storage } from '../../lib/storage';
import { hashPassword, weakPasswordReason } from '../auth/passwords';
import { revokeAllSessions } from '../auth/sessions';
import { deleteApplications } from '../admin-applications/delete';
import { toAuditEntry } from '../admin-applications/service';
import { containsPattern } from '../../db/search';
import { isUniqueViolation } from '../../lib/pg-errors';
import { endsSessions, mayChangeRole } from '../../policies/users';
import { deleteAccounts } from '../privacy/deletion';

export interface UserFilters {
  search?: string;
  role?: UserRole[];
  status?: ('not_started' | 'pending' | 'accepted' | 'rejected' | 'waitlisted')[];
}

function statusExpr(): SQL<AdminUser['application_status']> {
  return sql<AdminUser['application_status']>`case
    when ${inArray(users.role, [...STAFF_ROLES])} then 'admin'
    when ${applications.id} is null and ${applicationDrafts.userId} is not null then 'in_progress'
    when ${applications.id} is null then 'not_started'
    when ${applications.status} = 'submitted' then 'pending'
    else ${applications.status}::text end`;
}

export function userFilters(f: UserFilters): SQL | undefined {
  const where: SQL[] = [];
  if (f.search) where.push(sql`${users.email} ilike ${containsPattern(f.search)}`);
  if (f.role?.length) where.push(inArray(users.role, f.role));
  if (f.status?.length) {
    // Each status asks the account's application by the unique user_id index (EXISTS), so the
    // filter needs no join: the list pages accounts first and the count reads accounts alone.
    const parts: SQL[] = [];
    const decided = f.status.filter((s) => s !== 'not_started' && s !== 'pending') as (
      'accepted' | 'rejected' | 'waitlisted'
    )[];
    const applicationWith = (condition: SQL) =>
      sql`exists (select 1 from ${applications} as status_app where status_app.user_id = ${users.id} and ${condition})`;
    const statusIn = (statuses: readonly string[]) =>
      sql`status_app.status in (${sql.join(
        statuses.map((st) => sql`${st}`),
        sql`, `,
      )})`;
    // Kept by a trigger on applications (migration 0034), with a partial index of its own.
    if (f.status.includes('not_started'))
      parts.push(and(eq(users.applied, false), inArray(users.role, ['hacker', 'mentor']))!);
    if (f.status.includes('pending')) parts.push(applicationWith(statusIn(AWAITING_DECISION_STATUSES)));
    if (decided.length) parts.push(applicationWith(statusIn(decided)));
    where.push(or(...parts)!);
  }
  return where.length ? and(...where) : undefined;
}

/** Users joined with their application (and draft), as the admin list and the CSV export read them. */
export function usersQuery(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      emailVerifiedAt: users.emailVerifiedAt,
      createdAt: users.createdAt,
      applicationId: applications.id,
      status: statusExpr(),
    })
    .from(users)
    .leftJoin(applications, eq(applications.userId, users.id))
    .leftJoin(applicationDrafts, eq(applicationDrafts.userId, users.id))
    .where(where);
}

export type UserListRow = Awaited<ReturnType<ReturnType<typeof usersQuery>['execute']>>[number];

export function toAdminUser(r: UserListRow): AdminUser {
  return {
    _id: r.id,
    email: r.email,
    role: r.role,
    application_status: r.status,
    application_id: r.applicationId,
    email_verified: r.emailVerifiedAt !== null,
    created_at: r.createdAt.toISOString(),
  };
}

/** A sponsor account needs its company and window: it is made under Sponsors (modules/sponsors). */
function refuseBareSponsor(role: UserRole | undefined): void {
  if (role === 'sponsor')
    throw errors.badRequest(
      'Create sponsor accounts under Sponsors, with their company and access window.',
      'sponsor_needs_company',
    );
}

/**
 * Nothing reads the application but the 50 rows shown: the page is found in the users' e-mail
 * index first (the filters ask applications through EXISTS), then joined. Joining first made PostgreSQL join and sort every
 * account for a deep page (page 400 of 51,000 accounts: 213 ms against 24 ms).
 */
function pageQuery(db: Db, f: UserFilters & { page: number; limit: number }, where: SQL | undefined) {
  const offset = (f.page - 1) * f.limit;
  const page = db
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(asc(users.email))
    .limit(f.limit)
    .offset(offset);
  return usersQuery(db, inArray(users.id, page)).orderBy(asc(users.email));
}

export async function listUsers(db: Db, f: UserFilters & { page: number; limit: number }) {
  const where = userFilters(f);
  const [rows, [total]] = await Promise.all([
    pageQuery(db, f, where),
    db.select({ n: count() }).from(users).where(where),
  ]);
  const n = total?.n ?? 0;
  return { users: rows.map(toAdminUser), total: n, page: f.page, pages: Math.max(1, Math.ceil(n / f.limit)) };
}

export async function getUser(db: Db, id: string): Promise<AdminUser> {
  const [row] = await usersQuery(db, eq(users.id, id));
  if (!row) throw errors.notFound('User not found.');
  return toAdminUser(row);
}

export async function createUser(
  db: Db,
  actor: AuditActor,
  body: { email: string; password: string; role: UserRole },
) {
  refuseBareSponsor(body.role);
  const weak = weakPasswordReason(body.password, body.email);
  if (weak) throw new AppError(400, 'weak_password', weak);
  const passwordHash = await hashPassword(body.password);
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ email: body.email, passwordHash, role: body.role, emailVerifiedAt: new Date() })
        .returning({ id: users.id });
      await audit(tx, actor, {
        action: 'user.create',
        targetType: 'user',
        targetId: row!.id,
        after: { email: body.email, role: body.role },
      });
      return row!.id;
    });
    return getUser(db, id);
  } catch (err) {
    if (isUniqueViolation(err))
      throw errors.conflict('An account with this email already exists.', 'email_taken');
    throw err;
  }
}

export async function updateUser(
  db: Db,
  actor: AuditActor,
  id: string,
  body: { email?: string; role?: UserRole },
) {
  refuseBareSponsor(body.role);
  if (!mayChangeRole(actor.id, id, body.role)) {
    throw errors.badRequest('You cannot remove your own admin role.', 'self_demotion');
  }
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ email: users.email, role: users.role })
        .from(users)
        .where(eq(users.id, id))
        .for('update');
      if (!before) throw errors.notFound('User not found.');
      await tx
        .update(users)
        .set({ ...body, updatedAt: new Date() })
        .where(eq(users.id, id));
      // A role change takes effect at once: old sessions carried the old permissions.
      if (endsSessions(before.role, body.role)) await revokeAllSessions(tx, id);
      await audit(tx, actor, {
        action: 'user.update',
        targetType: 'user',
        targetId: id,
        before,
        after: { ...before, ...body },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw errors.conflict('An account with this email already exists.', 'email_taken');
    throw err;
  }
  return getUser(db, id);
}

export async function setPassword(db: Db, actor: AuditActor, id: string, password: string): Promise<void> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
  if (!user) throw errors.notFound('User not found.');
  const weak = weakPasswordReason(password, user.email);
  if (weak) throw new AppError(400, 'weak_password', weak);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
    await revokeAllSessions(tx, id);
    // The hash itself never goes into the audit log.
    await audit(tx, actor, { action: 'user.password', targetType: 'user', targetId: id });
  });
}

/** Deletes users and everything of theirs, through the one deletion service (modules/privacy). */
export async function deleteUsers(
  db: Db,
  storage: Storage,
  actor: AuditActor,
  ids: string[],
  requireAll: boolean,
) {
  return deleteAccounts(db, storage, actor, ids, { requireAll, self: false });
}

/** Deletes the user's application and its files so they can apply again. */
export async function resetApplication(
  db: Db,
  storage: Storage,
  actor: AuditActor,
  userId: string,
): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw errors.notFound('User not found.');
  const [app] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.userId, userId));
  if (!app) throw errors.notFound('This user has no application to reset.', 'no_application');
  await deleteApplications(
    db,
    storage,
    actor,
    { ids: [app.id] },
    {
      requireAll: true,
      action: 'application.reset',
    },
  );
}

export async function userStats(db: Db) {
  const [total, byRole, byStatus] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ k: users.role, n: count() }).from(users).groupBy(users.role),
    db
      .select({ k: statusExpr(), n: count() })
      .from(users)
      .leftJoin(applications, eq(applications.userId, users.id))
      .leftJoin(applicationDrafts, eq(applicationDrafts.userId, users.id))
      .groupBy(sql`1`),
  ]);
  return {
    total: total[0]?.n ?? 0,
    by_role: Object.fromEntries(byRole.map((r) => [r.k, r.n])),
    by_status: Object.fromEntries(byStatus.map((r) => [r.k, r.n])),
  };
}

/** The audit log, newest first, optionally of one target. */
export async function listAudit(db: Db, q: z.output<typeof auditQuerySchema>) {
  const where = and(
    q.target_type ? eq(auditLog.targetType, q.target_type) : undefined,
    q.target_id ? eq(auditLog.targetId, q.target_id) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { entries: rows.map(toAuditEntry), total: total?.n ?? 0 };
}
