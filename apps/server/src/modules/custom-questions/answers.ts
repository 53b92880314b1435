/** Custom answers of one application: checked and stored at submit, read back in words. */
import type { ApplicantRole } from '@lanyard/shared/constants';
import {
  checkCustomAnswers,
  type CustomAnswerView,
  type CustomQuestion,
} from '@lanyard/shared/questions/custom';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { readAllQuestions, type StoredAnswers, type StoredDefinitionRow } from './store';
import { customAnswerViews } from './words';

/**
 * A role's questions as one applicant is held to them: changes apply to applications started
 * afterwards. A question added, unhidden or made required after they started is asked but optional,
 * so nobody meets a 400 naming a question their form never showed; one hidden since still takes
 * their answer (it was on their form), without requiring it. Wording and options are today's.
 */
export function questionsHeldTo(
  current: readonly CustomQuestion[],
  role: ApplicantRole,
  atStart: ReadonlyMap<string, { hidden: boolean; required: boolean }>,
): CustomQuestion[] {
  return current.flatMap((q) => {
    if (q.role !== role) return [];
    const then = atStart.get(q.id);
    const askedThen = then !== undefined && !then.hidden;
    if (q.hidden && !askedThen) return [];
    const required = q.required && !q.hidden && askedThen && then.required;
    return q.hidden === false && q.required === required ? [q] : [{ ...q, hidden: false, required }];
  });
}

/** Each of a role's questions as it stood at `at` (its last version written by then). */
export async function definitionsAt(
  db: DbOrTx,
  role: ApplicantRole,
  at: Date,
): Promise<Map<string, StoredDefinitionRow>> {
  const result = await db.execute<{ question_id: string; definition: StoredDefinitionRow }>(sql`
    select distinct on (v.question_id) v.question_id, v.definition
      from custom_question_versions v
      join custom_questions q on q.id = v.question_id
     where q.role = ${role} and v.changed_at <= ${at.toISOString()}::timestamptz
     order by v.question_id, v.version desc`);
  return new Map(result.rows.map((r) => [r.question_id, r.definition]));
}

/** The questions of `role` one applicant who started at `startedAt` is held to (see questionsHeldTo). */
export async function questionsForApplicant(
  db: DbOrTx,
  questions: readonly CustomQuestion[],
  role: ApplicantRole,
  startedAt: Date,
): Promise<CustomQuestion[]> {
  if (!questions.some((q) => q.role === role)) return [];
  return questionsHeldTo(questions, role, await definitionsAt(db, role, startedAt));
}

/**
 * The custom answers as stored, each with the version of the question it answered; a 400 naming the
 * question for the first problem (every problem in `issues`, for the form to mark each field).
 * Hidden questions are not asked, so an answer to one is refused as to an unknown question.
 */
export function checkedCustomAnswers(
  questions: readonly CustomQuestion[],
  role: ApplicantRole,
  answers: Record<string, unknown>,
  custom: Record<string, unknown>,
): StoredAnswers {
  const asked = questions.filter((q) => q.role === role);
  const { values, issues } = checkCustomAnswers(asked, answers, custom);
  if (issues.length) {
    throw new AppError(
      400,
      'validation_error',
      issues[0]!.message,
      {},
      { issues: issues.map((i) => ({ id: i.id, message: i.message })) },
    );
  }
  const versions = new Map(asked.map((q) => [q.id, q.version]));
  return Object.fromEntries(Object.entries(values).map(([id, a]) => [id, { v: versions.get(id)!, a }]));
}

/** An application's custom answers in words; no read at all when it has none. */
export async function customAnswersInWords(
  db: DbOrTx,
  row: { role: ApplicantRole; customAnswers: unknown },
  questions: readonly CustomQuestion[] | undefined,
): Promise<CustomAnswerView[]> {
  const stored = row.customAnswers as Record<string, unknown> | null;
  if (!stored || !Object.keys(stored).length) return [];
  return customAnswerViews(db, questions ?? (await readAllQuestions(db)), row.role, stored);
}
