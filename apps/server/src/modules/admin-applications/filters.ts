import { and, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AdminApplicationsFilters } from '@lanyard/shared/admin';
import { isRealDate } from '@lanyard/shared/dates';
import type { ReviewState } from '@lanyard/shared/review';
import type { DbOrTx } from '../../db/client';
import { readScoreRules, reviewScores, reviewsNeeded, type ScoreRules } from '../../db/review-scores';
import { applications } from '../../db/schema/index';
import { containsPattern } from '../../db/search';
import { errors } from '../../errors';
import { hasAnyAnswer } from '../custom-questions/choice-keys';

/** What turning a filter into SQL needs besides the filter: the event's first day and the review rules. */
export interface FilterContext {
  eventStartDate: string;
  rules: ScoreRules;
}

export async function filterContext(db: DbOrTx, eventStartDate: string): Promise<FilterContext> {
  return { eventStartDate, rules: await readScoreRules(db) };
}

type Status = NonNullable<AdminApplicationsFilters['status']>[number];

/**
 * Submitting stores "pending"; "submitted" is the applicant's word for the same state (awaiting a
 * decision). Either chip finds both, as the users filter does (docs/decisions/012).
 */
function storedStatuses(chosen: readonly Status[]): Status[] {
  const out = new Set<Status>(chosen);
  if (out.has('pending') || out.has('submitted')) {
    out.add('pending');
    out.add('submitted');
  }
  return [...out];
}

/** The start of a YYYY-MM-DD day (UTC), plus `days`; a day that does not exist is a 400, not a 500. */
function dayStart(field: string, isoDate: string, days = 0): Date {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  if (!isRealDate(y, m, d)) throw errors.badRequest(`${field}: Not a real date`, 'validation_error');
  return new Date(Date.UTC(y, m - 1, d + days));
}

