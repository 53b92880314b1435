/**
 * Custom questions (issue 19): the questions an organiser adds to a role's form in the portal,
 * beside the built-in catalogue (catalogue.ts). What crosses the wire for them, their limits, how
 * an answer is checked against its definition and when a question is shown: the browser and the
 * server both use these, so the form and the server never disagree.
 *
 * Answers are kept under the question's stable id (never its label), in `custom` beside the
 * built-in answers: `{ "<question id>": <answer> }`.
 */
import { z } from 'zod';
import { APPLICANT_ROLES, type ApplicantRole } from '../constants';
import { countWords } from '../dates';
import { VIEW_SECTIONS, type SectionId } from './types';

export const CUSTOM_QUESTION_TYPES = [
  'short_text',
  'paragraph',
  'single_choice',
  'multiple_choice',
  'yes_no',
  'number',
  'date',
  'url',
  'email',
  'consent',
] as const;
export type CustomQuestionType = (typeof CUSTOM_QUESTION_TYPES)[number];

export const CUSTOM_TYPE_LABELS: Record<CustomQuestionType, string> = {
  short_text: 'Short text',
  paragraph: 'Paragraph',
  single_choice: 'Single choice',
  multiple_choice: 'Multiple choice',
  yes_no: 'Yes / no',
  number: 'Number',
  date: 'Date',
  url: 'Link (URL)',
  email: 'E-mail',
  consent: 'Consent checkbox',
};

/** Limits that keep the form, the exports and the database small whatever an admin types. */
export const CUSTOM_LIMITS = {
  /** Custom questions per role, hidden ones included. */
  questions: 50,
  options: 50,
  label: 300,
  help: 1000,
  option: 200,
  /** Short text: the largest length limit an admin may set, and the default. */
  shortTextMax: 1000,
  shortTextDefault: 200,
  /** Paragraph: the largest word limit, the default, and the characters any paragraph may hold. */
  wordLimitMax: 2000,
  wordLimitDefault: 300,
  paragraphChars: 20_000,
  /** "Other: …" and e-mail / URL answers. */
  otherText: 200,
  urlText: 2048,
  emailText: 254,
  /** A draft's custom answers together (its built-in answers have 100,000 of their own). */
  draftChars: 400_000,
} as const;

/** The sections a custom question can go in, per role (the sections that role's form has). */
export const CUSTOM_SECTIONS: Record<ApplicantRole, readonly SectionId[]> = {
  hacker: ['personal', 'academic', 'essays', 'links', 'additional', 'community'],
  mentor: ['personal', 'professional', 'availability', 'skills', 'essays', 'additional'],
};
export const SECTION_LABELS = VIEW_SECTIONS;

// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const plainText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} must be at most ${max} characters`)
    // Control characters would survive into CSV cells and e-mail headers; a label never needs one.
    .refine((v) => !CONTROL_CHARACTERS.test(v), `${what} has characters that are not allowed`);

export const customOptionSchema = z
  .object({
    /** Stable: answers keep the id, so an option can be reworded without losing them. */
    id: z.string().regex(/^[a-z0-9]{1,12}$/, 'Option ids are 1 to 12 lower-case letters or digits'),
    label: plainText(CUSTOM_LIMITS.option, 'An option').pipe(z.string().min(1, 'An option cannot be empty')),
  })
  .strict();
export type CustomOption = z.infer<typeof customOptionSchema>;

/**
 * Show the question only while another question has this answer: a built-in key (a yes/no or a
 * choice of the catalogue, e.g. `isHighSchool`) or a custom question's id; `equals` is the yes/no
 * value or the option id (a multiple choice matches when it is among those chosen).
 */
export const customConditionSchema = z
  .object({
    question: z.string().min(1).max(64),
    equals: z.union([z.boolean(), z.string().min(1).max(64)]),
  })
  .strict();
export type CustomCondition = z.infer<typeof customConditionSchema>;

