import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import type { ApplicantRole } from '@lanyard/shared/constants';
import type { QuestionKey } from '@lanyard/shared/questions/catalogue';
import { RUBRIC_SCALE_MAX, RUBRIC_SCALE_MIN, type RubricCriterion } from '@lanyard/shared/review';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NumberInput } from '@/components/ui/number-input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { IconButton } from '@/components/ui/tooltip';
import { resizeLevels, rubricQuestions, type ReviewSettingsErrors } from './review-settings-draft';

interface CriterionEditorProps {
  role: ApplicantRole;
  index: number;
  criterion: RubricCriterion;
  /** Errors of this criterion, by the path after "rubric.<role>.<index>." */
  errors: ReviewSettingsErrors;
  canRemove: boolean;
  /** Questions whose answers blind review hides: judging on them judges nothing. */
  hiddenQuestions: ReadonlySet<string>;
  onChange: (criterion: RubricCriterion) => void;
  onRemove: () => void;
}

const SCALES = Array.from(
  { length: RUBRIC_SCALE_MAX - RUBRIC_SCALE_MIN + 1 },
  (_, i) => RUBRIC_SCALE_MIN + i,
);

/** One criterion: name, weight, scale, the questions it is judged on and a meaning per level. */
export function CriterionEditor({
  role,
  index,
  criterion,
  errors,
  canRemove,
  hiddenQuestions,
  onChange,
  onRemove,
}: CriterionEditorProps) {
  const id = `rubric-${role}-${index}`;
  // The question list is drawn only while open: a rubric has up to six criteria, each with dozens of questions.
  const [questionsOpen, setQuestionsOpen] = useState(false);
  const title = criterion.name.trim() || `Criterion ${index + 1}`;
  const patch = (changes: Partial<RubricCriterion>) => onChange({ ...criterion, ...changes });
  const chosen = new Set<string>(criterion.questions);
  const toggleQuestion = (key: QuestionKey, on: boolean) =>
    patch({
      questions: on ? [...criterion.questions, key] : criterion.questions.filter((q) => q !== key),
    });
  const questions = rubricQuestions(role);
  const chosenLabels = questions.filter((q) => chosen.has(q.key)).map((q) => q.label);

  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 p-4">
      <legend className="sr-only">{title}</legend>
      <div className="flex items-start gap-2">
        <div className="grid min-w-0 flex-1 grid-cols-2 gap-4 sm:grid-cols-[minmax(0,1fr)_7rem_7rem]">
          <FormField id={`${id}-name`} label="Name" error={errors.name} className="col-span-2 sm:col-span-1">
            {(control) => (
              <Input
                {...control}
                value={criterion.name}
                maxLength={80}
                onChange={(e) => patch({ name: e.target.value })}
              />
            )}
          </FormField>
          <FormField id={`${id}-weight`} label="Weight" error={errors.weight}>
            {(control) => (
              <NumberInput
                {...control}
                inputMode="decimal"
                min={0.1}
                max={100}
                step={0.1}
                value={criterion.weight}
                onValueChange={(weight) => patch({ weight })}
              />
            )}
          </FormField>
          <FormField id={`${id}-scale`} label="Scale" error={errors.scale}>
            {(control) => (
              <NativeSelect
                {...control}
                value={criterion.scale}
                onChange={(e) => {
                  const scale = Number(e.target.value);
                  patch({ scale, levels: resizeLevels(criterion.levels, scale) });
                }}
              >
                {SCALES.map((n) => (
                  <option key={n} value={n}>
                    1 to {n}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        </div>
        <IconButton
          label={`Remove ${title}`}
          className="mt-6 size-10 shrink-0 text-red-700 hover:bg-red-50 hover:text-red-800"
          disabled={!canRemove}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" />
        </IconButton>
      </div>

      <details
        className="group rounded-lg border border-slate-200"
        open={questionsOpen}
        onToggle={(e) => setQuestionsOpen(e.currentTarget.open)}
      >
        <summary className="cursor-pointer rounded-lg px-3 py-2 text-sm font-medium text-slate-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-ink">
          Judged on:{' '}
          <span className="font-normal text-slate-700">
            {chosenLabels.length > 0 ? chosenLabels.join(', ') : 'no question chosen'}
          </span>
        </summary>
        {questionsOpen ? (
          <fieldset className="grid gap-2 px-3 pt-1 pb-3 sm:grid-cols-2">
            <legend className="sr-only">Questions {title} is judged on</legend>
            {questions.map((q) => {
              const qid = `${id}-q-${q.key}`;
              return (
                <div key={q.key} className="flex items-start gap-2">
                  <Checkbox
                    id={qid}
                    className="mt-0.5"
                    checked={chosen.has(q.key)}
                    onCheckedChange={(v) => toggleQuestion(q.key, v === true)}
                  />
                  <Label htmlFor={qid} className="leading-snug font-normal">
                    {q.label}
                    {hiddenQuestions.has(q.key) ? (
                      <span className="text-slate-500"> (hidden from reviewers)</span>
                    ) : null}
                  </Label>
                </div>
              );
            })}
          </fieldset>
        ) : null}
      </details>
      {errors.questions ? <p className="text-sm font-medium text-red-700">{errors.questions}</p> : null}

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">What each score means</legend>
        {criterion.levels.map((meaning, i) => {
          const lid = `${id}-level-${i + 1}`;
          const error = errors[`levels.${i}`];
          return (
            <div key={i} className="flex flex-col gap-1">
              <div className="flex items-center gap-2">
                <Label htmlFor={lid} className="w-6 shrink-0 text-right font-semibold tabular-nums">
                  <span className="sr-only">Meaning of </span>
                  {i + 1}
                </Label>
                <Input
                  id={lid}
                  value={meaning}
                  maxLength={200}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${lid}-error` : undefined}
                  onChange={(e) =>
                    patch({ levels: criterion.levels.map((l, j) => (j === i ? e.target.value : l)) })
                  }
                />
              </div>
              {error ? (
                <p id={`${lid}-error`} className="pl-8 text-sm font-medium text-red-700">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        {errors.levels ? <p className="text-sm font-medium text-red-700">{errors.levels}</p> : null}
      </fieldset>
    </fieldset>
  );
}
