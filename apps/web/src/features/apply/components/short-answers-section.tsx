import { WORD_LIMITS } from '@lanyard/shared/constants';
import { EssayField } from '@/components/application-form/essay-field';
import { FormSection } from '@/components/application-form/fields';
import { RequiredMark } from '@/components/ui/form';
import { useEventConfig } from '@/config/event-config';
import type { HackerSectionProps } from './form-controls';
import { CustomQuestions } from '@/components/application-form/custom-questions/custom-questions';

export function ShortAnswersSection({ control, register, errors }: HackerSectionProps) {
  const event = useEventConfig();
  return (
    <FormSection
      id="essays"
      title="Short Answers"
      description="The word counts are guides, not hard limits. Write in your own voice."
    >
      <EssayField
        control={control}
        name="backgroundQuestion"
        limit={WORD_LIMITS.background}
        label={
          <>
            Tell us about your background: what you study, what you build and what you want to learn.
            <RequiredMark />
          </>
        }
        error={errors.backgroundQuestion?.message}
        textareaProps={register('backgroundQuestion')}
      />
      <EssayField
        control={control}
        name="householdObjectQuestion"
        limit={WORD_LIMITS.householdObject}
        label={
          <>
            Which household object do you identify with the most, and why?
            <RequiredMark />
          </>
        }
        error={errors.householdObjectQuestion?.message}
        textareaProps={register('householdObjectQuestion')}
      />
      <EssayField
        control={control}
        name="whyAttendQuestion"
        limit={WORD_LIMITS.whyAttend}
        label={
          <>
            Why do you want to attend {event.name}?
            <RequiredMark />
          </>
        }
        error={errors.whyAttendQuestion?.message}
        textareaProps={register('whyAttendQuestion')}
      />
      <CustomQuestions section="essays" />
    </FormSection>
  );
}
