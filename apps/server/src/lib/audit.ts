import { sql, type SQL } from 'drizzle-orm';
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

/** Rows per statement: a bulk action's rows go as a few column arrays, not thousands of parameters. */
const AUDIT_BATCH = 5000;

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/**
 * The INSERT of one audit row, for a statement that writes it beside its own change (a data-modifying
 * WITH), saving the round trip on hot paths such as station scans.
 */
export function auditStatement(actor: AuditActor, entry: AuditEntryInput): SQL {
  return sql`
    insert into ${auditLog} (actor_id, actor_email, ip, action, target_type, target_id, before, after)
    values (${actor.id}::uuid, ${actor.email}, ${actor.ip ?? null}, ${entry.action}, ${entry.targetType},
            ${entry.targetId ?? null}, ${json(entry.before)}::jsonb, ${json(entry.after)}::jsonb)`;
}

/** Appends one row per admin action: who, what, when, before/after. */
export async function audit(db: DbOrTx, actor: AuditActor, entry: AuditEntryInput): Promise<void> {
  await db.execute(auditStatement(actor, entry));
}

/**
 * Appends many rows (a bulk action's, one per application) in its transaction: each batch is one
 * statement with one array per column (PostgreSQL takes at most 65,535 parameters per statement).
 */
export async function auditMany(
  db: DbOrTx,
  actor: AuditActor,
  entries: readonly AuditEntryInput[],
): Promise<void> {
  for (let i = 0; i < entries.length; i += AUDIT_BATCH) {
    const batch = entries.slice(i, i + AUDIT_BATCH);
    const column = <T>(pick: (e: AuditEntryInput) => T) => sql.param(batch.map(pick));
    await db.execute(sql`
      insert into ${auditLog} (actor_id, actor_email, ip, action, target_type, target_id, before, after)
      select ${actor.id}::uuid, ${actor.email}, ${actor.ip ?? null}, u.action, u.target_type, u.target_id,
             u.before::jsonb, u.after::jsonb
        from unnest(${column((e) => e.action)}::text[], ${column((e) => e.targetType)}::text[],
                    ${column((e) => e.targetId ?? null)}::text[], ${column((e) => json(e.before))}::text[],
                    ${column((e) => json(e.after))}::text[])
          as u(action, target_type, target_id, before, after)`);
  }
}
