import { useMemo, useState } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { CustomQuestion } from '@lanyard/shared/questions/custom';
import { customDefaults, withCustomAnswers, withCustomDraft } from './custom-values';

/**
 * What a form needs to ask a role's custom questions: its resolver and draft answers extended with
 * them, and its starting answers from the draft. The questions are those of the form's opening: an
 * organiser's change meanwhile does not move the form under the applicant. With no questions the
 * resolver and draft are the form's own.
 */
export function useCustomQuestions<V extends FieldValues, A>(
  given: readonly CustomQuestion[] | undefined,
  resolver: Resolver<V, unknown, A>,
  toAnswers: (values: V) => Record<string, unknown>,
  draftAnswers: Record<string, unknown> | null | undefined,
) {
  const [questions] = useState(() => given ?? []);
  const [defaults] = useState(() => customDefaults(questions, draftAnswers));
  const withCustom = useMemo(() => withCustomAnswers(resolver, questions), [resolver, questions]);
  const toDraft = useMemo(() => withCustomDraft(toAnswers, questions), [toAnswers, questions]);
  return { questions, defaults, resolver: withCustom, toDraft };
}