const customQuestionFields = {
  role: z.enum(APPLICANT_ROLES),
  section: z.enum(Object.keys(VIEW_SECTIONS) as [SectionId, ...SectionId[]]),
  type: z.enum(CUSTOM_QUESTION_TYPES),
  label: plainText(CUSTOM_LIMITS.label, 'The question').pipe(z.string().min(1, 'Enter the question')),
  /** Plain text with a small safe Markdown subset: **bold**, _italic_ and [links](https://…). */
  help: plainText(CUSTOM_LIMITS.help, 'The help text').default(''),
  required: z.boolean().default(false),
  /** Hidden: new applicants no longer see it; answers already given are kept. */
  hidden: z.boolean().default(false),
  /** Reviewers see the answer on their screen (false: hidden from them, like a blind field). */
  reviewer_visible: z.boolean().default(true),
  /** single_choice and multiple_choice: 2 to 50 options. */
  options: z.array(customOptionSchema).max(CUSTOM_LIMITS.options).default([]),
  /** single_choice and multiple_choice: an "Other: …" choice with the applicant's own words. */
  allow_other: z.boolean().default(false),
  /** single_choice: radio buttons or a dropdown. */
  display: z.enum(['radio', 'dropdown']).default('radio'),
  /** short_text: the most characters. */
  max_length: z.number().int().min(1).max(CUSTOM_LIMITS.shortTextMax).nullable().default(null),
  /** paragraph: the most words (a counter shows it). */
  word_limit: z.number().int().min(1).max(CUSTOM_LIMITS.wordLimitMax).nullable().default(null),
  /** number: the range (inclusive), either end optional; whole numbers only when `integer`. */
  min: z.number().finite().nullable().default(null),
  max: z.number().finite().nullable().default(null),
  integer: z.boolean().default(false),
  /** consent: what is agreed to, linked from the checkbox. */
  link_url: z
    .string()
    .trim()
    .max(CUSTOM_LIMITS.urlText)
    .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), 'The link must start with http:// or https://')
    .nullable()
    .default(null),
  condition: customConditionSchema.nullable().default(null),
};

/** What an admin sends to create or change a question (every field; PUT replaces the definition). */
export const customQuestionBodySchema = z
  .object(customQuestionFields)
  .strict()
  .superRefine((q, ctx) => {
    const choice = q.type === 'single_choice' || q.type === 'multiple_choice';
    if (choice && q.options.length < 2) {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: 'A choice question needs at least 2 options',
      });
    }
    if (!choice && q.options.length) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Only choice questions have options' });
    }
    const ids = new Set(q.options.map((o) => o.id));
    if (ids.size !== q.options.length) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Two options have the same id' });
    }
    if (q.min !== null && q.max !== null && q.min > q.max) {
      ctx.addIssue({
        code: 'custom',
        path: ['max'],
        message: 'The largest number must not be below the smallest',
      });
    }
    if (!(CUSTOM_SECTIONS[q.role] as readonly string[]).includes(q.section)) {
      ctx.addIssue({ code: 'custom', path: ['section'], message: `The ${q.role} form has no such section` });
    }
  });
export type CustomQuestionBody = z.input<typeof customQuestionBodySchema>;
export type CustomQuestionDefinition = z.output<typeof customQuestionBodySchema>;

/** A question as the portal serves it: its definition, id, place and version. */
export const customQuestionSchema = z.object({
  id: z.string().uuid(),
  ...customQuestionFields,
  position: z.number().int(),
  version: z.number().int(),
  updated_at: z.string(),
});
export type CustomQuestion = z.infer<typeof customQuestionSchema>;

/** The admin list: each question with how many applications answered it (deletable at 0). */
export const adminCustomQuestionsSchema = z.object({
  questions: z.array(customQuestionSchema.extend({ answered: z.number().int() })),
});

/**
 * A custom answer as people read it (the applicant's view, the admin detail dialog, the CSV): the
 * question's wording as it was when answered, and the answer in words (option labels, "Yes").
 */
export const customAnswerViewSchema = z.object({
  id: z.string().uuid(),
  section: z.enum(Object.keys(VIEW_SECTIONS) as [SectionId, ...SectionId[]]),
  label: z.string(),
  text: z.string(),
  /** Whether reviewers see it (the reviewer's screen leaves it out when false). */
  reviewer_visible: z.boolean(),
});
export type CustomAnswerView = z.infer<typeof customAnswerViewSchema>;

