import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { checkCustomAnswers, type ChoiceAnswer, type CustomQuestion } from '@lanyard/shared/questions/custom';

/**
 * Custom answers live in the form beside the built-in ones, under `custom.<question id>`, so the
 * autosave, the error count and the first-error focus see them like any other answer.
 */
export const CUSTOM_KEY = 'custom';
export type CustomFormValues = Record<string, unknown>;
export type WithCustom<T> = T & { custom?: CustomFormValues };

export const customFieldName = (id: string) => `${CUSTOM_KEY}.${id}` as const;

/** What the choice controls hold: the options picked and "Other" (null: not picked, '': picked, no words yet). */
export function choiceValue(value: unknown): ChoiceAnswer {
  const v = (value ?? {}) as Partial<ChoiceAnswer>;
  return {
    selected: Array.isArray(v.selected) ? v.selected : [],
    other: typeof v.other === 'string' ? v.other : null,
  };
}

/**
 * An answer as the form may hold it, or undefined: a saved draft (written before the question
 * changed type or lost an option, or edited by hand) never reaches a control in a shape it cannot show.
 */
export function cleanCustomAnswer(q: CustomQuestion, value: unknown): unknown {
  switch (q.type) {
    case 'short_text':
    case 'paragraph':
    case 'date':
    case 'url':
    case 'email':
      return typeof value === 'string' ? value : undefined;
    case 'yes_no':
    case 'consent':
      return typeof value === 'boolean' ? value : undefined;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    case 'single_choice':
    case 'multiple_choice': {
      if (!value || typeof value !== 'object') return undefined;
      const ids = new Set(q.options.map((o) => o.id));
      const { selected, other } = choiceValue(value);
      const kept = selected.filter((s) => typeof s === 'string' && ids.has(s));
      return {
        selected: q.type === 'single_choice' ? kept.slice(0, 1) : [...new Set(kept)],
        other: q.allow_other && (q.type === 'multiple_choice' || kept.length === 0) ? other : null,
      };
    }
  }
}

function cleanAll(questions: readonly CustomQuestion[], custom: unknown): CustomFormValues {
  const out: CustomFormValues = {};
  if (!custom || typeof custom !== 'object' || Array.isArray(custom)) return out;
  const given = custom as Record<string, unknown>;
  for (const q of questions) {
    const v = cleanCustomAnswer(q, given[q.id]);
    if (v !== undefined) out[q.id] = v;
  }
  return out;
}

/** The form's starting custom answers from a draft's `answers.custom`; nothing at all when the role asks none. */
export function customDefaults(
  questions: readonly CustomQuestion[],
  draftAnswers: Record<string, unknown> | null | undefined,
): { custom?: CustomFormValues } {
  if (questions.length === 0) return {};
  return { custom: cleanAll(questions, draftAnswers?.[CUSTOM_KEY]) };
}

/**
 * A form's `toAnswers` for its draft, extended with `answers.custom` (every answer given, shown or
 * not, so one hidden by a condition comes back if the condition does). Without custom questions the
 * draft is exactly what `toAnswers` makes.
 */
export function withCustomDraft<V extends FieldValues>(
  toAnswers: (values: V) => Record<string, unknown>,
  questions: readonly CustomQuestion[],
): (values: V) => Record<string, unknown> {
  return (values) => {
    const { [CUSTOM_KEY]: custom, ...builtIn } = values as WithCustom<V>;
    const answers = toAnswers(builtIn as unknown as V);
    if (questions.length === 0) return answers;
    return { ...answers, [CUSTOM_KEY]: cleanAll(questions, custom) };
  };
}

/** The custom errors a submit attempt left, one per question. */
export function customErrorCount(errors: FieldErrors): number {
  const custom = errors[CUSTOM_KEY] as Record<string, unknown> | undefined;
  return custom ? Object.keys(custom).length : 0;
}

/** The form's errors counted as the applicant sees them: each custom question counts as one answer. */
export function countErrors(errors: FieldErrors, skip: readonly string[] = []): number {
  const own = Object.keys(errors).filter((k) => k !== CUSTOM_KEY && !skip.includes(k)).length;
  return own + customErrorCount(errors);
}

/**
 * The form's resolver, extended with the custom questions: the built-in answers go to `base` as
 * before, the custom ones through `checkCustomAnswers`, the very check the server runs, with each
 * issue on its question's field. On success the answers carry `custom`: the answers kept (those of
 * questions shown). Without custom questions this is `base` itself.
 */
export function withCustomAnswers<V extends FieldValues, A>(
  base: Resolver<V, unknown, A>,
  questions: readonly CustomQuestion[],
): Resolver<V, unknown, WithCustom<A>> {
  if (questions.length === 0) return base as Resolver<V, unknown, WithCustom<A>>;
  return async (values, context, options) => {
    const { [CUSTOM_KEY]: custom, ...builtIn } = values as WithCustom<V>;
    const result = await base(builtIn as unknown as V, context, options);
    const checked = checkCustomAnswers(questions, builtIn, cleanAll(questions, custom));
    const errors = { ...(result.errors as Record<string, unknown>) };
    if (checked.issues.length) {
      errors[CUSTOM_KEY] = Object.fromEntries(
        checked.issues.map((issue) => [issue.id, { type: 'custom', message: issue.message }]),
      );
    }
    if (Object.keys(errors).length) return { values: {}, errors: errors as FieldErrors<V> };
    return { values: { ...(result.values as A), [CUSTOM_KEY]: checked.values }, errors: {} };
  };
}

/** The first custom question's message among a submit attempt's errors (in the questions' order). */
export function firstCustomError(errors: FieldErrors): string | undefined {
  const custom = errors[CUSTOM_KEY] as Record<string, { message?: unknown }> | undefined;
  const message = custom
    ? Object.values(custom).find((e) => typeof e?.message === 'string')?.message
    : undefined;
  return typeof message === 'string' ? message : undefined;
}
