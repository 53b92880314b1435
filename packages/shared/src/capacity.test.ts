import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CAPACITY_SETTINGS,
  admissionsOf,
  attendeesFromOffers,
  capacitySettingsSchema,
  expectedAttendance,
  measuredPercent,
  suggestedOffers,
  updateCapacitySettingsBodySchema,
} from './capacity';

const counts = {
  offers: 0,
  confirmed: 0,
  declined: 0,
  expired: 0,
  awaiting: 0,
  waitlisted: 0,
  checked_in: 0,
};

describe('the projection', () => {
  it('is confirmed × attend plus awaiting × yes × attend', () => {
    expect(expectedAttendance({ confirmed: 300, awaiting: 200 }, 85, 60)).toBe(357);
    expect(expectedAttendance({ confirmed: 0, awaiting: 0 }, 85, 60)).toBe(0);
    expect(expectedAttendance({ confirmed: 1, awaiting: 1 }, 85, 60)).toBe(1.4);
  });

  it('turns N more offers into about M attendees', () => {
    expect(attendeesFromOffers(100, 85, 60)).toBe(51);
    expect(attendeesFromOffers(0, 85, 60)).toBe(0);
  });

  it('suggests the fewest offers that fill the places', () => {
    // 500 places, 357 expected: 143 short at 0.51 an offer = 280.4 → 281.
    expect(suggestedOffers(500, 357, 85, 60)).toBe(281);
    expect(attendeesFromOffers(281, 85, 60) + 357).toBeGreaterThanOrEqual(500);
    expect(attendeesFromOffers(280, 85, 60) + 357).toBeLessThan(500);
    // Exactly: 10 short at 0.5 an offer is 20, not 21.
    expect(suggestedOffers(20, 10, 100, 50)).toBe(20);
    expect(suggestedOffers(300, 357, 85, 60)).toBe(0);
    expect(suggestedOffers(null, 0, 85, 60)).toBeNull();
    expect(suggestedOffers(100, 0, 85, 0)).toBeNull();
  });

  it('measures a share only from enough answers', () => {
    expect(measuredPercent(10, 13, 13)).toBe(76.9);
    expect(measuredPercent(10, 12, 13)).toBeNull();
    expect(measuredPercent(0, 0, 1)).toBeNull();
  });

  it('uses the measured yes share only when asked', () => {
    const settings = {
      ...DEFAULT_CAPACITY_SETTINGS,
      min_answers: 4,
      hacker: { places: 100, attend_percent: 100, yes_percent: 60, use_measured: true, auto_promote: false },
    };
    const role = admissionsOf(
      'hacker',
      true,
      { ...counts, offers: 8, confirmed: 2, declined: 2, awaiting: 4 },
      settings,
    );
    expect(role.yes).toEqual({ default_percent: 60, measured_percent: 50, answers: 4, used_percent: 50 });
    // 2 × 1 + 4 × 0.5 × 1
    expect(role.expected_attendance).toBe(4);
    expect(role.suggested_offers).toBe(192);
    const off = admissionsOf(
      'hacker',
      true,
      { ...counts, confirmed: 2, declined: 2, awaiting: 4 },
      {
        ...settings,
        hacker: { ...settings.hacker, use_measured: false },
      },
    );
    expect(off.yes.used_percent).toBe(60);
  });
});

describe('the capacity settings', () => {
  it('accept the defaults and refuse what makes no sense', () => {
    expect(capacitySettingsSchema.parse(DEFAULT_CAPACITY_SETTINGS)).toEqual(DEFAULT_CAPACITY_SETTINGS);
    const bad = (hacker: unknown) =>
      capacitySettingsSchema.safeParse({ ...DEFAULT_CAPACITY_SETTINGS, hacker }).success;
    const ok = { places: 10, attend_percent: 85, yes_percent: 60, use_measured: false, auto_promote: true };
    expect(bad(ok)).toBe(true);
    expect(bad({ ...ok, places: -1 })).toBe(false);
    expect(bad({ ...ok, places: 100_001 })).toBe(false);
    expect(bad({ ...ok, attend_percent: 101 })).toBe(false);
    expect(bad({ ...ok, yes_percent: 12.5 })).toBe(false);
    expect(bad({ ...ok, extra: 1 })).toBe(false);
    expect(updateCapacitySettingsBodySchema.safeParse({}).success).toBe(false);
    const days = (offer_days: unknown) =>
      capacitySettingsSchema.safeParse({ ...DEFAULT_CAPACITY_SETTINGS, offer_days }).success;
    expect([null, 1, 90].map(days)).toEqual([true, true, true]);
    expect([0, 91, 2.5, '3'].map(days)).toEqual([false, false, false, false]);
  });
});
