import { useWatch, type UseFormRegister, type UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import {
  BIRTHDAY_FIELDS,
  isMinorOnEventDay,
  showGuardianField,
  toNumber,
  type HackerFormValues,
} from '../lib/form-values';
import { RequiredMark } from '@/components/ui/form';
import { type HackerFormControl } from './form-controls';

/** Month, day and year inputs under one legend, with the one message they share. */
export function BirthdayFields({
  register,
  message: birthdayMessage,
}: {
  register: UseFormRegister<HackerFormValues>;
  message: string | undefined;
}) {
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={birthdayMessage ? 'birthday-error' : undefined}
    >
      <legend className="mb-2 text-sm font-medium text-slate-800">
        Date of birth
        <RequiredMark />
      </legend>
      <div className="grid grid-cols-3 gap-3 sm:max-w-md">
        {(
          [
            ['birthMonth', 'Month', 'MM', 1, 12],
            ['birthDay', 'Day', 'DD', 1, 31],
            ['birthYear', 'Year', 'YYYY', 1900, new Date().getFullYear()],
          ] as const
        ).map(([name, label, placeholder, min, max]) => (
          <div key={name} className="flex flex-col gap-1.5">
            <label htmlFor={name} className="text-xs font-medium text-slate-700">
              {label}
            </label>
            <Input
              id={name}
              type="number"
              inputMode="numeric"
              min={min}
              max={max}
              placeholder={placeholder}
              aria-label={`Birth ${label.toLowerCase()}`}
              aria-required="true"
              aria-invalid={birthdayMessage ? true : undefined}
              aria-describedby={birthdayMessage ? 'birthday-error' : undefined}
              {...register(name, {
                setValueAs: toNumber,
                // The birthday's one message sits on birthDay but depends on all three parts:
                // once errors show, a change to any part re-checks the others, so the message
                // (and its place in the count) goes as soon as the date is valid.
                deps: BIRTHDAY_FIELDS.filter((f) => f !== name),
              })}
            />
          </div>
        ))}
      </div>
      {birthdayMessage ? (
        <p id="birthday-error" className="text-sm font-medium text-red-700">
          {birthdayMessage}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Shown when the birth year is after 2006; required when under 18 on the event's first day (spec §5). */
export function GuardianField({
  control,
  startDate,
  register,
  error,
}: {
  control: HackerFormControl;
  startDate: string;
  register: UseFormRegisterReturn;
  error?: string | undefined;
}) {
  const [birthYear, birthMonth, birthDay] = useWatch({
    control,
    name: ['birthYear', 'birthMonth', 'birthDay'],
  });
  if (!showGuardianField(birthYear)) return null;
  const minor = isMinorOnEventDay(startDate, { birthYear, birthMonth, birthDay });
  return (
    <FormField
      id="guardianName"
      label={
        <>
          Parent or guardian's full name
          {minor ? <RequiredMark /> : null}
        </>
      }
      hint="Required for applicants under 18 on the first day of the event."
      error={error}
    >
      {(ctl) => (
        <Input {...ctl} {...register} autoComplete="off" aria-required={minor ? 'true' : undefined} />
      )}
    </FormField>
  );
}
