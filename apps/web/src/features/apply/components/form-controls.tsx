import type { ComponentProps, ReactNode } from 'react';
import {
  useController,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { countWords } from '@lanyard/shared/dates';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import type { HackerAnswers } from '@lanyard/shared/application';
import type { HackerFieldName, HackerFormValues } from '../lib/form-values';

export type HackerFormControl = Control<HackerFormValues, unknown, HackerAnswers>;

/** What a section of the form takes from the one useForm that owns every answer. */
export interface HackerSectionProps {
  control: HackerFormControl;
  register: UseFormRegister<HackerFormValues>;
  errors: FieldErrors<HackerFormValues>;
}

/** One titled card of the form; the heading names the region for screen readers. */
export function FormSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={`${id}-title`} className="p-5 sm:p-6">
      <div className="mb-5 flex flex-col gap-1">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {description ? <p className="text-sm text-slate-600">{description}</p> : null}
      </div>
      <div className="flex flex-col gap-5">{children}</div>
    </Card>
  );
}

/** Marks a label as required: a visual asterisk (the control itself carries aria-required). */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-red-700">
      {' '}
      *
    </span>
  );
}

/** A native checkbox with its label beside it and an optional inline error. */
export function CheckboxField({
  id,
  label,
  error,
  className,
  ...input
}: Omit<ComponentProps<'input'>, 'type'> & { id: string; label: ReactNode; error?: string | undefined }) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          className="mt-0.5 size-5 shrink-0 accent-(--brand-ink)"
          {...input}
        />
        <label htmlFor={id} className="text-sm leading-snug text-slate-800">
          {label}
        </label>
      </div>
      {error ? (
        <p id={errorId} className="pl-8 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface Choice<V extends string> {
  value: V;
  label: string;
}

/** Radio buttons in a fieldset whose legend is the question. */
export function ChoiceGroup<V extends string>({
  id,
  legend,
  choices,
  value,
  onChange,
  onBlur,
  error,
  required,
}: {
  id: string;
  legend: ReactNode;
  choices: readonly Choice<V>[];
  value: V | undefined;
  onChange: (value: V) => void;
  onBlur?: () => void;
  error?: string | undefined;
  required?: boolean;
}) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={errorId}>
      <legend className="mb-2 text-sm font-medium text-slate-800">
        {legend}
        {required ? <RequiredMark /> : null}
      </legend>
      <div className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-2.5 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 transition-colors hover:border-slate-400',
              'has-checked:border-brand-ink has-checked:bg-brand/5 has-checked:ring-1 has-checked:ring-brand-ink',
              'has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-ink',
            )}
          >
            <input
              type="radio"
              name={id}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              onBlur={onBlur}
              aria-invalid={error ? true : undefined}
              className="size-4 accent-(--brand-ink) focus-visible:outline-none"
            />
            {choice.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
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

/** An essay with its live word counter ("n / 200 words"): shown, not enforced; amber past the limit. */
export function EssayField({
  control,
  name,
  label,
  limit,
  error,
  textareaProps,
}: {
  control: HackerFormControl;
  name: Extract<HackerFieldName, 'backgroundQuestion' | 'householdObjectQuestion' | 'whyAttendQuestion'>;
  label: ReactNode;
  limit: number;
  error?: string | undefined;
  textareaProps: ComponentProps<'textarea'>;
}) {
  const text = useWatch({ control, name }) ?? '';
  const words = countWords(text);
  const over = words > limit;
  const counterId = `${name}-count`;
  return (
    <FormField id={name} label={label} error={error}>
      {(ctl) => (
        <>
          <Textarea
            {...ctl}
            {...textareaProps}
            aria-required="true"
            aria-describedby={[counterId, ctl['aria-describedby']].filter(Boolean).join(' ')}
            rows={limit > 100 ? 7 : 4}
          />
          <p
            id={counterId}
            className={cn(
              'self-end text-xs tabular-nums',
              over ? 'font-semibold text-amber-800' : 'text-slate-600',
            )}
            data-over-limit={over || undefined}
          >
            {words} / {limit} words
            {over ? <span className="sr-only"> (over the suggested limit)</span> : null}
          </p>
        </>
      )}
    </FormField>
  );
}
