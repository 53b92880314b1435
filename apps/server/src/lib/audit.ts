import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema/index';

export interface AuditActor {
  id: string | null;
  email: string | null;
  ip?: string | null;
}

export interface AuditEntryInput {
  action: string;
  targetType: string;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Rows per statement: 8 parameters each stays far below PostgreSQL's 65,535 per statement. */
const AUDIT_BATCH = 1000;

/** Appends one row per admin action: who, what, when, before/after. */
export async function audit(db: DbOrTx, actor: AuditActor, entry: AuditEntryInput): Promise<void> {
  await auditMany(db, actor, [entry]);
}

/** Appends many rows (a bulk action's, one per application) in batches; call it in the action's transaction. */
export async function auditMany(
  db: DbOrTx,
  actor: AuditActor,
  entries: readonly AuditEntryInput[],
): Promise<void> {
  for (let i = 0; i < entries.length; i += AUDIT_BATCH) {
    await db.insert(auditLog).values(
      entries.slice(i, i + AUDIT_BATCH).map((entry) => ({
        actorId: actor.id,
        actorEmail: actor.email,
        ip: actor.ip ?? null,
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId ?? null,
        before: entry.before ?? null,
        after: entry.after ?? null,
      })),
    );
  }
}
