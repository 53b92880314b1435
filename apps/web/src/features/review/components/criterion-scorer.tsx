import { useState, type FocusEvent } from 'react';
import type { RubricCriterion } from '@lanyard/shared/review';
import { cn } from '@/lib/utils';

interface CriterionScorerProps {
  criterion: RubricCriterion;
  index: number;
  score: number | undefined;
  active: boolean;
  /** The labels of the questions the criterion is judged on. */
  questionLabels: string[];
  /** Every level's meaning listed under the buttons (else only the chosen or pointed-at one). */
  showMeanings: boolean;
  readOnly: boolean;
  onScore: (value: number) => void;
  onActivate: () => void;
}

/** "Motivation: 4 — Specific goals for this event": what a score button is called. */
export function scoreButtonName(criterion: RubricCriterion, value: number): string {
  const meaning = criterion.levels[value - 1];
  return meaning ? `${criterion.name}: ${value} — ${meaning}` : `${criterion.name}: ${value}`;
}

export const criterionGroupId = (index: number) => `review-criterion-${index}`;

/**
 * One criterion of the rubric: a radio group of score buttons 1..scale with the meaning of the
 * chosen (or pointed-at) level beside them. One button is in the Tab order (the chosen one, else
 * the first), so Tab and Shift+Tab move from criterion to criterion; the review screen's keys do the rest.
 */
export function CriterionScorer({
  criterion,
  index,
  score,
  active,
  questionLabels,
  showMeanings,
  readOnly,
  onScore,
  onActivate,
}: CriterionScorerProps) {
  const [pointed, setPointed] = useState<number | null>(null);
  const nameId = `${criterionGroupId(index)}-name`;
  const questionsId = `${criterionGroupId(index)}-questions`;
  const shown = pointed ?? score ?? null;
  const values = Array.from({ length: criterion.scale }, (_, i) => i + 1);
  const tabbable = score ?? 1;

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setPointed(null);
  };

  return (
    <div
      className={cn(
        'flex flex-col gap-2 rounded-xl border p-3 transition-colors sm:p-4',
        active ? 'border-brand-ink bg-brand/5 ring-1 ring-brand-ink' : 'border-slate-200 bg-white',
      )}
      data-active={active || undefined}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={nameId} className="text-base font-semibold text-slate-900">
          {criterion.name}
        </h3>
        <span className="text-xs font-medium text-slate-600">
          Weight {criterion.weight.toLocaleString('en-US')}
        </span>
      </div>
      {questionLabels.length > 0 ? (
        <p id={questionsId} className="text-xs text-slate-600">
          Judged on: {questionLabels.join(', ')}
        </p>
      ) : null}
      <div
        id={criterionGroupId(index)}
        role="radiogroup"
        aria-labelledby={nameId}
        aria-describedby={questionLabels.length > 0 ? questionsId : undefined}
        aria-readonly={readOnly || undefined}
        className="grid gap-1.5"
        style={{ gridTemplateColumns: `repeat(${criterion.scale}, minmax(0, 1fr))` }}
        onFocus={onActivate}
        onBlur={onBlur}
        onPointerLeave={() => setPointed(null)}
      >
        {values.map((value) => {
          const checked = score === value;
          return (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={checked}
              aria-label={scoreButtonName(criterion, value)}
              aria-disabled={readOnly || undefined}
              tabIndex={value === tabbable ? 0 : -1}
              data-value={value}
              onClick={() => {
                if (!readOnly) onScore(value);
              }}
              onFocus={() => setPointed(value)}
              onPointerEnter={() => setPointed(value)}
              className={cn(
                'flex h-11 min-w-0 items-center justify-center rounded-lg border text-base font-semibold tabular-nums transition-colors',
                'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-ink',
                checked
                  ? 'border-brand bg-brand text-brand-foreground shadow-sm'
                  : 'border-slate-300 bg-white text-slate-900 hover:border-slate-400 hover:bg-slate-50',
                readOnly && 'cursor-default hover:bg-white',
                readOnly && checked && 'hover:bg-brand',
              )}
            >
              {value}
            </button>
          );
        })}
      </div>
      {showMeanings ? (
        <ol className="flex flex-col gap-0.5 text-sm" aria-hidden="true">
          {criterion.levels.map((meaning, i) => {
            const value = i + 1;
            return (
              <li
                key={value}
                className={cn(
                  'flex gap-2 rounded-md px-2 py-0.5',
                  value === score && 'bg-brand/10 font-medium text-slate-900',
                  value !== score && value === pointed && 'bg-slate-100 text-slate-900',
                  value !== score && value !== pointed && 'text-slate-600',
                )}
              >
                <span className="w-5 shrink-0 text-right font-semibold tabular-nums">{value}</span>
                <span>{meaning}</span>
              </li>
            );
          })}
        </ol>
      ) : (
        // The button's own name carries the meaning for screen readers; this line is for the eye.
        <p className="min-h-5 text-sm text-slate-700" aria-hidden="true">
          {shown !== null ? (
            <>
              <span className="font-semibold tabular-nums">{shown}</span> — {criterion.levels[shown - 1]}
            </>
          ) : (
            <span className="text-slate-500">Not scored yet</span>
          )}
        </p>
      )}
    </div>
  );
}
