import type { EventConfig } from '@lanyard/shared/event';
import type { ScanResult } from '@lanyard/shared/stations';
import type { Db } from '../../db/client';
import type { AuditActor } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/pg-errors';
import { publishCheckin, type Publish } from '../checkin/live';
import { applyScan, type ScanInput } from './scan';

/**
 * applyScan in a transaction of its own. The same device scan sent twice at once (a retry crossing
 * the first request) meets the unique key: the second try then finds the first one's row.
 *
 * The desks hear of the scan after the commit, not by NOTIFY inside it: PostgreSQL holds one lock
 * for every notifying transaction through its commit's flush to disk, so eight stations scanning at
 * once would commit one after another (p95 90-120 ms instead of a few). After the commit, a NOTIFY
 * writes nothing to disk. A crash between the two loses a live update, never a scan: scanners also
 * refetch counts every 30 s and their list every minute.
 */
export async function scanOnce(
  db: Db,
  actor: AuditActor,
  event: EventConfig,
  input: ScanInput,
): Promise<ScanResult> {
  let events: Parameters<Publish>[0][] = [];
  const collect: Publish = async (e) => {
    events.push(e);
  };
  const attempt = () => {
    events = [];
    return db.transaction((tx) => applyScan(tx, actor, event, input, collect));
  };
  let result: ScanResult;
  try {
    result = await attempt();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    result = await attempt();
  }
  for (const e of events) await publishCheckin(db, e);
  return result;
}
