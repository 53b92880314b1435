import { describe, expect, it } from 'vitest';
import { DEFAULT_CAPACITY_SETTINGS, type CapacitySettings } from '@lanyard/shared/capacity';
import { changedCapacity, isCapacityDirty, serverFieldError, validateCapacity } from './capacity-draft';

const saved = DEFAULT_CAPACITY_SETTINGS;

describe('capacity draft', () => {
  it('sends only the fields that changed, a role’s too, and nothing else', () => {
    const draft: CapacitySettings = { ...saved, hacker: { ...saved.hacker, yes_percent: 55 } };
    expect(changedCapacity(saved, draft)).toEqual({ hacker: { yes_percent: 55 } });
    expect(changedCapacity(saved, { ...saved, min_answers: 30 })).toEqual({ min_answers: 30 });
    expect(changedCapacity(saved, { ...saved, show_waitlist_position: true })).toEqual({
      show_waitlist_position: true,
    });
    expect(isCapacityDirty(saved, { ...saved, mentor: { ...saved.mentor } })).toBe(false);
  });

  it('offers that expire and automatic promotion (issue 17): sent when changed, the pause never', () => {
    expect(changedCapacity(saved, { ...saved, offer_days: 7 })).toEqual({ offer_days: 7 });
    expect(changedCapacity({ ...saved, offer_days: 7 }, { ...saved, offer_days: null })).toEqual({
      offer_days: null,
    });
    const promoting = { ...saved, mentor: { ...saved.mentor, auto_promote: true } };
    expect(changedCapacity(saved, promoting)).toEqual({ mentor: { auto_promote: true } });
    // Paused from the Admissions card while this form was open: saving here does not undo it.
    expect(changedCapacity({ ...saved, promotion_paused: true }, saved)).toEqual({});
    expect(isCapacityDirty({ ...saved, promotion_paused: true }, saved)).toBe(false);
  });

  it('offer days: whole days from 1 to 90, empty is never', () => {
    expect(validateCapacity({ ...saved, offer_days: null })).toEqual({});
    expect(validateCapacity({ ...saved, offer_days: 0 })).toEqual({ offer_days: 'At least 1 day' });
    expect(validateCapacity({ ...saved, offer_days: 91 })).toEqual({ offer_days: 'At most 90 days' });
    expect(validateCapacity({ ...saved, offer_days: 2.5 })).toEqual({
      offer_days: 'Enter a whole number of days',
    });
    expect(serverFieldError('offer_days: At most 90 days')).toEqual({ offer_days: 'At most 90 days' });
  });

  it('checks the draft with the shared schema’s words', () => {
    expect(validateCapacity(saved)).toEqual({});
    const draft: CapacitySettings = {
      hacker: { ...saved.hacker, places: -1, attend_percent: Number.NaN },
      mentor: { ...saved.mentor, yes_percent: 12.5 },
      min_answers: 0,
      show_waitlist_position: false,
      offer_days: null,
      promotion_paused: false,
    };
    expect(validateCapacity(draft)).toEqual({
      'hacker.places': 'Places cannot be negative',
      'hacker.attend_percent': 'Enter a percentage from 0 to 100',
      'mentor.yes_percent': 'Enter a whole percentage',
      min_answers: 'At least 1 answer',
    });
  });

  it('puts the server’s refusal under the field it names', () => {
    expect(serverFieldError('mentor.yes_percent: Enter a whole percentage')).toEqual({
      'mentor.yes_percent': 'Enter a whole percentage',
    });
    expect(serverFieldError('min_answers: At least 1 answer')).toEqual({ min_answers: 'At least 1 answer' });
    expect(serverFieldError('Nothing to change')).toBeNull();
    expect(serverFieldError('Unknown field: hacker.seats')).toBeNull();
  });
});
