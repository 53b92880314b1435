import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applicationDrafts, applications, uploads } from '../../db/schema/index';
import { errors } from '../../errors';
import { auditMany, type AuditActor } from '../../lib/audit';
import type { Storage } from '../../lib/storage';
import { auditFilterAction, checkCount, idIn, targetWhere, type BulkTarget } from './targets';

/**
 * Deletes applications (listed, or all a filter matches) with their resumes: rows in one
 * transaction, then the files (a file whose delete fails is an orphan the sweep removes). Drafts of
 * those users are removed too.
 */
export async function deleteApplications(
  db: Db,
  storage: Storage,
  actor: AuditActor,
  target: BulkTarget,
  opts: { requireAll: boolean; action?: string },
): Promise<number> {
  const { deleted, keys } = await db.transaction(async (tx) => {
    // Only what the audit row and the clean-up need: the answers stay in the database.
    const rows = await tx
      .select({
        id: applications.id,
        userId: applications.userId,
        email: applications.email,
        firstName: applications.firstName,
        lastName: applications.lastName,
        status: applications.status,
        role: applications.role,
        resumeUploadId: applications.resumeUploadId,
      })
      .from(applications)
      .where(await targetWhere(tx, target))
      // Locked in id order, as setStatuses locks: two bulk actions never wait on each other in a cycle.
      .orderBy(asc(applications.id))
      .for('update');
    checkCount(target, rows.length);
    if (opts.requireAll && 'ids' in target && rows.length !== new Set(target.ids).size) {
      throw errors.notFound('Application not found.');
    }
    if (!rows.length) return { deleted: 0, keys: [] as string[] };
    const uploadIds = rows.map((r) => r.resumeUploadId).filter((v): v is string => v !== null);
    await tx.delete(applications).where(idIn(rows.map((r) => r.id)));
    await tx
      .delete(applicationDrafts)
      .where(sql`${applicationDrafts.userId} = any(${sql.param(rows.map((r) => r.userId))}::uuid[])`);
    const removed = uploadIds.length
      ? await tx
          .delete(uploads)
          .where(sql`${uploads.id} = any(${sql.param(uploadIds)}::uuid[])`)
          .returning({ key: uploads.storageKey })
      : [];
    await auditMany(
      tx,
      actor,
      rows.map((r) => ({
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
    await auditFilterAction(tx, actor, target, 'application.bulk_delete', {});
    return { deleted: rows.length, keys: removed.map((r) => r.key) };
  });
  // A few files at a time: thousands of removals at once would run out of file descriptors.
  for (let i = 0; i < keys.length; i += 50) {
    await Promise.all(keys.slice(i, i + 50).map((k) => storage.remove(k).catch(() => {})));
  }
  return deleted;
}
