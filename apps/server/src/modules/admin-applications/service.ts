import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  AdminApplication,
  AdminApplicationDetail,
  AdminApplicationsFilters,
  AuditEntry,
  DecisionCounts,
  DecisionsPreview,
  DecisionsResult,
} from '@lanyard/shared/admin';
import type { ApplicantRole, ApplicationStatus } from '@lanyard/shared/constants';
import type { Db, DbOrTx } from '../../db/client';
import { applicationDrafts, applications, auditLog, settings, uploads } from '../../db/schema/index';
import { errors } from '../../errors';
import { audit, type AuditActor } from '../../lib/audit';
import type { Storage } from '../../lib/storage';
import type { AppConfig } from '../../config';
import { announceDecisions, previewDecisionEmails, queueDecisionEmailsIfReleased } from '../email/notify';
import { VOIDED_RSVP, voidsRsvp } from '../../policies/rsvp';
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

export async function listApplications(db: Db, f: AdminApplicationsFilters, eventStartDate: string) {
  const where = applicationFilters(f, eventStartDate);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(listColumns)
      .from(applications)
      .where(where)
      .orderBy(desc(applications.submittedAt), asc(applications.id))
      .limit(f.limit)
      .offset((f.page - 1) * f.limit),
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

/** What an RSVP held, for the audit row that records it being voided. */
const rsvpColumns = {
  rsvpStatus: applications.rsvpStatus,
  rsvpAt: applications.rsvpAt,
  preferredName: applications.preferredName,
  schoolName: applications.schoolName,
  pronoun: applications.pronoun,
  linkedinUrl: applications.linkedinUrl,
  githubUrl: applications.githubUrl,
  liabilityWaiverAccepted: applications.liabilityWaiverAccepted,
  photoClearanceAccepted: applications.photoClearanceAccepted,
  photoSharingOptOut: applications.photoSharingOptOut,
};

function rsvpSnapshot(r: Pick<Row, 'status' | keyof typeof rsvpColumns>) {
  return {
    status: r.status,
    rsvp_status: r.rsvpStatus,
    rsvp_at: r.rsvpAt?.toISOString() ?? null,
    preferred_name: r.preferredName,
    school_name: r.schoolName,
    pronoun: r.pronoun,
    linkedin_url: r.linkedinUrl,
    github_url: r.githubUrl,
    liability_waiver_accepted: r.liabilityWaiverAccepted,
    photo_clearance_accepted: r.photoClearanceAccepted,
    photo_sharing_opt_out: r.photoSharingOptOut,
  };
}

/**
 * Sets one status for many applications in one transaction; one audit row per change, and one more
 * for each RSVP the change voids.
 */
export async function setStatuses(
  db: Db,
  actor: AuditActor,
  ids: string[],
  status: ApplicationStatus,
  opts: { requireAll: boolean; config: AppConfig },
): Promise<number> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const current = await tx
      .select({ id: applications.id, status: applications.status, ...rsvpColumns })
      .from(applications)
      .where(inArray(applications.id, unique))
      .orderBy(asc(applications.id))
      .for('update');
    if (opts.requireAll && current.length !== unique.length) throw errors.notFound('Application not found.');
    if (!current.length) return 0;
    const now = new Date();
    await tx
      .update(applications)
      .set({ status, updatedAt: now, decidedAt: status === 'pending' || status === 'submitted' ? null : now })
      .where(
        inArray(
          applications.id,
          current.map((c) => c.id),
        ),
      );
    // A recorded RSVP answered the old decision: it stops counting with the change (policies/rsvp).
    const voided = current.filter((c) => voidsRsvp(c, status));
    if (voided.length) {
      await tx
        .update(applications)
        .set(VOIDED_RSVP)
        .where(
          inArray(
            applications.id,
            voided.map((c) => c.id),
          ),
        );
    }
    await tx.insert(auditLog).values([
      ...current.map((c) => ({
        actorId: actor.id,
        actorEmail: actor.email,
        ip: actor.ip ?? null,
        action: unique.length > 1 || !opts.requireAll ? 'application.bulk_status' : 'application.status',
        targetType: 'application',
        targetId: c.id,
        before: { status: c.status },
        after: { status },
      })),
      ...voided.map((c) => ({
        actorId: actor.id,
        actorEmail: actor.email,
        ip: actor.ip ?? null,
        action: 'rsvp.void',
        targetType: 'application',
        targetId: c.id,
        before: rsvpSnapshot(c),
        after: { status, rsvp_status: null, reason: 'decision_changed' },
      })),
    ]);
    // Once a role's decisions are out, a new decision is announced right away.
    await queueDecisionEmailsIfReleased(
      tx,
      opts.config,
      current.map((c) => c.id),
    );
    return current.length;
  });
}

/**
 * Deletes applications with their resumes: rows in one transaction, then the files (a file whose
 * delete fails is an orphan the sweep removes). Drafts of those users are removed too.
 */
