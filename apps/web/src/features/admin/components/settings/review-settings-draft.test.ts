import { describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_SETTINGS, type ReviewSettings } from '@lanyard/shared/review';
import {
  canAddCriterion,
  changedReviewSettings,
  newCriterion,
  resizeLevels,
  rubricQuestions,
  validateReviewSettings,
} from './review-settings-draft';

const saved: ReviewSettings = structuredClone(DEFAULT_REVIEW_SETTINGS);

describe('the review settings draft', () => {
  it('offers each role its own questions, without the terms', () => {
    const hacker = rubricQuestions('hacker').map((q) => q.key);
    expect(hacker).toContain('whyAttendQuestion');
    expect(hacker).not.toContain('whyGoodFit');
    expect(hacker).not.toContain('termsAccepted');
    expect(rubricQuestions('mentor').map((q) => q.key)).toContain('whyGoodFit');
  });

  it('keeps the meanings when the scale changes, blank for new levels', () => {
    expect(resizeLevels(['a', 'b', 'c'], 2)).toEqual(['a', 'b']);
    expect(resizeLevels(['a', 'b'], 4)).toEqual(['a', 'b', '', '']);
  });

  it('gives a new criterion an id of its own and stops at six', () => {
    const c = newCriterion(saved.rubric.hacker);
    expect(saved.rubric.hacker.map((x) => x.id)).not.toContain(c.id);
    expect(c.levels).toHaveLength(c.scale);
    expect(canAddCriterion(saved.rubric.hacker)).toBe(true);
    const six = Array.from({ length: 6 }, (_, i) => ({ ...c, id: `c${i}` }));
    expect(canAddCriterion(six)).toBe(false);
  });

  it('finds the fields that need fixing, by path, in plain words', () => {
    const draft = structuredClone(saved);
    draft.rubric.hacker[0]!.name = ' ';
    draft.rubric.hacker[1]!.levels[2] = '';
    draft.rubric.mentor[0]!.weight = Number.NaN;
    draft.reviews_per_application = 0;
    expect(validateReviewSettings(draft)).toEqual({
      'rubric.hacker.0.name': 'Criterion name is required',
      'rubric.hacker.1.levels.2': 'Every level needs a meaning',
      'rubric.mentor.0.weight': 'Enter a number',
      reviews_per_application: 'At least 1 review',
    });
    expect(validateReviewSettings(saved)).toEqual({});
  });

  it('sends only what changed', () => {
    const draft = structuredClone(saved);
    expect(changedReviewSettings(saved, draft)).toEqual({});
    draft.ranking = 'raw';
    draft.hidden_fields = draft.hidden_fields.filter((f) => f !== 'resume');
    expect(changedReviewSettings(saved, draft)).toEqual({
      ranking: 'raw',
      hidden_fields: draft.hidden_fields,
    });
    draft.rubric.mentor[1]!.name = 'Fit to mentor';
    expect(Object.keys(changedReviewSettings(saved, draft))).toEqual(['rubric', 'hidden_fields', 'ranking']);
  });
});
