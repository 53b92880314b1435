import { eq, sql } from 'drizzle-orm';
import { APPLICANT_ROLES, type ApplicantRole } from '@lanyard/shared/constants';
import {
  reviewSettingsSchema,
  type ReviewSettings,
  type UpdateReviewSettingsBody,
} from '@lanyard/shared/review';
import type { Db, DbOrTx } from '../../db/client';
import { reviews } from '../../db/schema/index';
import { lockSettings, readSettings, reviewSettingsOf, writeSettings } from '../../db/settings';
import { errors } from '../../errors';
import { audit, type AuditActor } from '../../lib/audit';
import { rubricChangeProblem, totalsChange } from '../../policies/review';
import { recomputeReviewColumns, recomputeTotals } from './aggregates';
import { forgetRemaining } from './progress';

export async function getReviewSettings(db: DbOrTx): Promise<ReviewSettings> {
  return reviewSettingsOf(await readSettings(db));
}

async function hasScores(db: DbOrTx, role: ApplicantRole): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(reviews)
    .where(eq(reviews.role, role))
    .limit(1);
  return rows.length > 0;
}

/**
 * PUT /api/review/settings: any subset, in one transaction under the settings lock (a submit holds
 * the settings for share, so no review is scored against a rubric that is changing). A role with
 * scores keeps each criterion and its scale; a weight change stores that role's totals again, and a
 * change to k or the disagreement threshold recomputes every application's review state.
 */
export async function updateReviewSettings(
  db: Db,
  actor: AuditActor,
  body: UpdateReviewSettingsBody,
): Promise<ReviewSettings> {
  const updated = await db.transaction(async (tx) => {
    const before = reviewSettingsOf(await lockSettings(tx));
    const after = reviewSettingsSchema.parse({ ...before, ...body });

    const retotal: ApplicantRole[] = [];
    for (const role of APPLICANT_ROLES) {
      const [old, next] = [before.rubric[role], after.rubric[role]];
      if (JSON.stringify(old) === JSON.stringify(next) || !(await hasScores(tx, role))) continue;
      const problem = rubricChangeProblem(old, next);
      if (problem) throw errors.conflict(problem, 'rubric_in_use');
      if (totalsChange(old, next)) retotal.push(role);
    }

    await writeSettings(tx, { review: after });
    for (const role of retotal) await recomputeTotals(tx, role, after.rubric[role]);
    const rulesChanged =
      before.reviews_per_application !== after.reviews_per_application ||
      before.disagreement_threshold !== after.disagreement_threshold;
    if (rulesChanged) await recomputeReviewColumns(tx, after, 'all');
    else for (const role of retotal) await recomputeReviewColumns(tx, after, { role });

    await audit(tx, actor, {
      action: 'review.settings.update',
      targetType: 'settings',
      targetId: '1',
      before,
      after,
    });
    return after;
  });
  forgetRemaining(db);
  return updated;
}
