import { useEffect, useState, type FormEvent } from 'react';
import { ListChecks, Plus, RotateCcw, Save } from 'lucide-react';
import { toast } from 'sonner';
import { APPLICANT_ROLES, roleLabel, type ApplicantRole } from '@lanyard/shared/constants';
import {
  BLIND_FIELDS,
  BLIND_FIELD_LABELS,
  BLIND_FIELD_QUESTIONS,
  REVIEW_NEVER_SHOWN,
  RANKING_METHODS,
  RUBRIC_MAX_CRITERIA,
  type RankingMethod,
  type ReviewSettings,
  type RubricCriterion,
} from '@lanyard/shared/review';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { NumberInput } from '@/components/ui/number-input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioOption } from '@/components/ui/radio-group';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { isApiError, isClientError } from '@/lib/api-client';
import { useReviewSettings } from '../../api/review-settings-get';
import { useUpdateReviewSettings } from '../../api/review-settings-update';
import { CriterionEditor } from './criterion-editor';
import {
  canAddCriterion,
  changedReviewSettings,
  isReviewSettingsDirty,
  newCriterion,
  validateReviewSettings,
  type ReviewSettingsErrors,
} from './review-settings-draft';

export const LOAD_REVIEW_SETTINGS_ERROR = 'Failed to load the review settings.';
export const SAVE_REVIEW_SETTINGS_ERROR = 'Failed to save the review settings.';
export const FIX_REVIEW_SETTINGS = 'Some fields need fixing before the review settings can be saved.';

const RANKING_TEXT: Record<RankingMethod, { label: string; description: string }> = {
  calibrated: {
    label: 'Calibrated',
    description: 'Each reviewer’s scores are evened out against their own habits once they have 10 reviews.',
  },
  raw: { label: 'Raw', description: 'The plain mean of the reviews’ totals.' },
};

/** Errors under `prefix.` with the prefix taken off. */
function errorsUnder(errors: ReviewSettingsErrors, prefix: string): ReviewSettingsErrors {
  const out: ReviewSettingsErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    if (path === prefix) out[''] = message;
    else if (path.startsWith(prefix + '.')) out[path.slice(prefix.length + 1)] = message;
  }
  return out;
}

/**
 * Settings tab, "Review": the rubric for each role, what blind review hides, how many reviews each
 * application needs, when reviews disagree, and how applicants are ranked. Saved on its own (its
 * own endpoint), like the e-mail templates.
 */
export function ReviewSettingsCard() {
  const settings = useReviewSettings();

  useEffect(() => {
    if (settings.isError) toast.error('Error', { description: LOAD_REVIEW_SETTINGS_ERROR });
  }, [settings.isError]);

  return (
    <Card aria-labelledby="review-settings-title">
      <CardHeader className="pb-3">
        <CardTitle id="review-settings-title" className="flex items-center gap-2 text-base">
          <ListChecks aria-hidden="true" className="size-4 text-brand-ink" />
          Review
        </CardTitle>
        <CardDescription>
          How reviewers score applications. Saved on its own, apart from the settings above.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <p role="status" className="flex items-center gap-2 py-4 text-sm text-slate-700">
            <Spinner className="size-4" /> Loading review settings...
          </p>
        ) : settings.isError ? (
          <Alert tone="error" role="alert" className="items-center">
            <AlertDescription className="mt-0 flex-1">{LOAD_REVIEW_SETTINGS_ERROR}</AlertDescription>
            <Button variant="secondary" size="sm" onClick={() => void settings.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <ReviewSettingsForm saved={settings.data} />
        )}
      </CardContent>
    </Card>
  );
}

