import {
  type MENTOR_PRESETS,
  MENTOR_TERMS_MESSAGE,
  MENTOR_WORD_LIMIT_MESSAGE,
  type MentorAnswers,
} from '@lanyard/shared/application';
import { WORD_LIMITS } from '@lanyard/shared/constants';
import { countWords } from '@lanyard/shared/dates';
import { blankFormValues, draftFormValue, formQuestions, type QUESTIONS } from '@lanyard/shared/questions';
import type { CustomFormValues } from '@/components/application-form/custom-questions/custom-values';

type Catalogue = typeof QUESTIONS;
type MentorChoiceKey = {
  [K in keyof MentorAnswers]: K extends keyof Catalogue
    ? Catalogue[K]['type'] extends 'choice'
      ? K
      : never
    : never;
}[keyof MentorAnswers];

/** What the form holds: the shared schema's answers, with the choices unanswered at first, custom answers beside. */
export type MentorFormValues = Omit<MentorAnswers, MentorChoiceKey> & {
  [K in MentorChoiceKey]?: MentorAnswers[K] | undefined;
} & { custom?: CustomFormValues };

export type MentorListField = keyof typeof MENTOR_PRESETS;

const MENTOR_QUESTIONS = formQuestions('mentor');
type MentorField = keyof MentorFormValues;

/** The text answers the schema refuses when empty: the "required fields" of the submit toast. */
export const REQUIRED_TEXT_FIELDS = MENTOR_QUESTIONS.filter(
  (q) => q.kind === 'string' && !q.validation.mentor?.safeParse('').success,
).map((q) => q.key as MentorField);
export const AVAILABILITY_FIELDS = MENTOR_QUESTIONS.filter(
  (q) => q.kind === 'choice' && q.section === 'availability',
).map((q) => q.key as MentorChoiceKey);

/** Bounds of the shared schema: a list holds at most 40 entries of at most 60 characters. */
export const LIST_MAX_ENTRIES = 40;
export const LIST_ENTRY_MAX_LENGTH = 60;

export const EMPTY_MENTOR_VALUES = blankFormValues('mentor') as MentorFormValues;

function stringList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  for (const item of value) {
    if (typeof item !== 'string') continue;
    const entry = item.trim().slice(0, LIST_ENTRY_MAX_LENGTH);
    if (entry && !out.includes(entry)) out.push(entry);
  }
  return out.slice(0, LIST_MAX_ENTRIES);
}

/** A saved draft's answers back into form values: anything missing or malformed starts empty. */
export function valuesFromDraft(answers: Record<string, unknown> | null | undefined): MentorFormValues {
  const values: Record<string, unknown> = { ...EMPTY_MENTOR_VALUES };
  if (!answers) return values as MentorFormValues;
  for (const q of MENTOR_QUESTIONS) {
    const v = q.kind === 'list' ? stringList(answers[q.key]) : draftFormValue(q, answers[q.key]);
    if (v !== undefined) values[q.key] = v;
  }
  return values as MentorFormValues;
}

/** The answers as a draft stores them (unanswered questions left out). */
export function draftAnswers(values: MentorFormValues): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null));
}

export interface FormProblem {
  title: string;
  description: string;
  /** The first field to look at. */
  field: keyof MentorFormValues;
}

export const MISSING_FIELDS_MESSAGE = 'Please fill in all required fields.';
export const MISSING_AVAILABILITY_MESSAGE = 'Please answer all availability questions.';

const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';

/**
 * Spec §5 Mentor form, the toast for a refused submit, in the order an applicant meets them:
 * required fields, availability, the 150-word limit, the two terms. Null when none applies.
 */
export function submissionProblem(values: MentorFormValues): FormProblem | null {
  const missing = REQUIRED_TEXT_FIELDS.find((f) => blank(values[f]));
  if (missing) return { title: 'Missing Information', description: MISSING_FIELDS_MESSAGE, field: missing };
  const unanswered = AVAILABILITY_FIELDS.find((f) => !values[f]);
  if (unanswered) {
    return { title: 'Missing Information', description: MISSING_AVAILABILITY_MESSAGE, field: unanswered };
  }
  if (countWords(values.whyGoodFit) > WORD_LIMITS.mentorFit) {
    return { title: 'Word Limit Exceeded', description: MENTOR_WORD_LIMIT_MESSAGE, field: 'whyGoodFit' };
  }
  if (!values.termsAccepted || !values.mlhTermsAccepted) {
    return {
      title: 'Terms Required',
      description: MENTOR_TERMS_MESSAGE,
      field: values.termsAccepted ? 'mlhTermsAccepted' : 'termsAccepted',
    };
  }
  return null;
}

/**
 * Adds a typed entry to a list (spec §5): blank entries and duplicates (ignoring case) are ignored,
 * and an entry that names a preset selects the preset's own spelling.
 */
export function addListEntry(list: readonly string[], raw: string, presets: readonly string[]): string[] {
  const entry = raw.trim().replace(/\s+/g, ' ').slice(0, LIST_ENTRY_MAX_LENGTH);
  if (!entry || list.length >= LIST_MAX_ENTRIES) return [...list];
  const key = entry.toLowerCase();
  if (list.some((item) => item.toLowerCase() === key)) return [...list];
  const preset = presets.find((p) => p.toLowerCase() === key);
  return [...list, preset ?? entry];
}

export function toggleListEntry(list: readonly string[], item: string): string[] {
  if (list.includes(item)) return list.filter((x) => x !== item);
  if (list.length >= LIST_MAX_ENTRIES) return [...list];
  return [...list, item];
}
