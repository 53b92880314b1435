/**
 * The admin side of custom questions: list, create, change, reorder, delete. Every change to a
 * role's questions runs under that role's advisory lock (the limit, positions and conditions are
 * checked against the whole role), writes a version row when the wording changes, and is audited.
 */
import crypto from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { and, eq, max, sql } from 'drizzle-orm';
import type { ApplicantRole } from '@lanyard/shared/constants';
import {
  CUSTOM_LIMITS,
  type CustomQuestion,
  type CustomQuestionDefinition,
} from '@lanyard/shared/questions/custom';
import type { Db, Tx } from '../../db/client';
import { applications, customQuestions, customQuestionVersions } from '../../db/schema/index';
import { lockSettings } from '../../db/settings';
import { errors } from '../../errors';
import { audit, type AuditActor } from '../../lib/audit';
import { choiceKey, hasAnyKey } from './choice-keys';
import { conditionsProblem, dependentsOf, type Placed } from './conditions';
import { readAllQuestions, readRoleRows, toQuestion, type QuestionRow } from './store';

type AdminQuestion = CustomQuestion & { answered: number };

/** How many applications answered each question: one grouped pass over the answers' keys. */
async function answeredCounts(db: Db | Tx): Promise<Map<string, number>> {
  const rows = await db.execute<{ id: string; n: number }>(sql`
    select key as id, count(*)::int as n
      from ${applications}, jsonb_object_keys(${applications.customAnswers}) as key
     where ${applications.customAnswers} <> '{}'::jsonb
     group by key`);
  return new Map(rows.rows.map((r) => [r.id, r.n]));
}

export async function listQuestions(db: Db): Promise<{ questions: AdminQuestion[] }> {
  const [questions, counts] = await Promise.all([readAllQuestions(db), answeredCounts(db)]);
  return { questions: questions.map((q) => ({ ...q, answered: counts.get(q.id) ?? 0 })) };
}

/** Changes to one role's questions queue behind one another, even while the role has none. */
async function lockRole(tx: Tx, role: ApplicantRole): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lanyard:custom_questions:${role}`}))`);
}

const placed = (rows: readonly QuestionRow[]): Placed[] =>
  rows.map((r) => ({ id: r.id, definition: r.definition }));

function checkConditions(role: ApplicantRole, list: readonly Placed[]): void {
  const problem = conditionsProblem(role, list);
  if (problem) throw errors.badRequest(`condition: ${problem}`, 'validation_error');
}

function withoutRole(body: CustomQuestionDefinition): Omit<CustomQuestionDefinition, 'role'> {
  const { role: _role, ...definition } = body;
  return definition;
}

async function answeredBy(tx: Tx, id: string): Promise<boolean> {
  // The question's own key is in custom_choice_keys for any answer, of any type (migration 0027).
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(applications)
    .where(hasAnyKey([choiceKey(id)]))
    .limit(1);
  return row !== undefined;
}

export async function createQuestion(
  db: Db,
  actor: AuditActor,
  body: CustomQuestionDefinition,
): Promise<CustomQuestion> {
  return db.transaction(async (tx) => {
    await lockRole(tx, body.role);
    const rows = await readRoleRows(tx, body.role);
    if (rows.length >= CUSTOM_LIMITS.questions) {
      throw errors.conflict(
        `The ${body.role} form already has ${CUSTOM_LIMITS.questions} custom questions (hidden ones count): delete one first.`,
        'too_many_questions',
      );
    }
    const definition = withoutRole(body);
    const id = crypto.randomUUID();
    checkConditions(body.role, [...placed(rows), { id, definition }]);
    const [last] = await tx
      .select({ position: max(customQuestions.position) })
      .from(customQuestions)
      .where(eq(customQuestions.role, body.role));
    const [row] = await tx
      .insert(customQuestions)
      .values({ id, role: body.role, position: (last?.position ?? -1) + 1, version: 1, definition })
      .returning();
    await tx
      .insert(customQuestionVersions)
      .values({ questionId: id, version: 1, definition, changedBy: actor.id });
    const created = toQuestion(row!);
    await audit(tx, actor, {
      action: 'question.create',
      targetType: 'custom_question',
      targetId: id,
      after: created,
    });
    return created;
  });
}

