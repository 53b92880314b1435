import type { ComponentProps } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import type { ApplicantRole } from '@lanyard/shared/constants';
import { QUESTIONS, questionPrompt, type QuestionDef, type QuestionKey } from '@lanyard/shared/questions';
import { optionsOf, SelectField, TextareaField, TextField } from '@/components/ui/form';
import { useEventConfig } from '@/config/event-config';

const INPUT_TYPES: Partial<Record<QuestionDef['type'], string>> = {
  phone: 'tel',
  email: 'email',
  url: 'url',
};

type ExtraProps = Pick<
  ComponentProps<'input'>,
  'autoComplete' | 'inputMode' | 'placeholder' | 'type' | 'aria-describedby'
> &
  Pick<ComponentProps<'textarea'>, 'rows'>;

/**
 * A plain question (short text, paragraph or single choice) as its catalogue entry declares it:
 * the prompt as label, the help as hint, the options, and the required mark when the role's
 * validation refuses a blank answer. `required` overrides that for a question that the form's
 * own rules require only on a condition (a high-school year once high school is ticked).
 */
export function QuestionField<T extends FieldValues>({
  role,
  name,
  required,
  className,
  ...extra
}: {
  role: ApplicantRole;
  name: QuestionKey & FieldPath<T>;
  required?: boolean;
  className?: string;
} & ExtraProps) {
  const event = useEventConfig();
  const q: QuestionDef = QUESTIONS[name];
  const label = questionPrompt(name, event.name);
  const blank = q.type === 'choice' ? undefined : '';
  const isRequired = required ?? q.validation[role]?.safeParse(blank).success === false;
  const common = { name, label, hint: q.help, required: isRequired, className };
  if (q.type === 'choice') return <SelectField<T> {...common} options={optionsOf(q.options ?? {})} />;
  const { rows, ...input } = extra;
  if (q.type === 'long-text' || q.type === 'essay') {
    return <TextareaField<T> {...common} rows={rows} placeholder={input.placeholder} />;
  }
  return <TextField<T> {...common} type={INPUT_TYPES[q.type]} {...input} />;
}
