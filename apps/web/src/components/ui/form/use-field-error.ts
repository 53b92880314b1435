import { get, useFormState, type FieldPath, type FieldValues } from 'react-hook-form';

/** The message of the field's error in the surrounding form, if it has one. */
export function useFieldError<T extends FieldValues>(name: FieldPath<T>): string | undefined {
  const { errors } = useFormState<T>({ name });
  const error: { message?: unknown } | undefined = get(errors, name);
  return typeof error?.message === 'string' ? error.message : undefined;
}
