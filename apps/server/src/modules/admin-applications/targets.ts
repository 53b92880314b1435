import { sql, type SQL } from 'drizzle-orm';
import type { ApplicationFiltersValue, BulkTargetBody } from '@lanyard/shared/admin';
import type { DbOrTx } from '../../db/client';
import { applications } from '../../db/schema/index';
import { errors } from '../../errors';
import { audit, type AuditActor } from '../../lib/audit';
import { applicationFilters, filterContext } from './filters';

/**
 * What a bulk action acts on: the applications listed by id, or every application the list's
 * filter matches when the action runs, which must be as many as the admin confirmed.
 */
export type BulkTarget =
  { ids: string[] } | { filter: ApplicationFiltersValue; expectedCount: number; eventStartDate: string };

/** The target a validated body names (the shared schema allows exactly one of the two). */
export function bulkTargetOf(body: BulkTargetBody, eventStartDate: string): BulkTarget {
  if (body.filter) {
    return {
      filter: body.filter as ApplicationFiltersValue,
      expectedCount: body.expected_count!,
      eventStartDate,
    };
  }
  return { ids: body.application_ids! };
}

/** `id = any($1)`: one array parameter however many ids (an IN list stops at 65,535 parameters). */
export function idIn(ids: readonly string[]): SQL {
  return sql`${applications.id} = any(${sql.param([...ids])}::uuid[])`;
}

/**
 * The WHERE clause of a target: its ids, or the list's own filter (one home: ./filters), read with
 * the review settings of `db` (a transaction's own view when given one).
 */
export async function targetWhere(db: DbOrTx, target: BulkTarget): Promise<SQL> {
  if ('ids' in target) return idIn([...new Set(target.ids)]);
  return applicationFilters(target.filter, await filterContext(db, target.eventStartDate)) ?? sql`true`;
}

/**
 * A filter that matches another number of applications than the admin confirmed is refused: they
 * would act on people they did not see counted. The answer carries the new count.
 */
export function checkCount(target: BulkTarget, found: number): void {
  if ('ids' in target || found === target.expectedCount) return;
  throw errors.conflict(
    `The filter now matches ${found} ${found === 1 ? 'application' : 'applications'}, not ${target.expectedCount}. Nothing was changed: check the list and try again.`,
    'count_changed',
    { count: found },
  );
}

/**
 * One audit row naming the filter and how many applications it reached, beside the rows of each
 * application (which their History shows). Nothing for a list of ids: its rows say it all.
 */
export async function auditFilterAction(
  db: DbOrTx,
  actor: AuditActor,
  target: BulkTarget,
  action: string,
  after: Record<string, unknown>,
): Promise<void> {
  if ('ids' in target) return;
  await audit(db, actor, {
    action,
    targetType: 'bulk',
    after: { ...after, count: target.expectedCount, filter: target.filter },
  });
}
