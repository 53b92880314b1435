/**
 * GET /insights/custom: the forms' custom yes/no and choice questions (issue 19), counted from
 * applications.custom_choice_keys (custom-questions/choice-keys.ts): one pass over the matching
 * applications' keys, counted per key, whatever the number of questions. custom_answers itself,
 * compressed out of line once there are a few dozen answers, is not read.
 */
import { sql } from 'drizzle-orm';
import type { CustomInsights, InsightsFilters } from '@lanyard/shared/insights';
import { choiceKey, keyHash, OTHER_KEY } from '../custom-questions/choice-keys';
import { readQuestionsCached } from '../custom-questions/store';
import { applicationsWhere, rolesOf, rows, type InsightsContext } from './common';

export async function customInsights(ctx: InsightsContext, f: InsightsFilters): Promise<CustomInsights> {
  const roles = rolesOf(f);
  const questions = (await readQuestionsCached(ctx.db, ctx.cache)).filter(
    (q) =>
      roles.includes(q.role) &&
      (q.type === 'yes_no' || q.type === 'single_choice' || q.type === 'multiple_choice'),
  );
  if (!questions.length) return { questions: [] };
  const values = (q: (typeof questions)[number]) =>
    q.type === 'yes_no' ? ['true', 'false'] : [...q.options.map((o) => o.id), OTHER_KEY];
  const keys = questions.flatMap((q) => [choiceKey(q.id), ...values(q).map((v) => choiceKey(q.id, v))]);
  // Every key of the matching applications counted (a few hundred distinct hashes), then the ones
  // asked for picked out by their hash.
  const counted = await rows<{ key: string; n: number }>(
    ctx.db,
    sql`with counts as (
          select h, count(*)::int as n
            from (select unnest(custom_choice_keys) as h from applications where ${applicationsWhere(ctx, f)}) k
           group by h)
        select w.key, c.n from unnest(${sql.param(keys)}::text[]) w(key)
          join counts c on c.h = ${keyHash(sql`w.key`)}`,
  );
  const n = new Map(counted.map((c) => [c.key, c.n]));
  const count = (id: string, v?: string) => n.get(choiceKey(id, v)) ?? 0;
  return {
    questions: questions.map((q) => {
      const buckets =
        q.type === 'yes_no'
          ? [
              { label: 'Yes', count: count(q.id, 'true'), key: choiceKey(q.id, 'true') },
              { label: 'No', count: count(q.id, 'false'), key: choiceKey(q.id, 'false') },
            ]
          : [
              ...q.options.map((o) => ({
                label: o.label,
                count: count(q.id, o.id),
                key: choiceKey(q.id, o.id),
              })),
              ...(q.allow_other ? [{ label: 'Other', count: count(q.id, OTHER_KEY), key: null }] : []),
            ];
      return { id: q.id, role: q.role, label: q.label, answered: count(q.id), buckets };
    }),
  };
}
