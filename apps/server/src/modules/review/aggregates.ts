/**
 * The review columns on each application (review_count, review_score_raw, review_flagged,
 * review_disputed, review_complete), always worked out from the reviews table by one statement
 * (the database function review_recompute), whether one review changed, a role's weights did, or k did. The queue's partial index
 * and the admin's scores read these columns, so they must never drift from the reviews.
 */
import { eq, sql } from 'drizzle-orm';
import type { ApplicantRole } from '@lanyard/shared/constants';
import { weightedTotal, type ReviewSettings, type RubricCriterion } from '@lanyard/shared/review';
import type { DbOrTx } from '../../db/client';
import { reviews } from '../../db/schema/index';

type Rules = Pick<ReviewSettings, 'reviews_per_application' | 'disagreement_threshold'>;

export type Scope = { applicationId: string } | { role: ApplicantRole } | 'all';

/**
 * Recomputes the review columns of the applications in scope (those with at least one review), and
 * answers with the applications whose columns changed and whether each is now complete.
 */
export async function recomputeReviewColumns(
  db: DbOrTx,
  rules: Rules,
  scope: Scope,
): Promise<{ id: string; complete: boolean }[]> {
  const app = scope !== 'all' && 'applicationId' in scope ? scope.applicationId : null;
  const role = scope !== 'all' && 'role' in scope ? scope.role : null;
  // The formula is the database function review_columns, applied by review_recompute (migrations
  // 0015, 0017), which a review's submit runs under its row lock too.
  const { rows } = await db.execute<{ id: string; complete: boolean }>(sql`
    select id, complete from review_recompute(${app}::uuid, ${role}::text,
      ${rules.reviews_per_application}::int, ${rules.disagreement_threshold}::float8)`);
  return rows;
}

const BATCH = 5000;

/**
 * Stores each review's total again under a role's new rubric (new weights, or a criterion added),
 * computed by the one formula the reviewers' submits use (weightedTotal).
 */
export async function recomputeTotals(
  db: DbOrTx,
  role: ApplicantRole,
  criteria: readonly RubricCriterion[],
): Promise<number> {
  const rows = await db
    .select({ id: reviews.id, scores: reviews.scores })
    .from(reviews)
    .where(eq(reviews.role, role));
  let changed = 0;
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const ids = batch.map((r) => r.id);
    const totals = batch.map((r) => weightedTotal(criteria, (r.scores ?? {}) as Record<string, number>));
    const result = await db.execute(sql`
      update ${reviews} r set total = u.total
        from unnest(${sql.param(ids)}::uuid[], ${sql.param(totals)}::float8[]) as u(id, total)
       where r.id = u.id and r.total is distinct from u.total`);
    changed += result.rowCount ?? 0;
  }
  return changed;
}
