import { describe, expect, it } from 'vitest';
import type { PromotePreview } from '@lanyard/shared/capacity';
import {
  defaultWaveCount,
  parseWaveCount,
  promoteButtonLabel,
  promotedToast,
  waveFlaggedText,
  waveProjectionText,
  waveRangeText,
  waveScoreText,
  waveSummary,
  withoutFieldPrefix,
} from './admissions-wave';

const person = (name: string) => ({ id: name, name, score: null });

const preview = (patch: Partial<PromotePreview>): PromotePreview => ({
  role: 'hacker',
  waitlisted: 24,
  excluded_flagged: 0,
  count: 12,
  first: [person('Ada'), person('Grace'), person('Alan')],
  last: [person('Linus'), person('Bob')],
  expected_attendance_before: 10,
  expected_attendance_after: 16.1,
  ...patch,
});

describe('admissions waves: words', () => {
  it('starts from the suggestion, never more than are waiting', () => {
    expect(defaultWaveCount({ suggested_offers: 588, waitlisted: 25 })).toBe('25');
    expect(defaultWaveCount({ suggested_offers: 7, waitlisted: 25 })).toBe('7');
    expect(defaultWaveCount({ suggested_offers: 0, waitlisted: 25 })).toBe('');
    expect(defaultWaveCount({ suggested_offers: null, waitlisted: 25 })).toBe('');
    expect(defaultWaveCount({ suggested_offers: 5, waitlisted: 0 })).toBe('');
  });

  it('takes a whole number from 1 to 10,000', () => {
    expect(parseWaveCount(' 12 ')).toEqual({ count: 12, error: null });
    expect(parseWaveCount('10000')).toEqual({ count: 10_000, error: null });
    const bad = 'Enter a whole number from 1 to 10,000.';
    for (const typed of ['0', '10001', '1.5', '-3', 'ten']) expect(parseWaveCount(typed).error).toBe(bad);
    expect(parseWaveCount('').error).toBe('Enter how many to promote.');
  });

  it('says who and how many, in the singular too', () => {
    expect(waveSummary(preview({}))).toBe('Promote 12 of 24 waitlisted hackers');
    expect(waveSummary(preview({ role: 'mentor', count: 1, waitlisted: 1 }))).toBe(
      'Promote 1 of 1 waitlisted mentor',
    );
    expect(waveSummary(preview({ count: 0, waitlisted: 0 }))).toBe(
      'Nobody on the hacker waitlist can be promoted.',
    );
    expect(waveRangeText(preview({}))).toBe('Promote 12 of 24 waitlisted hackers, from Ada to Bob.');
    expect(waveRangeText(preview({ count: 2, first: [person('Ada'), person('Grace')], last: [] }))).toBe(
      'Promote 2 of 24 waitlisted hackers, from Ada to Grace.',
    );
    expect(waveRangeText(preview({ count: 1, first: [person('Ada')], last: [] }))).toBe(
      'Promote 1 of 24 waitlisted hackers: Ada.',
    );
    expect(waveFlaggedText(0)).toBeNull();
    expect(waveFlaggedText(1)).toBe('1 flagged application is left out');
    expect(waveFlaggedText(1200)).toBe('1,200 flagged applications are left out');
    expect(waveScoreText(null)).toBe('no score');
    expect(waveScoreText(4.5)).toBe('4.50');
  });

  it('projects attendance against the places when there are some', () => {
    expect(waveProjectionText(preview({}), 500)).toBe('Expected attendance: 10 → 16.1 of 500 places');
    expect(waveProjectionText(preview({}), null)).toBe('Expected attendance: 10 → 16.1');
  });

  it('names the button and the toast', () => {
    expect(promoteButtonLabel(12, 'hacker')).toBe('Promote 12 Hackers');
    expect(promoteButtonLabel(1, 'mentor')).toBe('Promote 1 Mentor');
    expect(promotedToast({ role: 'hacker', count: 12 })).toEqual({
      title: 'Hackers Promoted',
      description: 'Promoted 12 hackers from the waitlist.',
    });
    expect(promotedToast({ role: 'mentor', count: 1 }).description).toBe(
      'Promoted 1 mentor from the waitlist.',
    );
    expect(
      withoutFieldPrefix('confirm: Type 11 to confirm: that is how many applicants this promotes.'),
    ).toBe('Type 11 to confirm: that is how many applicants this promotes.');
  });
});
