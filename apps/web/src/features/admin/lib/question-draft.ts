import type { ApplicantRole } from '@lanyard/shared/constants';
import { QUESTION_LIST } from '@lanyard/shared/questions/catalogue';
import {
  customQuestionBodySchema,
  type CustomCondition,
  type CustomOption,
  type CustomQuestion,
  type CustomQuestionBody,
  type CustomQuestionType,
} from '@lanyard/shared/questions/custom';
import type { SectionId } from '@lanyard/shared/questions/types';

/** The editor's copy of a question while it is typed: numbers as typed, options as a list. */
export interface QuestionDraft {
  role: ApplicantRole;
  section: SectionId;
  type: CustomQuestionType;
  label: string;
  help: string;
  required: boolean;
  hidden: boolean;
  reviewer_visible: boolean;
  options: CustomOption[];
  allow_other: boolean;
  display: 'radio' | 'dropdown';
  max_length: string;
  word_limit: string;
  min: string;
  max: string;
  integer: boolean;
  link_url: string;
  /** '' for always shown, else the question (key or id) and the answer, as `question=value`. */
  condition: string;
}

export type DraftErrors = Partial<Record<keyof QuestionDraft, string>>;

export const CHOICE_TYPES: readonly CustomQuestionType[] = ['single_choice', 'multiple_choice'];

export function blankDraft(role: ApplicantRole, section: SectionId): QuestionDraft {
  return {
    role,
    section,
    type: 'short_text',
    label: '',
    help: '',
    required: false,
    hidden: false,
    reviewer_visible: true,
    options: [],
    allow_other: false,
    display: 'radio',
    max_length: '',
    word_limit: '',
    min: '',
    max: '',
    integer: false,
    link_url: '',
    condition: '',
  };
}

const text = (n: number | null) => (n === null ? '' : String(n));

export function draftOf(q: CustomQuestion): QuestionDraft {
  return {
    role: q.role,
    section: q.section,
    type: q.type,
    label: q.label,
    help: q.help,
    required: q.required,
    hidden: q.hidden,
    reviewer_visible: q.reviewer_visible,
    options: q.options,
    allow_other: q.allow_other,
    display: q.display,
    max_length: text(q.max_length),
    word_limit: text(q.word_limit),
    min: text(q.min),
    max: text(q.max),
    integer: q.integer,
    link_url: q.link_url ?? '',
    condition: q.condition ? conditionValue(q.condition) : '',
  };
}

export function conditionValue(c: CustomCondition): string {
  return `${c.question}=${String(c.equals)}`;
}

function parseCondition(value: string): CustomCondition | null {
  const at = value.indexOf('=');
  if (at <= 0) return null;
  const question = value.slice(0, at);
  const raw = value.slice(at + 1);
  return { question, equals: raw === 'true' ? true : raw === 'false' ? false : raw };
}

/** A number field as the API takes it: '' is none; anything else must be a number. */
function numberOrNull(value: string): number | null | typeof NaN {
  const v = value.trim();
  return v === '' ? null : Number(v);
}

/** The body the API takes, only the fields the type uses, and the problems to show beside fields. */
export function draftBody(d: QuestionDraft): { body: CustomQuestionBody | null; errors: DraftErrors } {
  const choice = CHOICE_TYPES.includes(d.type);
  const body: CustomQuestionBody = {
    role: d.role,
    section: d.section,
    type: d.type,
    label: d.label,
    help: d.help,
    required: d.required,
    hidden: d.hidden,
    reviewer_visible: d.reviewer_visible,
    options: choice ? d.options : [],
    allow_other: choice && d.allow_other,
    display: d.type === 'single_choice' ? d.display : 'radio',
    max_length: d.type === 'short_text' ? numberOrNull(d.max_length) : null,
    word_limit: d.type === 'paragraph' ? numberOrNull(d.word_limit) : null,
    min: d.type === 'number' ? numberOrNull(d.min) : null,
    max: d.type === 'number' ? numberOrNull(d.max) : null,
    integer: d.type === 'number' && d.integer,
    link_url: d.type === 'consent' && d.link_url.trim() ? d.link_url.trim() : null,
    condition: parseCondition(d.condition),
  };
  const parsed = customQuestionBodySchema.safeParse(body);
  if (parsed.success) return { body, errors: {} };
  const errors: DraftErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'label') as keyof QuestionDraft;
    const message = /expected number|received NaN/i.test(issue.message) ? 'Enter a number' : issue.message;
    errors[field] ??= message;
  }
  return { body: null, errors };
}

/** A short, unique option id for a new option ("o1", "o2", …), never one in use. */
export function newOptionId(options: readonly CustomOption[]): string {
  const used = new Set(options.map((o) => o.id));
  for (let n = options.length + 1; ; n += 1) if (!used.has(`o${n}`)) return `o${n}`;
}

export interface ConditionChoice {
  /** `question=value`, as the draft holds it. */
  value: string;
  label: string;
}

/**
 * What a question may depend on: the role's built-in yes/no and choice questions, and its custom
 * yes/no and choice questions that come before it (never itself), each answer as one choice.
 */
export function conditionChoices(
  role: ApplicantRole,
  questions: readonly CustomQuestion[],
  selfId: string | null,
): ConditionChoice[] {
  const out: ConditionChoice[] = [];
  for (const q of QUESTION_LIST) {
    if (!q.validation[role] || q.partOf) continue;
    if (q.type === 'boolean') {
      out.push(
        { value: `${q.key}=true`, label: `${q.label}: Yes` },
        { value: `${q.key}=false`, label: `${q.label}: No` },
      );
    } else if (q.type === 'choice' && q.options) {
      for (const [value, label] of Object.entries(q.options))
        out.push({ value: `${q.key}=${value}`, label: `${q.label}: ${label}` });
    }
  }
  const mine = questions.filter((q) => q.role === role).sort((a, b) => a.position - b.position);
  for (const q of mine) {
    if (q.id === selfId) break;
    if (q.type === 'yes_no') {
      out.push(
        { value: `${q.id}=true`, label: `${q.label}: Yes` },
        { value: `${q.id}=false`, label: `${q.label}: No` },
      );
    } else if (CHOICE_TYPES.includes(q.type)) {
      for (const o of q.options) out.push({ value: `${q.id}=${o.id}`, label: `${q.label}: ${o.label}` });
    }
  }
  return out;
}

/** Whether a change rewords what people already answered (the editor warns first). */
export function rewordsAnswers(before: CustomQuestion, after: CustomQuestionBody): boolean {
  if (before.label !== after.label.trim()) return true;
  const old = new Map(before.options.map((o) => [o.id, o.label]));
  return (
    (after.options ?? []).some((o) => old.has(o.id) && old.get(o.id) !== o.label.trim()) ||
    before.options.some((o) => !(after.options ?? []).some((n) => n.id === o.id))
  );
}

/** A list with the item at `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  const [item] = out.splice(from, 1);
  if (item !== undefined) out.splice(Math.max(0, Math.min(out.length, to)), 0, item);
  return out;
}
