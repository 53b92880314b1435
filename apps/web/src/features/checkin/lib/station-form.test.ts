import { describe, expect, it } from 'vitest';
import type { Station } from '@lanyard/shared/stations';
import { DUPLICATE_NAME, EMPTY_STATION_FORM, validateStationForm } from './station-form';

const AT = '2026-03-07T12:00:00.000Z';
function station(id: string, name: string, patch: Partial<Station> = {}): Station {
  return {
    id,
    name,
    kind: 'meal',
    rule: 'once',
    audience: 'checked_in',
    express: false,
    archived: false,
    created_at: AT,
    updated_at: AT,
    ...patch,
  };
}

const CHECKIN = station('s0', 'Check-in', { kind: 'checkin', audience: 'confirmed' });
const LUNCH = station('s1', 'Saturday lunch');

describe('validateStationForm', () => {
  it('creates with a trimmed name and the chosen kind, rule and audience', () => {
    const result = validateStationForm(
      { name: '  Sunday breakfast ', kind: 'meal', rule: 'once_per_day', audience: 'confirmed' },
      null,
      [CHECKIN, LUNCH],
    );
    expect(result).toEqual({
      ok: true,
      create: { name: 'Sunday breakfast', kind: 'meal', rule: 'once_per_day', audience: 'confirmed' },
    });
  });

  it('requires a name and bounds its length', () => {
    expect(validateStationForm({ ...EMPTY_STATION_FORM, name: '   ' }, null, [])).toEqual({
      ok: false,
      errors: { name: 'Name is required.' },
    });
    expect(validateStationForm({ ...EMPTY_STATION_FORM, name: 'x'.repeat(81) }, null, [])).toEqual({
      ok: false,
      errors: { name: 'Name must be at most 80 characters.' },
    });
  });

  it('refuses a name already taken, whatever its case, but not the station being edited', () => {
    expect(validateStationForm({ ...EMPTY_STATION_FORM, name: 'saturday LUNCH ' }, null, [LUNCH])).toEqual({
      ok: false,
      errors: { name: DUPLICATE_NAME },
    });
    expect(
      validateStationForm({ ...EMPTY_STATION_FORM, name: 'Saturday lunch', rule: 'unlimited' }, LUNCH, [
        LUNCH,
      ]),
    ).toEqual({ ok: true, update: { name: 'Saturday lunch', rule: 'unlimited', audience: 'checked_in' } });
  });

  it('refuses a kind that cannot be created (the check-in desk is made once, by migration)', () => {
    const values = { ...EMPTY_STATION_FORM, name: 'Door 2', kind: 'checkin' as never };
    expect(validateStationForm(values, null, [])).toEqual({
      ok: false,
      errors: { kind: 'Choose one of the options.' },
    });
  });
});
