/** The applications CSV's custom question columns. */
import { APPLICANT_ROLES, type ApplicantRole } from '@lanyard/shared/constants';
import type { DbOrTx } from '../../db/client';
import type { CsvColumn } from '../../lib/csv';
import type { ApplicationCsvRow } from '../exports/application-columns';
import { readAllQuestions, type StoredAnswers } from './store';
import { loadAllVersions, wordsOf } from './words';

/**
 * One column per custom question of `roles` (current questions, hidden ones too, by role and
 * position), headed by its current label, each cell the answer in words (as answerText gives it).
 * Every wording is read here, once, and made ready to word answers: an export of 50,000 rows asks
 * the database nothing more per row, and a cell is two lookups.
 */
export async function customQuestionColumns(
  db: DbOrTx,
  roles: readonly ApplicantRole[] = APPLICANT_ROLES,
): Promise<CsvColumn<ApplicationCsvRow>[]> {
  const asked = roles.length ? roles : APPLICANT_ROLES;
  const questions = (await readAllQuestions(db)).filter((q) => asked.includes(q.role));
  const versions = await loadAllVersions(db, questions);
  return questions.map((q) => {
    const current = wordsOf(q);
    const byVersion = new Map([...versions.get(q.id)!].map(([v, wording]) => [v, wordsOf(wording)]));
    return {
      header: q.label,
      value: ({ application: a }) => {
        const entry = a.role === q.role ? (a.customAnswers as StoredAnswers)[q.id] : undefined;
        return entry ? (byVersion.get(entry.v) ?? current)(entry.a) : '';
      },
    };
  });
}