/** The questions a role's form asks (GET /api/settings/public, `custom_questions`): not hidden, in order. */
export const formCustomQuestionsSchema = z.object({
  hacker: z.array(customQuestionSchema),
  mentor: z.array(customQuestionSchema),
});
export type FormCustomQuestions = z.infer<typeof formCustomQuestionsSchema>;

/** PUT /api/admin/questions/order: a role's questions in their new order (every id, once). */
export const customQuestionOrderSchema = z
  .object({ role: z.enum(APPLICANT_ROLES), ids: z.array(z.string().uuid()).max(CUSTOM_LIMITS.questions) })
  .strict();

/** A choice answer: the option ids chosen (at most one for single choice) and the "Other" words. */
export const choiceAnswerSchema = z
  .object({
    selected: z.array(z.string().max(12)).max(CUSTOM_LIMITS.options),
    other: z.string().trim().max(CUSTOM_LIMITS.otherText).nullable().default(null),
  })
  .strict();
export type ChoiceAnswer = z.infer<typeof choiceAnswerSchema>;

/** Custom answers on the wire: by question id; each value checked by customAnswerSchema. */
export const customAnswersSchema = z
  .record(z.string().uuid(), z.unknown())
  .refine((v) => Object.keys(v).length <= CUSTOM_LIMITS.questions * 2, 'Too many answers');

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** The rule one answer must meet (without "required": that depends on whether it is shown). */
export function customAnswerSchema(
  q: Pick<
    CustomQuestion,
    'type' | 'label' | 'options' | 'allow_other' | 'max_length' | 'word_limit' | 'min' | 'max' | 'integer'
  >,
): z.ZodType {
  const name = q.label;
  switch (q.type) {
    case 'short_text': {
      const max = q.max_length ?? CUSTOM_LIMITS.shortTextDefault;
      return z
        .string({ error: `${name}: enter text` })
        .trim()
        .max(max, `${name}: at most ${max} characters`);
    }
    case 'paragraph': {
      const words = q.word_limit ?? CUSTOM_LIMITS.wordLimitDefault;
      return z
        .string({ error: `${name}: enter text` })
        .trim()
        .max(CUSTOM_LIMITS.paragraphChars, `${name}: too long`)
        .refine((v) => countWords(v) <= words, `${name}: at most ${words} words`);
    }
    case 'single_choice':
    case 'multiple_choice': {
      const ids = new Set(q.options.map((o) => o.id));
      return choiceAnswerSchema.superRefine((a, ctx) => {
        if (a.selected.some((s) => !ids.has(s)))
          ctx.addIssue({ code: 'custom', message: `${name}: choose one of the options` });
        if (new Set(a.selected).size !== a.selected.length)
          ctx.addIssue({ code: 'custom', message: `${name}: an option is chosen twice` });
        if (a.other !== null && !q.allow_other)
          ctx.addIssue({ code: 'custom', message: `${name}: "Other" is not offered` });
        if (a.other !== null && a.other === '')
          ctx.addIssue({ code: 'custom', message: `${name}: say what "Other" is` });
        const count = a.selected.length + (a.other !== null ? 1 : 0);
        if (q.type === 'single_choice' && count > 1)
          ctx.addIssue({ code: 'custom', message: `${name}: choose one` });
      });
    }
    case 'yes_no':
      return z.boolean({ error: `${name}: answer yes or no` });
    case 'consent':
      return z.boolean({ error: `${name}: tick the box or leave it` });
    case 'number':
      return z
        .number({ error: `${name}: enter a number` })
        .finite(`${name}: enter a number`)
        .refine((v) => !q.integer || Number.isInteger(v), `${name}: enter a whole number`)
        .refine((v) => q.min === null || v >= q.min, `${name}: at least ${q.min}`)
        .refine((v) => q.max === null || v <= q.max, `${name}: at most ${q.max}`);
    case 'date':
      return z
        .string({ error: `${name}: enter a date` })
        .regex(isoDay, `${name}: enter a date`)
        .refine(
          (v) =>
            !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
            new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
          `${name}: not a real date`,
        );
    case 'url':
      return z
        .string({ error: `${name}: enter a link` })
        .trim()
        .max(CUSTOM_LIMITS.urlText, `${name}: too long`)
        .refine(
          (v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v),
          `${name}: the link must start with http:// or https://`,
        );
    case 'email':
      return z
        .string({ error: `${name}: enter an e-mail address` })
        .trim()
        .max(CUSTOM_LIMITS.emailText, `${name}: too long`)
        .refine((v) => v === '' || z.email().safeParse(v).success, `${name}: enter a valid e-mail address`);
  }
}

