import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '@/lib/utils';

interface ChoiceGroupProps {
  id: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  required?: boolean;
}

/** A question answered by one of a few choices: native radios in a fieldset, so arrow keys and labels just work. */
export function ChoiceGroup({
  id,
  legend,
  options,
  registration,
  error,
  required = false,
}: ChoiceGroupProps) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={errorId} data-testid={id}>
      <legend className="mb-2 text-sm font-medium text-slate-800">
        {legend}
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            {' '}
            *
          </span>
        ) : null}
      </legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-900 transition-colors hover:border-slate-400',
              'has-checked:border-brand-ink has-checked:bg-brand/5 has-checked:ring-1 has-checked:ring-brand-ink',
              'has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-ink',
              error && 'border-red-600',
            )}
          >
            <input
              type="radio"
              value={option.value}
              {...registration}
              aria-invalid={error ? true : undefined}
              required={required}
              className="size-4 accent-(--brand-ink) focus-visible:outline-none"
            />
            {option.label}
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
