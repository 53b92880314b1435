import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applicationDrafts, applications, auditLog, uploads } from '../../db/schema/index';
import { errors } from '../../errors';
import type { AuditActor } from '../../lib/audit';
import type { Storage } from '../../lib/storage';

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