async function roleOf(db: Db, id: string): Promise<ApplicantRole> {
  const [row] = await db
    .select({ role: customQuestions.role })
    .from(customQuestions)
    .where(eq(customQuestions.id, id));
  if (!row) throw errors.notFound('No such question.');
  return row.role;
}

export async function updateQuestion(
  db: Db,
  actor: AuditActor,
  id: string,
  body: CustomQuestionDefinition,
): Promise<CustomQuestion> {
  const role = await roleOf(db, id);
  if (body.role !== role)
    throw errors.badRequest(
      `role: a ${role} question cannot move to the ${body.role} form.`,
      'validation_error',
    );
  return db.transaction(async (tx) => {
    await lockRole(tx, role);
    const rows = await readRoleRows(tx, role);
    const current = rows.find((r) => r.id === id);
    if (!current) throw errors.notFound('No such question.');
    const definition = withoutRole(body);
    // Saving the same wording again is not a new version (jsonb keeps keys in its own order).
    if (isDeepStrictEqual({ ...definition }, { ...current.definition })) return toQuestion(current);
    checkConditions(
      role,
      rows.map((r) => (r.id === id ? { id, definition } : { id: r.id, definition: r.definition })),
    );
    const version = current.version + 1;
    const [row] = await tx
      .update(customQuestions)
      .set({ definition, version, updatedAt: new Date() })
      .where(eq(customQuestions.id, id))
      .returning();
    await tx
      .insert(customQuestionVersions)
      .values({ questionId: id, version, definition, changedBy: actor.id });
    const updated = toQuestion(row!);
    await audit(tx, actor, {
      action: 'question.update',
      targetType: 'custom_question',
      targetId: id,
      before: toQuestion(current),
      after: updated,
    });
    return updated;
  });
}

export async function reorderQuestions(
  db: Db,
  actor: AuditActor,
  body: { role: ApplicantRole; ids: string[] },
): Promise<{ questions: AdminQuestion[] }> {
  await db.transaction(async (tx) => {
    await lockRole(tx, body.role);
    const rows = await readRoleRows(tx, body.role, true);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const exact =
      body.ids.length === rows.length &&
      new Set(body.ids).size === body.ids.length &&
      body.ids.every((id) => byId.has(id));
    if (!exact) {
      throw errors.badRequest(
        `ids: list every ${body.role} question exactly once (${rows.length} of them).`,
        'validation_error',
      );
    }
    const next = body.ids.map((id) => byId.get(id)!);
    checkConditions(body.role, placed(next));
    const before = rows.map((r) => r.id);
    if (before.every((id, i) => id === body.ids[i])) return;
    await tx.execute(sql`
      update ${customQuestions} as c set position = u.position
        from unnest(${sql.param(body.ids)}::uuid[]) with ordinality as u(id, position)
       where c.id = u.id`);
    await audit(tx, actor, {
      action: 'question.reorder',
      targetType: 'custom_question',
      targetId: body.role,
      before: { role: body.role, ids: before },
      after: { role: body.role, ids: body.ids },
    });
  });
  return listQuestions(db);
}

export const ANSWERED_MESSAGE = 'People have answered this question: hide it instead.';

export async function deleteQuestion(db: Db, actor: AuditActor, id: string): Promise<{ ok: true }> {
  const role = await roleOf(db, id);
  return db.transaction(async (tx) => {
    await lockRole(tx, role);
    // Submissions hold the settings row for share while they check and store answers: holding it
    // for update here, no submission can store an answer to the question between check and delete.
    await lockSettings(tx);
    const rows = await readRoleRows(tx, role);
    const current = rows.find((r) => r.id === id);
    if (!current) throw errors.notFound('No such question.');
    if (await answeredBy(tx, id)) throw errors.conflict(ANSWERED_MESSAGE, 'question_answered');
    const dependent = dependentsOf(id, placed(rows))[0];
    if (dependent) {
      throw errors.conflict(
        `“${dependent.definition.label}” is shown depending on this question: change its condition first.`,
        'question_in_use',
      );
    }
    await tx.delete(customQuestions).where(and(eq(customQuestions.id, id), eq(customQuestions.role, role)));
    await audit(tx, actor, {
      action: 'question.delete',
      targetType: 'custom_question',
      targetId: id,
      before: toQuestion(current),
    });
    return { ok: true as const };
  });
}
