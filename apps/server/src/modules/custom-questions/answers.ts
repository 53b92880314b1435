/** Custom answers of one application: checked and stored at submit, read back in words. */
import type { ApplicantRole } from '@lanyard/shared/constants';
import {
  checkCustomAnswers,
  type CustomAnswerView,
  type CustomQuestion,
} from '@lanyard/shared/questions/custom';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { readAllQuestions, type StoredAnswers } from './store';
import { customAnswerViews } from './words';

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
