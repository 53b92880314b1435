import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSettings } from '@lanyard/shared/settings';
import { testPublicSettings } from '@/testing';
import {
  addAccessCode,
  buildUpdateBody,
  isDirty,
  isoToLocalParts,
  localPartsToIso,
  previewWindow,
  toDraft,
} from './settings-draft';

const originalTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = originalTz;
});

const SAVED: AdminSettings = {
  ...testPublicSettings({ application_deadline: '2025-08-19T03:59:30Z' }),
  special_access_codes: ['EARLY'],
};

describe('local date and time <-> ISO with offset', () => {
  it('shows an instant in the browser time zone', () => {
    expect(isoToLocalParts('2025-08-19T03:59:30Z')).toEqual({ date: '2025-08-18', time: '23:59' });
    expect(isoToLocalParts(null)).toEqual({ date: '', time: '' });
  });

  it('writes the local offset, daylight saving included', () => {
    expect(localPartsToIso('2025-08-18', '23:59')).toEqual({ ok: true, iso: '2025-08-18T23:59:00-04:00' });
    expect(localPartsToIso('2025-01-10', '09:05')).toEqual({ ok: true, iso: '2025-01-10T09:05:00-05:00' });
  });

  it('takes 23:59 for a date without a time, null when both are empty', () => {
    expect(localPartsToIso('2025-08-18', '')).toEqual({ ok: true, iso: '2025-08-18T23:59:00-04:00' });
    expect(localPartsToIso('', '')).toEqual({ ok: true, iso: null });
  });

  it('refuses a time without a date and impossible dates', () => {
    expect(localPartsToIso('', '10:00').ok).toBe(false);
    expect(localPartsToIso('2025-02-30', '10:00').ok).toBe(false);
    expect(localPartsToIso('garbage', '10:00').ok).toBe(false);
  });

  it('refuses a date outside 2000-01-01..2100-12-31, as the server would', () => {
    const refused = { ok: false, error: 'Use a date between 2000-01-01 and 2100-12-31.' };
    expect(localPartsToIso('9999-12-31', '23:59')).toEqual(refused);
    expect(localPartsToIso('1999-06-01', '12:00')).toEqual(refused);
    expect(localPartsToIso('2101-01-01', '00:00')).toEqual(refused);
    expect(localPartsToIso('2100-12-31', '12:00')).toEqual({ ok: true, iso: '2100-12-31T12:00:00-05:00' });
  });

  it('round-trips', () => {
    const r = localPartsToIso('2025-03-09', '12:30');
    expect(r.ok && r.iso && isoToLocalParts(r.iso)).toEqual({ date: '2025-03-09', time: '12:30' });
  });
});

describe('buildUpdateBody', () => {
  const initial = toDraft(SAVED);

  it('sends nothing when nothing changed (an untouched deadline with seconds stays as saved)', () => {
    expect(buildUpdateBody(initial, { ...initial })).toEqual({ ok: true, body: {} });
    expect(isDirty(initial, { ...initial })).toBe(false);
  });

  it('sends only the changed fields', () => {
    const draft = { ...initial, allowLate: true, codes: ['EARLY', 'LATE'] };
    expect(isDirty(initial, draft)).toBe(true);
    expect(buildUpdateBody(initial, draft)).toEqual({
      ok: true,
      body: { allow_late_applications: true, special_access_codes: ['EARLY', 'LATE'] },
    });
  });

  it('clears a deadline with null', () => {
    expect(buildUpdateBody(initial, { ...initial, deadlineDate: '', deadlineTime: '' })).toEqual({
      ok: true,
      body: { application_deadline: null },
    });
  });

  it('reports invalid dates instead of saving', () => {
    const r = buildUpdateBody(initial, { ...initial, rsvpDeadlineTime: '10:00' });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors.rsvpDeadline).toBeTruthy();
  });
});

describe('addAccessCode', () => {
  it('upper-cases, ignores empties and duplicates', () => {
    expect(addAccessCode(['EARLY'], 'late-bird')).toEqual({
      outcome: 'added',
      code: 'LATE-BIRD',
      codes: ['EARLY', 'LATE-BIRD'],
    });
    expect(addAccessCode(['EARLY'], '  ').outcome).toBe('empty');
    expect(addAccessCode(['EARLY'], ' early ')).toEqual({
      outcome: 'duplicate',
      code: 'EARLY',
      codes: ['EARLY'],
    });
  });

  it('refuses characters a code cannot hold', () => {
    expect(addAccessCode([], 'two words').outcome).toBe('invalid');
  });
});

describe('previewWindow', () => {
  const now = new Date('2025-09-01T00:00:00Z');
  it('closes after the deadline unless late applications are allowed or forced open', () => {
    const draft = toDraft(SAVED);
    expect(previewWindow(draft, now)?.status).toBe('closed');
    expect(previewWindow({ ...draft, allowLate: true }, now)?.status).toBe('late');
    expect(previewWindow({ ...draft, forceOpen: true }, now)?.status).toBe('open');
    expect(previewWindow({ ...draft, deadlineDate: '', deadlineTime: '' }, now)?.status).toBe('open');
  });
});
