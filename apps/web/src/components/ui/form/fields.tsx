import type { ComponentProps, ReactNode } from 'react';
import { useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { RequiredMark } from './required-mark';
import { useFieldError } from './use-field-error';

/**
 * Fields bound to the surrounding react-hook-form (a FormProvider): each is one line that gives a
 * labelled control with its hint, required mark and inline error, wired for screen readers. The
 * field's name is its id, so a label, a test and the first-error focus all find it the same way.
 */
interface BoundFieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  label: ReactNode;
  hint?: ReactNode;
  /** Shows the required mark and sets aria-required; the form's schema is what enforces it. */
  required?: boolean;
  className?: string;
}

/** The label with its required mark. */
export function FieldLabel({ label, required }: { label: ReactNode; required?: boolean | undefined }) {
  return (
    <>
      {label}
      {required ? <RequiredMark /> : null}
    </>
  );
}

type InputProps = Omit<ComponentProps<'input'>, 'name' | 'id' | 'required' | 'className'>;

export function TextField<T extends FieldValues>({
  name,
  label,
  hint,
  required,
  className,
  ...input
}: BoundFieldProps<T> & InputProps) {
  const { register } = useFormContext<T>();
  const error = useFieldError<T>(name);
  return (
    <FormField
      id={name}
      label={<FieldLabel label={label} required={required} />}
      hint={hint}
      error={error}
      className={className}
    >
      {(ctl) => <Input {...ctl} {...register(name)} aria-required={required || undefined} {...input} />}
    </FormField>
  );
}

type TextareaProps = Omit<ComponentProps<'textarea'>, 'name' | 'id' | 'required' | 'className'>;

export function TextareaField<T extends FieldValues>({
  name,
  label,
  hint,
  required,
  className,
  ...textarea
}: BoundFieldProps<T> & TextareaProps) {
  const { register } = useFormContext<T>();
  const error = useFieldError<T>(name);
  return (
    <FormField
      id={name}
      label={<FieldLabel label={label} required={required} />}
      hint={hint}
      error={error}
      className={className}
    >
      {(ctl) => <Textarea {...ctl} {...register(name)} aria-required={required || undefined} {...textarea} />}
    </FormField>
  );
}

/** "" (the placeholder option) is no answer: the schema sees undefined, as for an unanswered question. */
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A native select of `options`, with an empty "Select..." first. */
export function SelectField<T extends FieldValues>({
  name,
  label,
  hint,
  required,
  className,
  options,
}: BoundFieldProps<T> & { options: readonly { value: string; label: string }[] }) {
  const { register } = useFormContext<T>();
  const error = useFieldError<T>(name);
  return (
    <FormField
      id={name}
      label={<FieldLabel label={label} required={required} />}
      hint={hint}
      error={error}
      className={className}
    >
      {(ctl) => (
        <NativeSelect
          {...ctl}
          {...register(name, { setValueAs: emptyToUndefined })}
          aria-required={required || undefined}
        >
          <option value="">Select...</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}

/** The choices of a catalogue question's options map, in their declared order. */
export function optionsOf(labels: Readonly<Record<string, string>>): { value: string; label: string }[] {
  return Object.entries(labels).map(([value, label]) => ({ value, label }));
}
