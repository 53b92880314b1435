import { Controller, useWatch } from 'react-hook-form';
import { QUESTIONS, questionPrompt } from '@lanyard/shared/questions';
import { FormField } from '@/components/ui/form-field';
import { CheckboxField, FormSection } from '@/components/application-form/fields';
import { FieldLabel } from '@/components/ui/form';
import type { HackerFormValues } from '../lib/form-values';
import { type HackerFormControl, type HackerSectionProps } from './form-controls';
import { SchoolPicker } from './school-picker';
import { QuestionField } from '@/components/application-form/question-field';
import { CustomQuestions } from '@/components/application-form/custom-questions/custom-questions';

export function AcademicSection({ control, register, errors }: HackerSectionProps) {
  return (
    <FormSection id="academic" title="Academic Information">
      <FormField
        id="university"
        label={<FieldLabel label={questionPrompt('university')} required />}
        hint={QUESTIONS.university.help}
        error={errors.university?.message}
      >
        {(ctl) => (
          <Controller
            control={control}
            name="university"
            render={({ field }) => (
              <SchoolPicker
                {...ctl}
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
      <div className="grid gap-5 sm:grid-cols-2">
        <QuestionField<HackerFormValues> role="hacker" name="major" placeholder="e.g. Computer Science" />
        <QuestionField<HackerFormValues>
          role="hacker"
          name="graduationYear"
          inputMode="numeric"
          placeholder="e.g. 2027"
        />
      </div>
      <CheckboxField id="isHighSchool" label={questionPrompt('isHighSchool')} {...register('isHighSchool')} />
      <HighSchoolYear control={control} />
      <CustomQuestions section="academic" />
    </FormSection>
  );
}

function HighSchoolYear({ control }: { control: HackerFormControl }) {
  const isHighSchool = useWatch({ control, name: 'isHighSchool' });
  if (!isHighSchool) return null;
  return (
    // Asked, and then required, only once high school is ticked: a rule of the form, not the schema.
    <QuestionField<HackerFormValues> role="hacker" name="highSchoolYear" required className="sm:max-w-xs" />
  );
}