export function ReviewSettingsForm({ saved }: { saved: ReviewSettings }) {
  const [draft, setDraft] = useState<ReviewSettings>(saved);
  const [errors, setErrors] = useState<ReviewSettingsErrors>({});
  const [refused, setRefused] = useState<string | null>(null);
  const [role, setRole] = useState<ApplicantRole>('hacker');
  const update = useUpdateReviewSettings();
  const dirty = isReviewSettingsDirty(saved, draft);
  const hiddenQuestions = new Set<string>([
    ...REVIEW_NEVER_SHOWN,
    ...draft.hidden_fields.flatMap((f) => BLIND_FIELD_QUESTIONS[f]),
  ]);

  const change = (next: ReviewSettings) => {
    setDraft(next);
    // Errors shown go away as they are fixed; new ones wait for the next save.
    if (Object.keys(errors).length > 0) {
      const now = validateReviewSettings(next);
      setErrors(Object.fromEntries(Object.entries(errors).filter(([path]) => path in now)));
    }
  };
  const setCriteria = (r: ApplicantRole, criteria: RubricCriterion[]) =>
    change({ ...draft, rubric: { ...draft.rubric, [r]: criteria } });

  const save = (event: FormEvent) => {
    event.preventDefault();
    const found = validateReviewSettings(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // Open the role whose rubric has the first problem, so the admin sees it.
      const firstRubric = Object.keys(found).find((p) => p.startsWith('rubric.'));
      const r = firstRubric?.split('.')[1];
      if (r === 'hacker' || r === 'mentor') setRole(r);
      return;
    }
    setRefused(null);
    update.mutate(changedReviewSettings(saved, draft), {
      onSuccess: (next) => {
        setDraft(next);
        toast.success('Review Settings Saved', {
          description: 'Reviewers get the new settings with their next application.',
        });
      },
      onError: (err) => {
        // Refused because scores exist (a scale changed, a criterion removed): the reason stays on screen.
        if (isApiError(err) && err.status === 409) setRefused(err.message);
        toast.error('Error', {
          description: isClientError(err) ? err.message : SAVE_REVIEW_SETTINGS_ERROR,
        });
      },
    });
  };

  const reset = () => {
    setDraft(saved);
    setErrors({});
    setRefused(null);
  };

  const errorCount = Object.keys(errors).length;

  return (
    <form onSubmit={save} noValidate aria-label="Review settings" className="flex flex-col gap-6">
      <section aria-labelledby="review-rubric-heading" className="flex flex-col gap-3">
        <h3 id="review-rubric-heading" className="text-sm font-semibold text-slate-900">
          Rubric
        </h3>
        <p className="text-sm text-slate-600">
          1 to {RUBRIC_MAX_CRITERIA} criteria per role. Once scores exist, a criterion’s scale cannot change
          and it cannot be removed; names, meanings and weights can.
        </p>
        <Tabs value={role} onValueChange={(v) => setRole(v as ApplicantRole)} className="flex flex-col gap-4">
          <TabsList aria-label="Rubric for" className="sm:max-w-sm">
            {APPLICANT_ROLES.map((r) => (
              <TabsTrigger key={r} value={r}>
                {roleLabel(r)} Rubric
              </TabsTrigger>
            ))}
          </TabsList>
          {APPLICANT_ROLES.map((r) => {
            const criteria = draft.rubric[r];
            const rubricError = errors[`rubric.${r}`];
            return (
              <TabsContent key={r} value={r} className="flex flex-col gap-4">
                {criteria.map((c, i) => (
                  <CriterionEditor
                    key={c.id}
                    role={r}
                    index={i}
                    criterion={c}
                    errors={errorsUnder(errors, `rubric.${r}.${i}`)}
                    canRemove={criteria.length > 1}
                    hiddenQuestions={hiddenQuestions}
                    onChange={(next) =>
                      setCriteria(
                        r,
                        criteria.map((x, j) => (j === i ? next : x)),
                      )
                    }
                    onRemove={() =>
                      setCriteria(
                        r,
                        criteria.filter((_, j) => j !== i),
                      )
                    }
                  />
                ))}
                {rubricError ? <p className="text-sm font-medium text-red-700">{rubricError}</p> : null}
                <div>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={!canAddCriterion(criteria)}
                    onClick={() => setCriteria(r, [...criteria, newCriterion(criteria)])}
                  >
                    <Plus aria-hidden="true" />
                    Add Criterion
                  </Button>
                </div>
              </TabsContent>
            );
          })}
        </Tabs>
      </section>

      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-semibold text-slate-900">Hidden from Reviewers</legend>
        <p className="text-sm text-slate-600">
          Blind review: the server leaves the checked answers out of everything it sends reviewers. Admins
          always see everything. Logistics (shirt size, dietary needs, accommodations, visa, how they heard
          about the event, social media, e-mail preferences) are never shown to reviewers.
        </p>
        <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {BLIND_FIELDS.map((field) => {
            const id = `blind-${field}`;
            const checked = draft.hidden_fields.includes(field);
            return (
              <div key={field} className="flex items-center gap-2">
                <Checkbox
                  id={id}
                  checked={checked}
                  onCheckedChange={(v) =>
                    change({
                      ...draft,
                      hidden_fields:
                        v === true
                          ? BLIND_FIELDS.filter((f) => f === field || draft.hidden_fields.includes(f))
                          : draft.hidden_fields.filter((f) => f !== field),
                    })
                  }
                />
                <Label htmlFor={id} className="font-normal">
                  {BLIND_FIELD_LABELS[field]}
                </Label>
              </div>
            );
          })}
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="review-k"
          label="Reviews per Application"
          hint="Every application is read by this many reviewers."
          error={errors.reviews_per_application}
        >
          {(control) => (
            <NumberInput
              {...control}
              inputMode="numeric"
              min={1}
              max={10}
              step={1}
              value={draft.reviews_per_application}
              onValueChange={(k) => change({ ...draft, reviews_per_application: k })}
            />
          )}
        </FormField>
        <FormField
          id="review-disagreement"
          label="Disagreement Threshold"
          hint="When two reviews’ totals differ by more than this, the application gets one more review."
          error={errors.disagreement_threshold}
        >
          {(control) => (
            <NumberInput
              {...control}
              inputMode="decimal"
              min={0.1}
              max={100}
              step={0.1}
              value={draft.disagreement_threshold}
              onValueChange={(threshold) => change({ ...draft, disagreement_threshold: threshold })}
            />
          )}
        </FormField>
      </div>

      <fieldset className="flex flex-col gap-3">
        <legend id="review-ranking-legend" className="text-sm font-semibold text-slate-900">
          Ranking
        </legend>
        <RadioGroup
          aria-labelledby="review-ranking-legend"
          value={draft.ranking}
          onValueChange={(v) => change({ ...draft, ranking: v as RankingMethod })}
          className="sm:grid-cols-2"
        >
          {RANKING_METHODS.map((m) => (
            <RadioOption
              key={m}
              id={`review-ranking-${m}`}
              value={m}
              label={RANKING_TEXT[m].label}
              description={RANKING_TEXT[m].description}
            />
          ))}
        </RadioGroup>
      </fieldset>

      {refused ? (
        <Alert tone="error" role="alert">
          <div>
            <AlertTitle>Not saved</AlertTitle>
            <AlertDescription>{refused}</AlertDescription>
          </div>
        </Alert>
      ) : null}

      <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 pt-4">
        <p className="w-full text-sm text-slate-600 sm:mr-auto sm:w-auto" aria-live="polite">
          {errorCount > 0 ? (
            <span className="font-medium text-red-700">{FIX_REVIEW_SETTINGS}</span>
          ) : dirty ? (
            'You have unsaved changes.'
          ) : (
            'All changes saved.'
          )}
        </p>
        <Button variant="secondary" onClick={reset} disabled={update.isPending || !dirty}>
          <RotateCcw aria-hidden="true" />
          Reset Changes
        </Button>
        <Button type="submit" disabled={update.isPending || !dirty}>
          {update.isPending ? <Spinner className="size-4" /> : <Save aria-hidden="true" />}
          Save Review Settings
        </Button>
      </div>
    </form>
  );
}
