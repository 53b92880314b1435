/**
 * Reading custom questions: rows to the wire shape, every question of both roles in one ordered
 * read (through the instance's read cache when there is one), and the questions each form asks.
 */
import { asc, eq } from 'drizzle-orm';
import type { ApplicantRole } from '@lanyard/shared/constants';
import type { CustomQuestion, FormCustomQuestions } from '@lanyard/shared/questions/custom';
import type { DbOrTx } from '../../db/client';
import { customQuestions } from '../../db/schema/index';

export type QuestionRow = typeof customQuestions.$inferSelect;
/** A definition as a version row keeps it (the role is the question's own column). */
export type StoredDefinitionRow = QuestionRow['definition'];

/** An answer as applications.custom_answers keeps it: the version it was given under, and the value. */
export interface StoredAnswer {
  v: number;
  a: unknown;
}
export type StoredAnswers = Record<string, StoredAnswer>;

export function toQuestion(row: QuestionRow): CustomQuestion {
  return {
    ...row.definition,
    id: row.id,
    role: row.role,
    position: row.position,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
  };
}

const ORDER = [asc(customQuestions.role), asc(customQuestions.position), asc(customQuestions.createdAt)];

/** Every custom question of both roles, hidden ones too, by role then position. */
export async function readAllQuestions(db: DbOrTx): Promise<CustomQuestion[]> {
  const rows = await db
    .select()
    .from(customQuestions)
    .orderBy(...ORDER);
  return rows.map(toQuestion);
}

/** One role's questions in order; `lock` holds them for update until the transaction ends. */
export async function readRoleRows(db: DbOrTx, role: ApplicantRole, lock = false): Promise<QuestionRow[]> {
  const query = db
    .select()
    .from(customQuestions)
    .where(eq(customQuestions.role, role))
    .orderBy(...ORDER);
  return lock ? query.for('update') : query;
}

/** Where readQuestionsCached keeps the questions (lib/read-cache.ts; migration 0022 announces changes). */
export interface QuestionsCache {
  customQuestions(): readonly CustomQuestion[] | undefined;
  ticket(): number | undefined;
  storeCustomQuestions(ticket: number | undefined, value: readonly CustomQuestion[]): void;
}

/**
 * readAllQuestions through the read cache: every form load asks for the questions, which change a
 * few times an event. Another instance may read the old ones for the milliseconds a NOTIFY takes.
 */
export async function readQuestionsCached(
  db: DbOrTx,
  cache: QuestionsCache | undefined,
): Promise<readonly CustomQuestion[]> {
  const hit = cache?.customQuestions();
  if (hit) return hit;
  const ticket = cache?.ticket();
  const value = Object.freeze(await readAllQuestions(db));
  cache?.storeCustomQuestions(ticket, value);
  return value;
}

// The public settings answer is built on every form load: one list per cached question list.
const formLists = new WeakMap<readonly CustomQuestion[], FormCustomQuestions>();

/** The questions each form asks: not hidden, in order. */
export function formQuestionsOf(all: readonly CustomQuestion[]): FormCustomQuestions {
  const known = formLists.get(all);
  if (known) return known;
  const asked = all.filter((q) => !q.hidden);
  const lists = {
    hacker: asked.filter((q) => q.role === 'hacker'),
    mentor: asked.filter((q) => q.role === 'mentor'),
  };
  formLists.set(all, lists);
  return lists;
}
