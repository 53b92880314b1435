import type { ApplicantRole } from '@lanyard/shared/constants';
import { QUESTION_LIST, type QuestionKey } from '@lanyard/shared/questions/catalogue';
import {
  BLIND_FIELD_QUESTIONS,
  RUBRIC_MAX_CRITERIA,
  reviewSettingsSchema,
  type ReviewSettings,
  type RubricCriterion,
  type UpdateReviewSettingsBody,
} from '@lanyard/shared/review';

/** The questions a criterion of this role can be judged on: the role's own, without consents. */
export function rubricQuestions(role: ApplicantRole): { key: QuestionKey; label: string }[] {
  return QUESTION_LIST.filter((q) => q.validation[role] !== undefined && q.type !== 'consent').map((q) => ({
    key: q.key,
    label: q.label,
  }));
}

/** Whether blind review hides the answer to this question by default (so a criterion on it judges nothing). */
export function hiddenByBlind(key: QuestionKey, hidden: ReviewSettings['hidden_fields']): boolean {
  return hidden.some((field) => BLIND_FIELD_QUESTIONS[field].includes(key));
}

/** A criterion's meanings after its scale changed: kept where they were, blank for new levels. */
export function resizeLevels(levels: readonly string[], scale: number): string[] {
  return Array.from({ length: scale }, (_, i) => levels[i] ?? '');
}

/** An id for a new criterion, unique in the role's rubric; ids never change once scores use them. */
export function newCriterionId(existing: readonly RubricCriterion[]): string {
  const taken = new Set(existing.map((c) => c.id));
  for (let n = existing.length + 1; ; n++) {
    const id = `criterion-${n}`;
    if (!taken.has(id)) return id;
  }
}

export function newCriterion(existing: readonly RubricCriterion[]): RubricCriterion {
  return {
    id: newCriterionId(existing),
    name: '',
    weight: 1,
    questions: [],
    scale: 5,
    levels: resizeLevels([], 5),
  };
}

export function canAddCriterion(criteria: readonly RubricCriterion[]): boolean {
  return criteria.length < RUBRIC_MAX_CRITERIA;
}

/** Field errors by path ("rubric.hacker.0.levels.2"), in words a person can act on. */
export type ReviewSettingsErrors = Record<string, string>;

export function validateReviewSettings(draft: ReviewSettings): ReviewSettingsErrors {
  const parsed = reviewSettingsSchema.safeParse(draft);
  if (parsed.success) return {};
  const errors: ReviewSettingsErrors = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    // An emptied number field reads as NaN; "expected number" means nothing to an organiser.
    const message = issue.code === 'invalid_type' ? 'Enter a number' : issue.message;
    errors[path] ??= message;
  }
  return errors;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Only the parts the admin changed, so a save never rewrites what they did not touch. */
export function changedReviewSettings(
  saved: ReviewSettings,
  draft: ReviewSettings,
): UpdateReviewSettingsBody {
  const body: UpdateReviewSettingsBody = {};
  if (!same(saved.rubric, draft.rubric)) body.rubric = draft.rubric;
  if (!same([...saved.hidden_fields].sort(), [...draft.hidden_fields].sort()))
    body.hidden_fields = draft.hidden_fields;
  if (saved.reviews_per_application !== draft.reviews_per_application)
    body.reviews_per_application = draft.reviews_per_application;
  if (saved.disagreement_threshold !== draft.disagreement_threshold)
    body.disagreement_threshold = draft.disagreement_threshold;
  if (saved.ranking !== draft.ranking) body.ranking = draft.ranking;
  return body;
}

export function isReviewSettingsDirty(saved: ReviewSettings, draft: ReviewSettings): boolean {
  return Object.keys(changedReviewSettings(saved, draft)).length > 0;
}
