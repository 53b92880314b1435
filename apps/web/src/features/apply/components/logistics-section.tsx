import { Controller } from 'react-hook-form';
import { QUESTIONS, questionPrompt } from '@lanyard/shared/questions';
import { FormField } from '@/components/ui/form-field';
import { CityAutocomplete } from './city-autocomplete';
import { FormSection } from '@/components/application-form/fields';
import { FieldLabel } from '@/components/ui/form';
import type { HackerFormValues } from '../lib/form-values';
import { YesNoField, type HackerSectionProps } from './form-controls';
import { QuestionField } from '@/components/application-form/question-field';
import { CustomQuestions } from '@/components/application-form/custom-questions/custom-questions';

export function LogisticsSection({ control, errors }: Pick<HackerSectionProps, 'control' | 'errors'>) {
  return (
    <FormSection id="logistics" title="Logistics">
      <FormField
        id="travelFrom"
        label={<FieldLabel label={questionPrompt('travelFrom')} required />}
        hint={QUESTIONS.travelFrom.help}
        error={errors.travelFrom?.message}
      >
        {(ctl) => (
          <Controller
            control={control}
            name="travelFrom"
            render={({ field }) => (
              <CityAutocomplete
                {...ctl}
                messageId="travelFrom-lookup"
                name={field.name}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
              />
            )}
          />
        )}
      </FormField>
      <YesNoField control={control} name="needsVisa" legend={questionPrompt('needsVisa')} />
      <YesNoField control={control} name="needsAccommodation" legend={questionPrompt('needsAccommodation')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <QuestionField<HackerFormValues>
          role="hacker"
          name="dietaryRestrictions"
          placeholder="e.g. vegetarian"
        />
        <QuestionField<HackerFormValues> role="hacker" name="howDidYouHear" />
      </div>
      <CustomQuestions section="additional" />
    </FormSection>
  );
}