export async function deleteApplications(
  db: Db,
  storage: Storage,
  actor: AuditActor,
  ids: string[],
  opts: { requireAll: boolean; action?: string },
): Promise<number> {
  const unique = [...new Set(ids)];
  const { deleted, keys } = await db.transaction(async (tx) => {
    const rows = await tx.select().from(applications).where(inArray(applications.id, unique)).for('update');
    if (opts.requireAll && rows.length !== unique.length) throw errors.notFound('Application not found.');
    if (!rows.length) return { deleted: 0, keys: [] as string[] };
    const uploadIds = rows.map((r) => r.resumeUploadId).filter((v): v is string => v !== null);
    await tx.delete(applications).where(
      inArray(
        applications.id,
        rows.map((r) => r.id),
      ),
    );
    await tx.delete(applicationDrafts).where(
      inArray(
        applicationDrafts.userId,
        rows.map((r) => r.userId),
      ),
    );
    const removed = uploadIds.length
      ? await tx.delete(uploads).where(inArray(uploads.id, uploadIds)).returning({ key: uploads.storageKey })
      : [];
    await tx.insert(auditLog).values(
      rows.map((r) => ({
        actorId: actor.id,
        actorEmail: actor.email,
        ip: actor.ip ?? null,
        action: opts.action ?? 'application.delete',
        targetType: 'application',
        targetId: r.id,
        before: {
          user_id: r.userId,
          email: r.email,
          name: `${r.firstName} ${r.lastName}`,
          status: r.status,
          role: r.role,
        },
        after: null,
      })),
    );
    return { deleted: rows.length, keys: removed.map((r) => r.key) };
  });
  await Promise.all(keys.map((k) => storage.remove(k).catch(() => {})));
  return deleted;
}

const FINALIZED = ['accepted', 'waitlisted', 'rejected'] as const;

/** Finalized decisions of one role, per decision: who sees a decision once the role is released. */
async function decisionCounts(
  db: DbOrTx,
  role: ApplicantRole,
): Promise<{ total: number; counts: DecisionCounts }> {
  const rows = await db
    .select({ status: applications.status, n: count() })
    .from(applications)
    .where(and(eq(applications.role, role), inArray(applications.status, [...FINALIZED])))
    .groupBy(applications.status);
  const counts: DecisionCounts = { accepted: 0, waitlisted: 0, rejected: 0 };
  for (const r of rows) counts[r.status as keyof DecisionCounts] = r.n;
  return { total: counts.accepted + counts.waitlisted + counts.rejected, counts };
}

async function isReleased(db: DbOrTx, role: ApplicantRole): Promise<boolean> {
  const column = role === 'mentor' ? settings.mentorDecisionsReleased : settings.hackerDecisionsReleased;
  const [row] = await db.select({ released: column }).from(settings).where(eq(settings.id, 1));
  return row?.released ?? false;
}

/**
 * What releasing a role's decisions would do now. The counts and e-mails come from the queries the
 * release itself runs, so the dialog and the release agree unless a decision changes in between
 * (the release then reports what it did).
 */
export async function previewRelease(
  db: Db,
  role: ApplicantRole,
  config: AppConfig,
): Promise<DecisionsPreview> {
  // One snapshot, so the counts and the e-mails describe the same moment.
  return db.transaction(
    async (tx) => {
      const [released, { total, counts }, mail] = [
        await isReleased(tx, role),
        await decisionCounts(tx, role),
        await previewDecisionEmails(tx, config, role),
      ];
      return {
        role,
        released,
        applicants: total,
        counts,
        emails: mail.emails,
        email_counts: mail.emailCounts,
        samples: mail.samples,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * Release or unrelease one role's decisions, in one transaction; answers (and audits) what it did:
 * how many applicants see a decision, per decision, and how many e-mails were queued. A release
 * without e-mail marks the decisions as announced and queues nothing.
 */
export async function setDecisionsReleased(
  db: Db,
  actor: AuditActor,
  role: ApplicantRole,
  released: boolean,
  config: AppConfig,
  opts: { sendEmail: boolean } = { sendEmail: true },
): Promise<DecisionsResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from settings where id = 1 for update`);
    const before = await isReleased(tx, role);
    await tx
      .update(settings)
      .set(
        role === 'mentor'
          ? { mentorDecisionsReleased: released, updatedAt: new Date() }
          : { hackerDecisionsReleased: released, updatedAt: new Date() },
      )
      .where(eq(settings.id, 1));
    // The e-mails are queued with the release (the outbox worker sends them in the background).
    const { emailsQueued, announcedWithoutEmail } = released
      ? await announceDecisions(tx, config, { role }, { sendEmail: opts.sendEmail })
      : { emailsQueued: 0, announcedWithoutEmail: 0 };
    // Counted after announceDecisions has locked the due rows: the numbers describe this release.
    const { total, counts } = await decisionCounts(tx, role);
    await audit(tx, actor, {
      action: released ? 'decisions.release' : 'decisions.unrelease',
      targetType: 'decisions',
      targetId: role,
      before: { released: before },
      after: released
        ? {
            released,
            send_email: opts.sendEmail,
            applicants: total,
            counts,
            emails_queued: emailsQueued,
            announced_without_email: announcedWithoutEmail,
          }
        : { released, applicants: total, counts },
    });
    return {
      role,
      released,
      affected: total,
      counts,
      emails_queued: emailsQueued,
      announced_without_email: announcedWithoutEmail,
    };
  });
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
