import { Controller, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { HIGH_SCHOOL_YEAR_LABELS, HIGH_SCHOOL_YEARS } from '@lanyard/shared/application';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { emptyToUndefined } from '../lib/form-values';
import { CheckboxField, FormSection, RequiredMark } from '@/components/application-form/fields';
import { type HackerFormControl, type HackerSectionProps } from './form-controls';
import { SchoolPicker } from './school-picker';

export function AcademicSection({ control, register, errors }: HackerSectionProps) {
  return (
    <FormSection id="academic" title="Academic Information">
      <FormField
        id="university"
        label={
          <>
            School
            <RequiredMark />
          </>
        }
        hint={`Pick from the list, or choose 'Use "..."' to keep what you typed.`}
        error={errors.university?.message}
      >
        {(ctl) => (
          <Controller
            control={control}
            name="university"
            render={({ field }) => (
              <SchoolPicker
                {...ctl}
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
        <FormField
          id="major"
          label={
            <>
              Major
              <RequiredMark />
            </>
          }
          error={errors.major?.message}
        >
          {(ctl) => (
            <Input {...ctl} {...register('major')} placeholder="e.g. Computer Science" aria-required="true" />
          )}
        </FormField>
        <FormField
          id="graduationYear"
          label={
            <>
              Graduation year
              <RequiredMark />
            </>
          }
          error={errors.graduationYear?.message}
        >
          {(ctl) => (
            <Input
              {...ctl}
              {...register('graduationYear')}
              inputMode="numeric"
              placeholder="e.g. 2027"
              aria-required="true"
            />
          )}
        </FormField>
      </div>
      <CheckboxField id="isHighSchool" label="I am currently in high school" {...register('isHighSchool')} />
      <HighSchoolYear
        control={control}
        register={register('highSchoolYear', { setValueAs: emptyToUndefined })}
        error={errors.highSchoolYear?.message}
      />
    </FormSection>
  );
}

function HighSchoolYear({
  control,
  register,
  error,
}: {
  control: HackerFormControl;
  register: UseFormRegisterReturn;
  error?: string | undefined;
}) {
  const isHighSchool = useWatch({ control, name: 'isHighSchool' });
  if (!isHighSchool) return null;
  return (
    <FormField
      id="highSchoolYear"
      label={
        <>
          Year in high school
          <RequiredMark />
        </>
      }
      error={error}
      className="sm:max-w-xs"
    >
      {(ctl) => (
        <NativeSelect {...ctl} {...register} aria-required="true">
          <option value="">Select...</option>
          {HIGH_SCHOOL_YEARS.map((y) => (
            <option key={y} value={y}>
              {HIGH_SCHOOL_YEAR_LABELS[y]}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}
