/**
 * GET /insights/custom: the forms' custom yes/no and choice questions (issue 19), counted from
 * applications.custom_answers. One pass over the matching applications' answers per shape (yes/no,
 * options chosen, "Other"), grouped by question, whatever the number of questions.
 */
import { sql } from 'drizzle-orm';
import type { CustomInsights, InsightsFilters } from '@lanyard/shared/insights';
import { readQuestionsCached } from '../custom-questions/store';
import { applicationsWhere, rolesOf, rows, type InsightsContext } from './common';

type Count = { id: string; v: string; n: number };

export async function customInsights(ctx: InsightsContext, f: InsightsFilters): Promise<CustomInsights> {
  const roles = rolesOf(f);
  const questions = (await readQuestionsCached(ctx.db, ctx.cache)).filter(
    (q) =>
      roles.includes(q.role) &&
      (q.type === 'yes_no' || q.type === 'single_choice' || q.type === 'multiple_choice'),
  );
  if (!questions.length) return { questions: [] };
  const ids = sql.param(questions.map((q) => q.id));
  const where = applicationsWhere(ctx, f);
  const from = (extra = sql``) => sql`from applications, jsonb_each(applications.custom_answers) e ${extra}
    where ${where} and e.key = any(${ids}::text[])`;
  const [flags, chosen, others] = await Promise.all([
    rows<Count>(
      ctx.db,
      sql`select e.key as id, e.value->>'a' as v, count(*)::int as n ${from()}
          and jsonb_typeof(e.value->'a') = 'boolean' group by 1, 2`,
    ),
    rows<Count>(
      ctx.db,
      sql`select e.key as id, o.v, count(*)::int as n
          ${from(sql`, jsonb_array_elements_text(case when jsonb_typeof(e.value->'a'->'selected') = 'array' then e.value->'a'->'selected' else '[]'::jsonb end) o(v)`)}
          group by 1, 2`,
    ),
    rows<{ id: string; n: number; answered: number }>(
      ctx.db,
      sql`select e.key as id, count(*) filter (where e.value->'a'->>'other' is not null)::int as n,
            count(*)::int as answered ${from()} group by 1`,
    ),
  ]);
  const count = (list: Count[], id: string, v: string) => list.find((c) => c.id === id && c.v === v)?.n ?? 0;
  return {
    questions: questions.map((q) => {
      const other = others.find((o) => o.id === q.id);
      const buckets =
        q.type === 'yes_no'
          ? [
              { label: 'Yes', count: count(flags, q.id, 'true'), key: `${q.id}:true` },
              { label: 'No', count: count(flags, q.id, 'false'), key: `${q.id}:false` },
            ]
          : [
              ...q.options.map((o) => ({
                label: o.label,
                count: count(chosen, q.id, o.id),
                key: `${q.id}:${o.id}`,
              })),
              ...(q.allow_other ? [{ label: 'Other', count: other?.n ?? 0, key: null }] : []),
            ];
      return { id: q.id, role: q.role, label: q.label, answered: other?.answered ?? 0, buckets };
    }),
  };
}
