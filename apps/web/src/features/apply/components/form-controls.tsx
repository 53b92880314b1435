import type { ReactNode } from 'react';
import { useController, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { HackerAnswers } from '@lanyard/shared/application';
import { ChoiceGroup } from '@/components/application-form/fields';
import type { HackerFormValues } from '../lib/form-values';

export type HackerFormControl = Control<HackerFormValues, unknown, HackerAnswers>;

/** What a section of the form takes from the one useForm that owns every answer. */
export interface HackerSectionProps {
  control: HackerFormControl;
  register: UseFormRegister<HackerFormValues>;
  errors: FieldErrors<HackerFormValues>;
}

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

/** A yes/no question stored as a boolean (unanswered counts as no). */
export function YesNoField({
  control,
  name,
  legend,
}: {
  control: HackerFormControl;
  name: 'needsVisa' | 'needsAccommodation';
  legend: ReactNode;
}) {
  const { field, fieldState } = useController({ control, name });
  const value = field.value === true ? 'yes' : field.value === false ? 'no' : undefined;
  return (
    <ChoiceGroup
      id={name}
      legend={legend}
      choices={YES_NO}
      value={value}
      onChange={(v) => field.onChange(v === 'yes')}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}
