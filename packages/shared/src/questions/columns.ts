import type { ApplicantRole } from '../constants';
import { QUESTION_LIST } from './catalogue';
import type { AnswerColumn, AnswerColumns } from './types';

/** What a column holds when the role does not ask its question. */
const UNASKED: Record<AnswerColumn, null | false> = {
  firstName: null,
  lastName: null,
  phone: null,
  school: null,
  major: null,
  isHighSchool: false,
  birthYear: null,
  birthMonth: null,
  birthDay: null,
  shirtSize: null,
  portfolioUrl: null,
};

/** The column a question's answer goes to for `role`, if any. */
export function columnOf(
  column: AnswerColumn | Partial<Record<ApplicantRole, AnswerColumn>> | undefined,
  role: ApplicantRole,
): AnswerColumn | undefined {
  return typeof column === 'string' ? column : column?.[role];
}

/**
 * The columns of an application row that copy its answers: submit and the seed command both
 * write these. A blank answer is stored as null ("Not provided"), never as an empty string.
 */
export function answerColumns(role: ApplicantRole, answers: Record<string, unknown>): AnswerColumns {
  const columns: Record<string, unknown> = { ...UNASKED };
  for (const q of QUESTION_LIST) {
    const column = q.validation[role] ? columnOf(q.column, role) : undefined;
    if (!column) continue;
    const value = answers[q.key];
    columns[column] = value === undefined || value === null || value === '' ? UNASKED[column] : value;
  }
  return columns as unknown as AnswerColumns;
}
