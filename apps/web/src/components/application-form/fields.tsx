import type { ComponentProps, ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { RequiredMark } from '@/components/ui/form';
import { cn } from '@/lib/utils';

// The parts both application forms are built from, so they look and behave as one product.

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

/** A native checkbox with its label beside it and an optional inline error. */
export function CheckboxField({
  id,
  label,
  error,
  hint,
  className,
  ...input
}: Omit<ComponentProps<'input'>, 'type'> & {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  /** Words under the box, shown while there is no error (as a text field's hint). */
  hint?: ReactNode;
}) {
  const errorId = error ? `${id}-error` : undefined;
  const hintId = hint && !error ? `${id}-hint` : undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId ?? hintId}
          className="mt-0.5 size-5 shrink-0 accent-(--brand-ink)"
          {...input}
        />
        <label htmlFor={id} className="text-sm leading-snug text-slate-800">
          {label}
        </label>
      </div>
      {hintId ? (
        <p id={hintId} className="pl-8 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
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
  hint,
  children,
}: {
  id: string;
  legend: ReactNode;
  choices: readonly Choice<V>[];
  value: V | undefined;
  onChange: (value: V) => void;
  onBlur?: () => void;
  error?: string | undefined;
  required?: boolean;
  /** Words under the choices, shown while there is no error. */
  hint?: ReactNode;
  /** Shown under the choices (an "Other" answer's words). */
  children?: ReactNode;
}) {
  const errorId = error ? `${id}-error` : undefined;
  const hintId = hint && !error ? `${id}-hint` : undefined;
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={errorId ?? hintId}>
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
      {children}
      {hintId ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
