import type { EventConfig } from '@lanyard/shared/event';
import type { ScanResult } from '@lanyard/shared/stations';
import type { Db } from '../../db/client';
import type { AuditActor } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/pg-errors';
import { applyScan, type ScanInput } from './scan';

/**
 * applyScan in a transaction of its own. The same device scan sent twice at once (a retry crossing
 * the first request) meets the unique key: the second try then finds the first one's row.
 */
export async function scanOnce(
  db: Db,
  actor: AuditActor,
  event: EventConfig,
  input: ScanInput,
): Promise<ScanResult> {
  try {
    return await db.transaction((tx) => applyScan(tx, actor, event, input));
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return db.transaction((tx) => applyScan(tx, actor, event, input));
  }
}
