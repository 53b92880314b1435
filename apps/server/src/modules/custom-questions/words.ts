/**
 * Custom answers in words (the applicant's view, the admin detail, the CSV, the reviewer's screen):
 * each under the wording of the version it was answered under, so rewording a question or an
 * option never changes what an earlier applicant is shown to have answered.
 */
import { sql } from 'drizzle-orm';
import type { ApplicantRole } from '@lanyard/shared/constants';
import type { CustomAnswerView, CustomQuestion } from '@lanyard/shared/questions/custom';
import type { DbOrTx } from '../../db/client';
import { customQuestionVersions, type StoredDefinition } from '../../db/schema/index';
import type { StoredAnswers } from './store';

type Wording = Pick<StoredDefinition, 'type' | 'label' | 'options'>;

/** A question's wording by `${id}:${version}`. */
export type Versions = ReadonlyMap<string, Wording>;

const versionKey = (id: string, v: number) => `${id}:${v}`;

/** A choice answer in words: the options' labels by id (an id the wording lacks stays as it is). */
function choiceInWords(labels: ReadonlyMap<string, string>, value: unknown): string {
  const a = (value ?? {}) as { selected?: unknown; other?: unknown };
  const parts = (Array.isArray(a.selected) ? a.selected : []).map((id) =>
    String(labels.get(String(id)) ?? id),
  );
  if (typeof a.other === 'string') parts.push(`Other: ${a.other}`);
  return parts.join(', ');
}

const optionLabels = (wording: Wording) => new Map(wording.options.map((o) => [o.id, o.label]));

/** The answer as people read it, with the option labels of the wording it was given under. */
export function answerInWords(wording: Wording, value: unknown): string {
  switch (wording.type) {
    case 'single_choice':
    case 'multiple_choice':
      return choiceInWords(optionLabels(wording), value);
    case 'yes_no':
      return value === true ? 'Yes' : value === false ? 'No' : '';
    case 'consent':
      return value === true ? 'Agreed' : '';
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

/** Reads answers as stored; anything else (an older shape, a hand edit) reads as no answers. */
export function storedAnswers(value: unknown): StoredAnswers {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const out: StoredAnswers = {};
  for (const [id, entry] of Object.entries(value as Record<string, unknown>)) {
    if (entry && typeof entry === 'object' && typeof (entry as { v?: unknown }).v === 'number')
      out[id] = entry as StoredAnswers[string];
  }
  return out;
}

/**
 * The wordings `stored` needs that are not the questions' current ones, in one query. Answers given
 * under the current version (most of them) need no read at all.
 */
export async function loadVersions(
  db: DbOrTx,
  questions: readonly CustomQuestion[],
  stored: readonly StoredAnswers[],
): Promise<Versions> {
  const current = new Map(questions.map((q) => [q.id, q.version]));
  const map = new Map<string, Wording>(questions.map((q) => [versionKey(q.id, q.version), q]));
  const wanted = new Map<string, [string, number]>();
  for (const answers of stored) {
    for (const [id, { v }] of Object.entries(answers)) {
      if (current.has(id) && current.get(id) !== v) wanted.set(versionKey(id, v), [id, v]);
    }
  }
  if (!wanted.size) return map;
  const pairs = [...wanted.values()];
  const rows = await db
    .select({
      questionId: customQuestionVersions.questionId,
      version: customQuestionVersions.version,
      definition: customQuestionVersions.definition,
    })
    .from(customQuestionVersions)
    .where(
      sql`(${customQuestionVersions.questionId}, ${customQuestionVersions.version}) in
          (select * from unnest(${sql.param(pairs.map((p) => p[0]))}::uuid[], ${sql.param(pairs.map((p) => p[1]))}::int[]))`,
    );
  for (const r of rows) map.set(versionKey(r.questionId, r.version), r.definition);
  return map;
}

/**
 * answerInWords for one wording, its option labels looked up once: what an export calls for each
 * of its cells (50,000 rows of 30 questions).
 */
export function wordsOf(wording: Wording): (value: unknown) => string {
  if (wording.type !== 'single_choice' && wording.type !== 'multiple_choice')
    return (value) => answerInWords(wording, value);
  const labels = optionLabels(wording);
  return (value) => choiceInWords(labels, value);
}

/** Every wording of the given questions, by question id then version (an export reads them once). */
export async function loadAllVersions(
  db: DbOrTx,
  questions: readonly CustomQuestion[],
): Promise<Map<string, Map<number, Wording>>> {
  const map = new Map<string, Map<number, Wording>>(questions.map((q) => [q.id, new Map()]));
  if (!questions.length) return map;
  const rows = await db
    .select({
      questionId: customQuestionVersions.questionId,
      version: customQuestionVersions.version,
      definition: customQuestionVersions.definition,
    })
    .from(customQuestionVersions)
    .where(sql`${customQuestionVersions.questionId} = any(${sql.param(questions.map((q) => q.id))}::uuid[])`);
  for (const r of rows) map.get(r.questionId)?.set(r.version, r.definition);
  // The current wording is the question itself, even if its version row were missing.
  for (const q of questions) map.get(q.id)!.set(q.version, q);
  return map;
}

/** One stored answer in words, or undefined when the question has none. */
export function answerText(
  q: CustomQuestion,
  stored: StoredAnswers,
  versions: Versions,
): { label: string; text: string } | undefined {
  const entry = stored[q.id];
  if (!entry) return undefined;
  const wording = versions.get(versionKey(q.id, entry.v)) ?? q;
  return { label: wording.label, text: answerInWords(wording, entry.a) };
}

/** An application's custom answers in words, in the questions' current order. */
export function answerViews(
  questions: readonly CustomQuestion[],
  role: ApplicantRole,
  stored: StoredAnswers,
  versions: Versions,
): CustomAnswerView[] {
  const out: CustomAnswerView[] = [];
  for (const q of questions) {
    if (q.role !== role) continue;
    const words = answerText(q, stored, versions);
    if (words) out.push({ id: q.id, section: q.section, ...words, reviewer_visible: q.reviewer_visible });
  }
  return out;
}

/** The views of one application, reading only the older wordings its answers need. */
export async function customAnswerViews(
  db: DbOrTx,
  questions: readonly CustomQuestion[],
  role: ApplicantRole,
  value: unknown,
): Promise<CustomAnswerView[]> {
  const stored = storedAnswers(value);
  if (!Object.keys(stored).length) return [];
  return answerViews(questions, role, stored, await loadVersions(db, questions, [stored]));
}
