import type { ApplicantRole } from '../constants';
import { QUESTION_LIST, type Question } from './catalogue';
import type { QuestionType } from './types';

/** How the web form holds an answer while it is filled in, and how a saved draft must look to be kept. */
export type FormValueKind = 'string' | 'boolean' | 'number' | 'choice' | 'list';

const KINDS: Record<QuestionType, FormValueKind | null> = {
  text: 'string',
  'long-text': 'string',
  essay: 'string',
  phone: 'string',
  email: 'string',
  url: 'string',
  boolean: 'boolean',
  consent: 'boolean',
  'birth-part': 'number',
  choice: 'choice',
  list: 'list',
  // The account's address is shown, never held as an answer.
  'account-email': null,
};

export type FormQuestion = Question & { kind: FormValueKind };

/** The questions a role's form holds a value for, in the catalogue's order. */
export function formQuestions(role: ApplicantRole): FormQuestion[] {
  const out: FormQuestion[] = [];
  for (const q of QUESTION_LIST) {
    const kind = KINDS[q.type];
    if (kind && q.validation[role]) out.push({ ...q, kind });
  }
  return out;
}

/** The value a question has in a blank form; undefined means unanswered (and no key at all). */
export function blankFormValue(q: FormQuestion): unknown {
  switch (q.kind) {
    case 'string':
      return '';
    case 'boolean':
      return q.startsUnanswered ? undefined : false;
    case 'list':
      return [];
    case 'number':
    case 'choice':
      return undefined;
  }
}

/**
 * A saved draft's answer to `q` if it has the shape the form holds (a choice must be one of the
 * question's options), else undefined: an old or hand-edited draft never reaches the form as is.
 */
export function draftFormValue(q: FormQuestion, value: unknown): unknown {
  switch (q.kind) {
    case 'string':
      return typeof value === 'string' ? value : undefined;
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    case 'choice':
      return typeof value === 'string' && Object.hasOwn(q.options ?? {}, value) ? value : undefined;
    case 'list':
      return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
  }
}

/** A role's blank form, from the catalogue. */
export function blankFormValues(role: ApplicantRole): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const q of formQuestions(role)) {
    const blank = blankFormValue(q);
    if (blank !== undefined) values[q.key] = blank;
  }
  return values;
}