/** The last birthday on which someone is still under 18 on the event's first day. */
function under18Cutoff(eventStartDate: string): string {
  const [y, m, d] = eventStartDate.split('-').map(Number) as [number, number, number];
  return `${String(y - 18).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * Where an application stands in review, from the counters the review module keeps on its row.
 * "Needed" is k, one more once its reviews disagree (db/review-scores.ts). The first three split
 * every application in three; disputed and flagged cut across them.
 */
export function reviewStateCondition(state: ReviewState, k: number): SQL {
  const count = applications.reviewCount;
  switch (state) {
    case 'unreviewed':
      return sql`${count} = 0`;
    case 'in_review':
      // Some reviews, not all it needs: a disputed application waiting for its extra review is here.
      return sql`(${count} > 0 and ${count} < ${reviewsNeeded(k)})`;
    case 'reviewed':
      // Every review it needs, the extra one included when disputed.
      return sql`${count} >= ${reviewsNeeded(k)}`;
    case 'disputed':
      return sql`${applications.reviewDisputed}`;
    case 'flagged':
      return sql`${applications.reviewFlagged}`;
  }
}

/** Whether a filter reads review scores (the list then joins them instead of looking them up). */
export function usesScores(f: Partial<AdminApplicationsFilters>): boolean {
  return f.score_min !== undefined || f.score_max !== undefined;
}

/** The score bounds on a score column; an application without a score matches no bound. */
function scoreBounds(f: Partial<AdminApplicationsFilters>, score: SQL): SQL {
  const parts: SQL[] = [sql`${score} is not null`];
  if (f.score_min !== undefined) parts.push(sql`${score} >= ${f.score_min}`);
  if (f.score_max !== undefined) parts.push(sql`${score} <= ${f.score_max}`);
  return and(...parts)!;
}

/**
 * How the score bounds reach the scores: by default a subquery of their own, so the clause works
 * anywhere (counts, bulk actions that lock rows); the list passes the score column it joined, and
 * the CSV the ids it resolved once (`resolveScoreFilter`), so the scores are computed once.
 */
export type ScoreSource = { column: SQL } | { ids: readonly string[] };

/**
 * Custom choice and yes/no answers (`<question id>:<value>`, each an answer's key in
 * application_answer_keys): any value of one question, and every question. A choice matches when
 * the option is among those chosen.
 */
export function customAnswerFilter(values: readonly string[]): SQL {
  const byQuestion = new Map<string, string[]>();
  for (const v of values) {
    const id = v.slice(0, v.indexOf(':'));
    byQuestion.set(id, [...(byQuestion.get(id) ?? []), v]);
  }
  return and(...[...byQuestion.values()].map(hasAnyAnswer))!;
}

/** Whether a text pattern (search, school, major) narrows the list: every row it passes is tested by pattern. */
export function narrowedByText(f: Partial<AdminApplicationsFilters>): boolean {
  return Boolean(f.search || f.school || f.major);
}

/** Every list filter of the Applications tab as one WHERE clause; the exports use the same one. */
export function applicationFilters(
  f: Partial<AdminApplicationsFilters>,
  ctx: FilterContext,
  scores?: ScoreSource,
): SQL | undefined {
  const { eventStartDate } = ctx;
  const where: (SQL | undefined)[] = [];
  // search_text is the lower-cased name, e-mail, school and major; `like lower(...)` there is the same
  // match as `ilike` on the concatenation, and the trigram and covering indexes both hold search_text.
  const inSearchText = (text: string) => sql`${applications.searchText} like lower(${containsPattern(text)})`;
  if (f.search) where.push(inSearchText(f.search));
  // A school or major that contains the text puts it in search_text too: said again there, the
  // trigram index can narrow by it. "ada" at an "Institute" among 500,000 applications read 240,000
  // entries of the covering index to count 1,000 matches (210 ms); the two words' trigrams, 31 ms.
  if (f.school)
    where.push(sql`${applications.school} ilike ${containsPattern(f.school)}`, inSearchText(f.school));
  if (f.major)
    where.push(sql`${applications.major} ilike ${containsPattern(f.major)}`, inSearchText(f.major));
  if (f.status?.length) where.push(inArray(applications.status, storedStatuses(f.status)));
  if (f.role?.length) where.push(inArray(applications.role, f.role));
  if (f.rsvp_status?.length) {
    const given = f.rsvp_status.filter((s) => s !== 'no_response') as ('accepted' | 'declined' | 'maybe')[];
    const parts: SQL[] = [];
    if (given.length) parts.push(inArray(applications.rsvpStatus, given));
    if (f.rsvp_status.includes('no_response')) parts.push(isNull(applications.rsvpStatus));
    where.push(or(...parts));
  }
  if (f.date_start) where.push(gte(applications.submittedAt, dayStart('date_start', f.date_start)));
  if (f.date_end) where.push(lt(applications.submittedAt, dayStart('date_end', f.date_end, 1)));
  if (f.is_high_school) where.push(eq(applications.isHighSchool, f.is_high_school === 'true'));
  if (f.age_under_18) {
    // Unknown ages (a missing birth part) match neither choice.
    const birth = sql`make_date(${applications.birthYear}::int, ${applications.birthMonth}::int, ${applications.birthDay}::int)`;
    const known = sql`${applications.birthYear} is not null and ${applications.birthMonth} is not null and ${applications.birthDay} is not null`;
    const cutoff = under18Cutoff(eventStartDate);
    where.push(
      f.age_under_18 === 'true'
        ? sql`(${known} and ${birth} > ${cutoff}::date)`
        : sql`(${known} and ${birth} <= ${cutoff}::date)`,
    );
  }
  if (f.review_state?.length) {
    where.push(
      or(...f.review_state.map((state) => reviewStateCondition(state, ctx.rules.reviewsPerApplication))),
    );
  }
  if (usesScores(f)) {
    if (scores && 'column' in scores) where.push(scoreBounds(f, scores.column));
    else if (scores) where.push(sql`${applications.id} = any(${sql.param([...scores.ids])}::uuid[])`);
    else {
      where.push(
        sql`${applications.id} in (select s.application_id from ${reviewScores(ctx.rules)} s where ${scoreBounds(f, sql`s.score`)})`,
      );
    }
  }
  if (f.custom?.length) where.push(customAnswerFilter(f.custom));
  const present = where.filter((w): w is SQL => w !== undefined);
  return present.length ? and(...present) : undefined;
}

/** The ids a filter's score bounds match, computed once (for readers that run the filter many times). */
export async function resolveScoreFilter(
  db: DbOrTx,
  f: Partial<AdminApplicationsFilters>,
  ctx: FilterContext,
): Promise<ScoreSource | undefined> {
  if (!usesScores(f)) return undefined;
  const { rows } = await db.execute<{ id: string }>(
    sql`select s.application_id as id from ${reviewScores(ctx.rules)} s where ${scoreBounds(f, sql`s.score`)}`,
  );
  return { ids: rows.map((r) => r.id) };
}
