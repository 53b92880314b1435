import type { ReactNode } from 'react';
import { useController, useFormContext, type FieldValues } from 'react-hook-form';
import { CUSTOM_LIMITS, type CustomQuestion } from '@lanyard/shared/questions/custom';
import { EssayField } from '@/components/application-form/essay-field';
import { CheckboxField, ChoiceGroup } from '@/components/application-form/fields';
import { FieldLabel, RequiredMark, TextField, useFieldError } from '@/components/ui/form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { choiceValue, customFieldName } from './custom-values';
import { InlineMarkdown } from './inline-markdown';

const OTHER = '__other__';

const INPUT_TYPES = { short_text: 'text', date: 'date', url: 'url', email: 'email' } as const;

/** Empty number inputs are no answer; anything else a number (the check refuses what is not one). */
const toNumber = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));

/** One custom question, drawn with the same controls as the built-in ones. */
export function CustomQuestionField({ question: q }: { question: CustomQuestion }) {
  const name = customFieldName(q.id);
  const label = <InlineMarkdown text={q.label} />;
  const hint = q.help ? <InlineMarkdown text={q.help} /> : undefined;
  const common = { name, label, hint, required: q.required };
  switch (q.type) {
    case 'short_text':
    case 'date':
    case 'url':
    case 'email':
      return (
        <TextField<FieldValues>
          {...common}
          type={INPUT_TYPES[q.type]}
          maxLength={
            q.type === 'short_text'
              ? (q.max_length ?? CUSTOM_LIMITS.shortTextDefault)
              : q.type === 'url'
                ? CUSTOM_LIMITS.urlText
                : q.type === 'email'
                  ? CUSTOM_LIMITS.emailText
                  : undefined
          }
          inputMode={q.type === 'url' ? 'url' : q.type === 'email' ? 'email' : undefined}
        />
      );
    case 'number':
      return <NumberQuestion q={q} common={common} />;
    case 'paragraph':
      return <ParagraphQuestion q={q} label={label} hint={hint} />;
    case 'yes_no':
      return <YesNoQuestion q={q} label={label} hint={hint} />;
    case 'consent':
      return <ConsentQuestion q={q} label={label} hint={hint} />;
    case 'single_choice':
      return q.display === 'dropdown' ? (
        <DropdownQuestion q={q} label={label} hint={hint} />
      ) : (
        <RadioQuestion q={q} label={label} hint={hint} />
      );
    case 'multiple_choice':
      return <CheckboxesQuestion q={q} label={label} hint={hint} />;
  }
}

interface PartProps {
  q: CustomQuestion;
  label: ReactNode;
  hint: ReactNode;
}

function NumberQuestion({
  q,
  common,
}: {
  q: CustomQuestion;
  common: { name: string; label: ReactNode; hint: ReactNode; required: boolean };
}) {
  const { register } = useFormContext();
  const error = useFieldError(common.name);
  return (
    <FormField
      id={common.name}
      label={<FieldLabel label={common.label} required={common.required} />}
      hint={common.hint}
      error={error}
    >
      {(ctl) => (
        <Input
          {...ctl}
          {...register(common.name, { setValueAs: toNumber })}
          type="number"
          inputMode={q.integer ? 'numeric' : 'decimal'}
          min={q.min ?? undefined}
          max={q.max ?? undefined}
          step={q.integer ? 1 : 'any'}
          aria-required={common.required || undefined}
        />
      )}
    </FormField>
  );
}

function ParagraphQuestion({ q, label, hint }: PartProps) {
  const name = customFieldName(q.id);
  const { control, register } = useFormContext();
  const error = useFieldError(name);
  return (
    <EssayField
      control={control}
      name={name}
      limit={q.word_limit ?? CUSTOM_LIMITS.wordLimitDefault}
      label={<FieldLabel label={label} required={q.required} />}
      hint={hint}
      error={error}
      textareaProps={{ ...register(name), maxLength: CUSTOM_LIMITS.paragraphChars }}
      required={q.required}
      enforced
    />
  );
}

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

function YesNoQuestion({ q, label, hint }: PartProps) {
  const name = customFieldName(q.id);
  const { field, fieldState } = useController({ name });
  const value = field.value === true ? 'yes' : field.value === false ? 'no' : undefined;
  return (
    <ChoiceGroup
      id={name}
      legend={label}
      hint={hint}
      choices={YES_NO}
      value={value}
      onChange={(v) => field.onChange(v === 'yes')}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      required={q.required}
    />
  );
}

function ConsentQuestion({ q, label, hint }: PartProps) {
  const name = customFieldName(q.id);
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <CheckboxField
      id={name}
      label={
        <>
          {label}
          {q.link_url ? (
            <>
              {' '}
              (
              <a
                href={q.link_url}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-brand-ink underline underline-offset-2"
              >
                read it<span className="sr-only"> (opens in a new tab)</span>
              </a>
              )
            </>
          ) : null}
          {q.required ? <RequiredMark /> : null}
        </>
      }
      hint={hint}
      error={error}
      aria-required={q.required || undefined}
      {...register(name)}
    />
  );
}

