import { useRef, useState, type ChangeEvent } from 'react';
import type { FieldErrors } from './validation';

/**
 * Form state as react-hook-form kept it before: errors appear on submit (focusing the first invalid
 * field) and, once submitted, follow every change.
 */
export function useLightForm<T extends Record<string, string>>(
  initial: T,
  validate: (values: T) => FieldErrors<T>,
  order: (keyof T)[],
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [submitted, setSubmitted] = useState(false);
  const refs = useRef<Partial<Record<keyof T, HTMLInputElement | null>>>({});

  const bind = (name: keyof T & string) => ({
    name,
    value: values[name],
    ref: (el: HTMLInputElement | null) => {
      refs.current[name] = el;
    },
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: e.target.value };
      setValues(next);
      if (submitted) setErrors(validate(next));
    },
  });

  /** Validates for a submit; returns the values when they pass. */
  const check = (): { values: T; errors: FieldErrors<T> } => {
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    const first = order.find((name) => found[name] !== undefined);
    if (first !== undefined) refs.current[first]?.focus();
    return { values, errors: found };
  };

  return { errors, bind, check };
}
