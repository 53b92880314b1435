import { createContext, memo, useContext, useEffect, useMemo, type ReactNode } from 'react';
import {
  FormProvider,
  useFormContext,
  useWatch,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import type { SectionId } from '@lanyard/shared/questions';
import { isShown, type CustomQuestion } from '@lanyard/shared/questions/custom';
import { CustomQuestionField } from './custom-question-field';
import { CUSTOM_KEY, customFieldName, type CustomFormValues } from './custom-values';

interface CustomQuestionsContextValue {
  questions: readonly CustomQuestion[];
  byId: ReadonlyMap<string, CustomQuestion>;
}

const CustomQuestionsContext = createContext<CustomQuestionsContextValue>({
  questions: [],
  byId: new Map(),
});

/** The role's custom questions, for every section of the form to place its own. */
export function CustomQuestionsProvider({
  questions,
  children,
}: {
  questions: readonly CustomQuestion[];
  children: ReactNode;
}) {
  const value = useMemo(() => ({ questions, byId: new Map(questions.map((q) => [q.id, q])) }), [questions]);
  return <CustomQuestionsContext.Provider value={value}>{children}</CustomQuestionsContext.Provider>;
}

/** The form's FormProvider, with its custom questions for the sections to place. */
export function CustomFormProvider<T extends FieldValues, A>({
  form,
  questions,
  children,
}: {
  form: UseFormReturn<T, unknown, A>;
  questions: readonly CustomQuestion[];
  children: ReactNode;
}) {
  return (
    <FormProvider {...form}>
      <CustomQuestionsProvider questions={questions}>{children}</CustomQuestionsProvider>
    </FormProvider>
  );
}

/**
 * A section's custom questions, after its built-in ones, in their order (sections in the order
 * given, for a card that holds two). Nothing at all when the section has none.
 */
export function CustomQuestions({ section }: { section: SectionId | readonly SectionId[] }) {
  const { questions } = useContext(CustomQuestionsContext);
  const sections: readonly SectionId[] = typeof section === 'string' ? [section] : section;
  const mine = sections.flatMap((s) =>
    questions.filter((q) => q.section === s).sort((a, b) => a.position - b.position),
  );
  return mine.length ? <ShownQuestions questions={mine} /> : null;
}

/** Watches the answers so a conditional question comes and goes as the applicant answers. */
function ShownQuestions({ questions }: { questions: readonly CustomQuestion[] }) {
  const { byId } = useContext(CustomQuestionsContext);
  const values = useWatch() as Record<string, unknown>;
  const { [CUSTOM_KEY]: custom, ...answers } = values;
  const customAnswers = (custom ?? {}) as CustomFormValues;
  return (
    <>
      {questions
        .filter((q) => isShown(q, byId, answers, customAnswers))
        .map((q) => (
          <ShownQuestion key={q.id} question={q} />
        ))}
    </>
  );
}

// Memoised: the list re-renders with every answer typed, a question only when its own state changes.
const ShownQuestion = memo(function ShownQuestion({ question }: { question: CustomQuestion }) {
  const { clearErrors } = useFormContext();
  // A question hidden again by its condition takes its error with it: it is no longer asked.
  useEffect(() => () => clearErrors(customFieldName(question.id)), [clearErrors, question.id]);
  return <CustomQuestionField question={question} />;
});
