import { answerColumns, type AnswerColumns } from '@lanyard/shared/questions';
import type { ApplicantRole } from '@lanyard/shared/constants';
import type { applications } from '../../db/schema/index';

/**
 * The columns of an application row copied from its answers, as the question catalogue maps them.
 * Submit and the seed command both write these; the type checks the catalogue's column names
 * against the table.
 */
export function columnsOf(
  role: ApplicantRole,
  answers: Record<string, unknown>,
): Pick<typeof applications.$inferInsert, keyof AnswerColumns> {
  return answerColumns(role, answers);
}
