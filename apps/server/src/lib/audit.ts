import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema/index';

export interface AuditActor {
  id: string | null;
  email: string | null;
  ip?: string | null;
}

/** Appends one row per admin action: who, what, when, before/after. */
export async function audit(
  db: DbOrTx,
  actor: AuditActor,
  entry: { action: string; targetType: string; targetId?: string | null; before?: unknown; after?: unknown },
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    ip: actor.ip ?? null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
