import { describe, expect, it } from 'vitest';
import { DEFAULT_CAPACITY_SETTINGS, shareOf } from '@lanyard/shared/capacity';
import {
  anyAutoPromote,
  calculatorText,
  measuredText,
  parseOffers,
  placesFilled,
  promotionState,
  suggestionText,
  usedShareText,
} from './admissions';

const role = { attend: shareOf(85, null, 0, false), yes: shareOf(60, null, 0, false) };

describe('admissions words', () => {
  it('says what was measured, or when it will be', () => {
    expect(measuredText('yes', shareOf(60, 57.3, 212, false), 50)).toBe('Measured: 57.3% of 212 answers');
    expect(measuredText('yes', shareOf(60, 100, 1, false), 1)).toBe('Measured: 100% of 1 answer');
    expect(measuredText('yes', shareOf(60, null, 12, false), 50)).toBe(
      'Measured once 50 people have answered',
    );
    expect(measuredText('attend', shareOf(85, null, 0, false), 1)).toBe(
      'Measured once 1 person has checked in',
    );
    expect(measuredText('attend', shareOf(85, 88.1, 1200, true), 50)).toBe(
      'Measured: 88.1% of confirmed people, from 1,200 check-ins',
    );
  });

  it('names the share the projection uses', () => {
    expect(usedShareText(shareOf(60, 57.3, 212, false))).toBe('60% (setting)');
    expect(usedShareText(shareOf(60, 57.3, 212, true))).toBe('57.3% (measured)');
    expect(usedShareText(shareOf(60, null, 12, true))).toBe('60% (setting)');
  });

  it('reads the calculator’s field', () => {
    expect(parseOffers('')).toEqual({ offers: null, error: null });
    expect(parseOffers(' 100 ')).toEqual({ offers: 100, error: null });
    expect(parseOffers('0')).toEqual({ offers: 0, error: null });
    for (const bad of ['-1', '1.5', 'ten', '100001']) expect(parseOffers(bad).error).not.toBeNull();
  });

  it('works out further attendees with the used shares', () => {
    expect(calculatorText(100, role)).toBe('If we send 100 more offers, we expect about 51 more attendees.');
    expect(calculatorText(2000, role)).toBe(
      'If we send 2,000 more offers, we expect about 1,020 more attendees.',
    );
    expect(calculatorText(0, role)).toBe('If we send 0 more offers, we expect about 0 more attendees.');
  });

  it('suggests offers only against places', () => {
    expect(suggestionText({ places: null, suggested_offers: null })).toBeNull();
    expect(suggestionText({ places: 10, suggested_offers: null })).toBe(
      'No suggestion: with these shares an offer brings nobody.',
    );
    expect(suggestionText({ places: 10, suggested_offers: 0 })).toBe(
      'Expected attendance already fills the places.',
    );
    expect(suggestionText({ places: 10, suggested_offers: 1 })).toBe(
      'Suggested: send 1 more offer to fill the places.',
    );
  });

  it('fills the bar only against places', () => {
    expect(placesFilled(250, 500)).toBe(50);
    expect(placesFilled(250, null)).toBeNull();
    expect(placesFilled(0, 0)).toBeNull();
  });
});

describe('promotionState (automatic promotion, issue 17)', () => {
  const role = { role: 'hacker' as const, places: 100, released: true };
  const settings = (auto: boolean, paused = false) => ({
    hacker: { ...DEFAULT_CAPACITY_SETTINGS.hacker, auto_promote: auto },
    mentor: DEFAULT_CAPACITY_SETTINGS.mentor,
    promotion_paused: paused,
  });

  it('Off, On, Paused', () => {
    expect(promotionState(role, settings(false))).toEqual({ state: 'Off', note: null });
    expect(promotionState(role, settings(true))).toEqual({ state: 'On', note: null });
    expect(promotionState(role, settings(true, true)).state).toBe('Paused');
    // Paused with nothing on is still off for this role.
    expect(promotionState(role, settings(false, true)).state).toBe('Off');
  });

  it('on, but waiting for what the server needs before it promotes', () => {
    expect(promotionState({ ...role, places: null }, settings(true)).note).toBe(
      'Waits for the places to be set.',
    );
    expect(promotionState({ ...role, released: false }, settings(true)).note).toBe(
      'Waits for hacker decisions to be released.',
    );
  });

  it('anyAutoPromote', () => {
    expect(anyAutoPromote(settings(false))).toBe(false);
    expect(anyAutoPromote(settings(true))).toBe(true);
  });
});
