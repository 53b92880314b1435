/** Custom answers on the reviewer's screen: only questions marked reviewer_visible. */
import { eq } from 'drizzle-orm';
import { countWords } from '@lanyard/shared/dates';
import type { ApplicantRole } from '@lanyard/shared/constants';
import type { ReviewAnswer } from '@lanyard/shared/review';
import type { DbOrTx } from '../../db/client';
import { applications } from '../../db/schema/index';
import { readQuestionsCached, type QuestionsCache } from './store';
import { answerViews, loadVersions, storedAnswers } from './words';

/**
 * The application's answers to the role's reviewer-visible custom questions, as review rows after
 * the built-in ones (key `custom:<id>`). No read at all while the role has none; the answers are
 * read when the caller does not have them (the queue's function returns only the built-in columns).
 */
export async function reviewerCustomAnswers(
  db: DbOrTx,
  cache: QuestionsCache | undefined,
  source: { id: string; role: ApplicantRole; customAnswers?: unknown },
): Promise<ReviewAnswer[]> {
  const visible = (await readQuestionsCached(db, cache)).filter(
    (q) => q.role === source.role && q.reviewer_visible,
  );
  if (!visible.length) return [];
  let value = source.customAnswers;
  if (value === undefined) {
    const [row] = await db
      .select({ customAnswers: applications.customAnswers })
      .from(applications)
      .where(eq(applications.id, source.id));
    value = row?.customAnswers;
  }
  const stored = storedAnswers(value);
  if (!Object.keys(stored).length) return [];
  const versions = await loadVersions(db, visible, [stored]);
  return answerViews(visible, source.role, stored, versions).map((v) => ({
    key: `custom:${v.id}`,
    label: v.label,
    value: v.text,
    words: visible.find((q) => q.id === v.id)?.type === 'paragraph' ? countWords(v.text) : null,
  }));
}