/** Whether an answer counts as given (for "required"). */
export function isAnswered(type: CustomQuestionType, value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (type === 'consent') return value === true;
  if (type === 'single_choice' || type === 'multiple_choice') {
    const a = value as Partial<ChoiceAnswer>;
    return (a.selected?.length ?? 0) > 0 || (typeof a.other === 'string' && a.other.trim() !== '');
  }
  return true;
}

/** Does `value` (an answer of any question) meet a condition's `equals`? */
function matches(value: unknown, equals: string | boolean): boolean {
  if (typeof equals === 'boolean') return value === equals;
  if (value && typeof value === 'object' && Array.isArray((value as ChoiceAnswer).selected)) {
    return (value as ChoiceAnswer).selected.includes(equals);
  }
  return value === equals;
}

type ConditionFields = Pick<CustomQuestion, 'id' | 'condition'>;

/**
 * Whether a question is shown, given the answers so far (built-in ones by key, custom by id). A
 * question whose condition names a question that is itself not shown is not shown either; a cycle
 * (which the editor refuses) counts as not shown.
 */
export function isShown(
  q: ConditionFields,
  byId: ReadonlyMap<string, ConditionFields>,
  answers: Record<string, unknown>,
  custom: Record<string, unknown>,
  seen: Set<string> = new Set(),
): boolean {
  if (!q.condition) return true;
  if (seen.has(q.id)) return false;
  seen.add(q.id);
  const target = byId.get(q.condition.question);
  if (target)
    return isShown(target, byId, answers, custom, seen) && matches(custom[target.id], q.condition.equals);
  return matches(answers[q.condition.question], q.condition.equals);
}

export interface CustomAnswerIssue {
  /** The question's id, and its label: a 4xx names the question. */
  id: string;
  label: string;
  message: string;
}

/**
 * Checks a form's custom answers against the role's questions: unknown ids, wrong types, options not
 * offered, and required questions left unanswered while shown. Answers to questions not shown, or
 * hidden, are dropped. `values` holds what is kept.
 */
export function checkCustomAnswers(
  questions: readonly CustomQuestion[],
  answers: Record<string, unknown>,
  custom: Record<string, unknown>,
  { partial = false }: { partial?: boolean } = {},
): { values: Record<string, unknown>; issues: CustomAnswerIssue[] } {
  const asked = questions.filter((q) => !q.hidden);
  const byId = new Map(asked.map((q) => [q.id, q]));
  const issues: CustomAnswerIssue[] = [];
  const values: Record<string, unknown> = {};
  for (const id of Object.keys(custom)) {
    if (!byId.has(id)) issues.push({ id, label: id, message: `Unknown question ${id}` });
  }
  for (const q of asked) {
    if (!isShown(q, byId, answers, custom)) continue;
    const value = custom[q.id];
    if (!isAnswered(q.type, value)) {
      if (q.required && !partial)
        issues.push({ id: q.id, label: q.label, message: `${q.label}: this question is required` });
      continue;
    }
    const parsed = customAnswerSchema(q).safeParse(value);
    if (!parsed.success) {
      // zod's own messages (a choice sent as a string, an unknown key) do not name the question.
      const first = parsed.error.issues[0]?.message ?? 'not a valid answer';
      const message = first.startsWith(`${q.label}: `) ? first : `${q.label}: ${first}`;
      issues.push({ id: q.id, label: q.label, message });
      continue;
    }
    values[q.id] = parsed.data;
  }
  return { values, issues };
}