/** The words of an "Other" answer, under the choices while "Other" is picked. */
function OtherText({
  id,
  value,
  onChange,
  invalid,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  invalid: boolean;
}) {
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Please specify
      </label>
      <Input
        id={id}
        value={value}
        maxLength={CUSTOM_LIMITS.otherText}
        aria-invalid={invalid || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

function RadioQuestion({ q, label, hint }: PartProps) {
  const name = customFieldName(q.id);
  const { field, fieldState } = useController({ name });
  const answer = choiceValue(field.value);
  const picked = answer.other !== null ? OTHER : answer.selected[0];
  const choices = q.options.map((o) => ({ value: o.id, label: o.label }));
  if (q.allow_other) choices.push({ value: OTHER, label: 'Other' });
  return (
    <ChoiceGroup<string>
      id={name}
      legend={label}
      hint={hint}
      choices={choices}
      value={picked}
      onChange={(v) =>
        field.onChange(v === OTHER ? { selected: [], other: '' } : { selected: [v], other: null })
      }
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      required={q.required}
    >
      {answer.other !== null ? (
        <OtherText
          id={`${name}-other`}
          value={answer.other}
          invalid={Boolean(fieldState.error)}
          onChange={(other) => field.onChange({ selected: [], other })}
        />
      ) : null}
    </ChoiceGroup>
  );
}

function DropdownQuestion({ q, label, hint }: PartProps) {
  const name = customFieldName(q.id);
  const { field, fieldState } = useController({ name });
  const answer = choiceValue(field.value);
  const picked = answer.other !== null ? OTHER : (answer.selected[0] ?? '');
  const error = fieldState.error?.message;
  return (
    <FormField id={name} label={<FieldLabel label={label} required={q.required} />} hint={hint} error={error}>
      {(ctl) => (
        <>
          <NativeSelect
            {...ctl}
            ref={field.ref}
            name={name}
            value={picked}
            aria-required={q.required || undefined}
            onBlur={field.onBlur}
            onChange={(e) => {
              const v = e.target.value;
              field.onChange(
                v === ''
                  ? undefined
                  : v === OTHER
                    ? { selected: [], other: '' }
                    : { selected: [v], other: null },
              );
            }}
          >
            <option value="">Select...</option>
            {q.options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
            {q.allow_other ? <option value={OTHER}>Other</option> : null}
          </NativeSelect>
          {answer.other !== null ? (
            <OtherText
              id={`${name}-other`}
              value={answer.other}
              invalid={Boolean(error)}
              onChange={(other) => field.onChange({ selected: [], other })}
            />
          ) : null}
        </>
      )}
    </FormField>
  );
}

function CheckboxesQuestion({ q, label, hint }: PartProps) {
  const name = customFieldName(q.id);
  const { field, fieldState } = useController({ name });
  const answer = choiceValue(field.value);
  const error = fieldState.error?.message;
  const errorId = error ? `${name}-error` : undefined;
  const hintId = hint && !error ? `${name}-hint` : undefined;
  const toggle = (id: string, on: boolean) => {
    const selected = on ? [...answer.selected, id] : answer.selected.filter((s) => s !== id);
    // Kept in the options' order, so the answer reads as the question lists them.
    const order = q.options.map((o) => o.id).filter((o) => selected.includes(o));
    field.onChange({ ...answer, selected: order });
  };
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={errorId ?? hintId}>
      <legend className="mb-2 text-sm font-medium text-slate-800">
        <FieldLabel label={label} required={q.required} />
      </legend>
      <div className="flex flex-col gap-2.5">
        {q.options.map((o) => (
          <CheckboxField
            key={o.id}
            id={`${name}-${o.id}`}
            label={o.label}
            checked={answer.selected.includes(o.id)}
            onChange={(e) => toggle(o.id, e.target.checked)}
            onBlur={field.onBlur}
            aria-invalid={error ? true : undefined}
            aria-describedby={undefined}
          />
        ))}
        {q.allow_other ? (
          <CheckboxField
            id={`${name}-${OTHER}`}
            label="Other"
            checked={answer.other !== null}
            onChange={(e) => field.onChange({ ...answer, other: e.target.checked ? '' : null })}
            onBlur={field.onBlur}
            aria-invalid={error ? true : undefined}
            aria-describedby={undefined}
          />
        ) : null}
      </div>
      {answer.other !== null ? (
        <OtherText
          id={`${name}-other`}
          value={answer.other}
          invalid={Boolean(error)}
          onChange={(other) => field.onChange({ ...answer, other })}
        />
      ) : null}
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
