// Custom questions (issue 19): the questions organisers add to a role's form, and every wording
// each has had, so an answer is always read under the words it was given under.
import { index, integer, jsonb, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CustomQuestionDefinition } from '@lanyard/shared/questions/custom';
import { applicantRole, timestamps, users } from './core';

/** A definition as stored: the role is a column of its own (it never changes). */
export type StoredDefinition = Omit<CustomQuestionDefinition, 'role'>;

export const customQuestions = pgTable(
  'custom_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    role: applicantRole('role').notNull(),
    position: integer('position').notNull(),
    // Raised on every change; applications.custom_answers records the version each answer met.
    version: integer('version').notNull().default(1),
    definition: jsonb('definition').$type<StoredDefinition>().notNull(),
    ...timestamps,
  },
  (t) => [index('custom_questions_role_position_idx').on(t.role, t.position)],
);

/**
 * One row per version of a question, written with each create and update. Deleted with the question,
 * which is only allowed while nobody has answered it.
 */
export const customQuestionVersions = pgTable(
  'custom_question_versions',
  {
    questionId: uuid('question_id')
      .notNull()
      .references(() => customQuestions.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    definition: jsonb('definition').$type<StoredDefinition>().notNull(),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.version] })],
);
