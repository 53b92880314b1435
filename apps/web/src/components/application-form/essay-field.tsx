import type { ComponentProps, ReactNode } from 'react';
import { useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { countWords } from '@lanyard/shared/dates';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';

/**
 * An essay with its live word counter ("n / 200 words"). The hacker form's limits are guides: past
 * one the counter turns amber. The mentor's is a rule (`enforced`): past it the counter turns red and
 * says so, and the answer is marked invalid.
 */
export function EssayField<T extends FieldValues, TAnswers>({
  control,
  name,
  label,
  limit,
  error,
  hint,
  textareaProps,
  required = true,
  enforced = false,
}: {
  control: Control<T, unknown, TAnswers>;
  name: Path<T>;
  label: ReactNode;
  limit: number;
  error?: string | undefined;
  hint?: ReactNode;
  textareaProps: ComponentProps<'textarea'>;
  required?: boolean;
  enforced?: boolean;
}) {
  const text: unknown = useWatch({ control, name });
  const words = countWords(typeof text === 'string' ? text : '');
  const over = words > limit;
  const counterId = `${name}-count`;
  return (
    <FormField id={name} label={label} error={error} hint={hint}>
      {(ctl) => (
        <>
          <Textarea
            {...ctl}
            {...textareaProps}
            aria-required={required || undefined}
            aria-invalid={ctl['aria-invalid'] ?? (enforced && over ? true : undefined)}
            aria-describedby={[counterId, ctl['aria-describedby']].filter(Boolean).join(' ')}
            rows={limit > 100 ? 7 : 4}
          />
          <p
            id={counterId}
            className={cn(
              'self-end text-xs tabular-nums',
              !over
                ? 'text-slate-600'
                : enforced
                  ? 'font-semibold text-red-700'
                  : 'font-semibold text-amber-800',
            )}
            data-over-limit={over || undefined}
          >
            {words} / {limit} words
            {over && enforced ? ' (over the limit)' : null}
            {over && !enforced ? <span className="sr-only"> (over the suggested limit)</span> : null}
          </p>
        </>
      )}
    </FormField>
  );
}
