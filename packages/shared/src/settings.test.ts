import { describe, expect, it } from 'vitest';
import {
  accessCodeSchema,
  applicationWindow,
  normaliseAccessCodes,
  updateSettingsBodySchema,
  type WindowSettings,
} from './settings';

const DEADLINE = new Date('2025-08-18T23:59:59.000Z');
const BEFORE = new Date(DEADLINE.getTime() - 60_000);
const AFTER = new Date(DEADLINE.getTime() + 60_000);

function settings(patch: Partial<WindowSettings> = {}): WindowSettings {
  return {
    applicationDeadline: DEADLINE,
    allowLateApplications: false,
    requireAccessCode: false,
    forceApplicationOpen: false,
    ...patch,
  };
}

describe('applicationWindow', () => {
  it('is open before the deadline, with no code', () => {
    expect(applicationWindow(settings(), BEFORE)).toEqual({
      status: 'open',
      codeRequired: false,
      forcedOpen: false,
      message: 'Applications are open.',
    });
  });

  it('is open with no deadline at all', () => {
    expect(applicationWindow(settings({ applicationDeadline: null }), AFTER).status).toBe('open');
  });

  it('is closed once the deadline has passed and late applications are off', () => {
    const w = applicationWindow(settings(), AFTER);
    expect(w.status).toBe('closed');
    expect(w.codeRequired).toBe(false);
    expect(w.message).toMatch(/deadline has passed/);
  });

  it('is late (a code is needed) once the deadline has passed with late applications on', () => {
    const w = applicationWindow(settings({ allowLateApplications: true }), AFTER);
    expect(w).toMatchObject({ status: 'late', codeRequired: true, forcedOpen: false });
    expect(w.message).toMatch(/special access code/);
  });

  it('late applications allowed changes nothing before the deadline', () => {
    expect(applicationWindow(settings({ allowLateApplications: true }), BEFORE).status).toBe('open');
  });

  it('is late when a code is required for all, even before the deadline', () => {
    const w = applicationWindow(settings({ requireAccessCode: true }), BEFORE);
    expect(w).toMatchObject({ status: 'late', codeRequired: true, forcedOpen: false });
    expect(w.message).toBe('Applications currently require a special access code.');
  });

  it('is still closed after the deadline with a code required but late applications off', () => {
    expect(applicationWindow(settings({ requireAccessCode: true }), AFTER).status).toBe('closed');
  });

  it('forced open beats everything and asks no code', () => {
    for (const patch of [
      {},
      { requireAccessCode: true },
      { allowLateApplications: true },
      { requireAccessCode: true, allowLateApplications: true },
    ]) {
      for (const now of [BEFORE, AFTER]) {
        expect(applicationWindow(settings({ ...patch, forceApplicationOpen: true }), now)).toEqual({
          status: 'open',
          codeRequired: false,
          forcedOpen: true,
          message: 'Applications are open (admin override).',
        });
      }
    }
  });

  it('exactly at the deadline is on time; one millisecond after is not', () => {
    expect(applicationWindow(settings(), new Date(DEADLINE.getTime())).status).toBe('open');
    expect(applicationWindow(settings(), new Date(DEADLINE.getTime() + 1)).status).toBe('closed');
    expect(
      applicationWindow(settings({ allowLateApplications: true }), new Date(DEADLINE.getTime() + 1)).status,
    ).toBe('late');
  });
});

describe('access codes', () => {
  it('normaliseAccessCodes upper-cases, trims, and drops empties and duplicates in order', () => {
    expect(normaliseAccessCodes([' summer ', 'SUMMER', '', '   ', 'vip-1', 'Vip-1', 'late_2'])).toEqual([
      'SUMMER',
      'VIP-1',
      'LATE_2',
    ]);
    expect(normaliseAccessCodes([])).toEqual([]);
  });

  it('accessCodeSchema upper-cases and refuses empty, long or odd codes', () => {
    expect(accessCodeSchema.parse(' late-2025 ')).toBe('LATE-2025');
    expect(accessCodeSchema.safeParse('').success).toBe(false);
    expect(accessCodeSchema.safeParse('x'.repeat(65)).success).toBe(false);
    expect(accessCodeSchema.safeParse('no spaces').success).toBe(false);
    expect(accessCodeSchema.safeParse("'; drop table access_codes; --").success).toBe(false);
  });
});

describe('updateSettingsBodySchema', () => {
  it('accepts any subset, including an empty one', () => {
    expect(updateSettingsBodySchema.parse({})).toEqual({});
    expect(updateSettingsBodySchema.parse({ rsvp_open: false })).toEqual({ rsvp_open: false });
    expect(updateSettingsBodySchema.parse({ application_deadline: null })).toEqual({
      application_deadline: null,
    });
  });

  it('refuses unknown fields and dates that are not ISO date-times', () => {
    expect(updateSettingsBodySchema.safeParse({ hacker_decisions_released: true }).success).toBe(false);
    expect(updateSettingsBodySchema.safeParse({ application_deadline: 'tomorrow' }).success).toBe(false);
    expect(updateSettingsBodySchema.safeParse({ application_deadline: '2025-08-18' }).success).toBe(false);
    expect(
      updateSettingsBodySchema.safeParse({ application_deadline: '2025-08-18T23:59:59-04:00' }).success,
    ).toBe(true);
  });
});
