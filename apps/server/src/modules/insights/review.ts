/**
 * Review progress: where the applications awaiting a decision stand in review (the review module's
 * own counters on each row), and the reviews written per day.
 */
import { sql } from 'drizzle-orm';
import { AWAITING_DECISION_STATUSES } from '@lanyard/shared/constants';
import type { InsightsFilters, ReviewProgressInsight } from '@lanyard/shared/insights';
import { REVIEW_STATES, REVIEW_STATE_LABELS } from '@lanyard/shared/review';
import { reviewStateCondition } from '../admin-applications/filters';
import {
  applicationsWhere,
  bin,
  byDay,
  cumulative,
  daysBetween,
  perDay,
  roleIn,
  rows,
  spanOf,
  type InsightsContext,
} from './common';

/**
 * GET /insights/review. Without a status filter the states count the applications awaiting a
 * decision (decided ones have left review); a status filter chooses others. Reviews are counted by
 * their own role, and by their application's status when one is chosen.
 */
export async function reviewProgress(
  ctx: InsightsContext,
  f: InsightsFilters,
): Promise<ReviewProgressInsight> {
  const { db, timeZone } = ctx;
  const k = ctx.filter.rules.reviewsPerApplication;
  const where = applicationsWhere(ctx, {
    role: f.role,
    status: f.status?.length ? f.status : [...AWAITING_DECISION_STATUSES],
  });
  const reviewsOf = f.status?.length
    ? sql`reviews r join applications on applications.id = r.application_id
            and ${applicationsWhere(ctx, { status: f.status })}`
    : sql`reviews r`;
  const reviewRoles = f.role?.length ? roleIn(sql`r.role`, f.role) : sql`true`;
  const [states, perDayRows, totals] = await Promise.all([
    rows<Record<string, number>>(
      db,
      sql`select ${sql.join(
        REVIEW_STATES.map(
          (state) =>
            sql`count(*) filter (where ${reviewStateCondition(state, k)})::int as ${sql.identifier(state)}`,
        ),
        sql`, `,
      )} from applications where ${where}`,
    ),
    rows<{ date: string; n: number }>(
      db,
      perDay(
        timeZone,
        sql`select ${bin(timeZone, sql`r.created_at`)} as b, count(*)::int as n from ${reviewsOf}
             where ${reviewRoles} group by 1`,
      ),
    ),
    rows<{ total: number; reviewers: number }>(
      db,
      sql`select count(*)::int as total, count(distinct r.reviewer_id)::int as reviewers
            from ${reviewsOf} where ${reviewRoles}`,
    ),
  ]);
  const counts = byDay(perDayRows);
  const span = spanOf(counts);
  const days = span ? daysBetween(span.first, span.last > ctx.today ? span.last : ctx.today) : [];
  return {
    states: REVIEW_STATES.map((state) => ({
      state,
      label: REVIEW_STATE_LABELS[state],
      count: Number(states[0]?.[state] ?? 0),
    })),
    reviews_per_day: cumulative(days, { count: counts }).map((d) => ({
      date: d.date,
      count: d.count,
      total: d.count_total,
    })),
    reviewers_active: Number(totals[0]?.reviewers ?? 0),
    reviews_total: Number(totals[0]?.total ?? 0),
  };
}
