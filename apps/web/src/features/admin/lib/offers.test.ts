import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  canExtendOffer,
  defaultExtendParts,
  extendedDescription,
  extendedTitle,
  extendError,
  formatDueShort,
  rsvpCell,
} from './offers';

// The admin views' times are the admin's own zone; the tests pin it.
beforeEach(() => vi.stubEnv('TZ', 'America/New_York'));
afterEach(() => vi.unstubAllEnvs());

const DUE = '2025-08-16T03:59:59.000Z';

describe('formatDueShort', () => {
  it('day, short month and 24-hour time, as the applicant’s "Confirm by" writes them', () => {
    expect(formatDueShort(DUE)).toMatch(/^\d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2}$/);
    expect(formatDueShort('not a date')).toBe('—');
  });
});

describe('rsvpCell (the RSVP column, issue 17)', () => {
  it('an expired offer reads "Expired", with when it was due', () => {
    const cell = rsvpCell({ rsvp_status: null, status: 'accepted', offer: { due_at: DUE, expired: true } });
    expect(cell.label).toBe('Expired');
    expect(cell.tone).toBe('gray');
    expect(cell.note).toBe(`Was due ${formatDueShort(DUE)}`);
  });

  it('an open offer with its own deadline: awaiting, and when it is due', () => {
    const cell = rsvpCell({ rsvp_status: null, status: 'accepted', offer: { due_at: DUE, expired: false } });
    expect(cell).toEqual({ label: 'Awaiting RSVP', tone: 'gray', note: `Due ${formatDueShort(DUE)}` });
  });

  it('without an offer, exactly the labels of before', () => {
    expect(rsvpCell({ rsvp_status: null, status: 'accepted' })).toEqual({
      label: 'Awaiting RSVP',
      tone: 'gray',
      note: null,
    });
    expect(rsvpCell({ rsvp_status: 'declined', status: 'accepted' })).toEqual({
      label: 'Declined',
      tone: 'red',
      note: null,
    });
    expect(rsvpCell({ rsvp_status: null, status: 'rejected' }).label).toBe('No Response');
  });

  it('only a row with an offer can be extended', () => {
    expect(canExtendOffer({ offer: { due_at: DUE, expired: true } })).toBe(true);
    expect(canExtendOffer({ offer: { due_at: DUE, expired: false } })).toBe(true);
    expect(canExtendOffer({})).toBe(false);
  });
});

describe('defaultExtendParts', () => {
  const now = new Date(2025, 7, 10, 15, 30);

  it('two days on from now, at the end of the day', () => {
    expect(defaultExtendParts(undefined, now)).toEqual({ date: '2025-08-12', time: '23:59' });
    expect(defaultExtendParts({ due_at: DUE, expired: true }, now)).toEqual({
      date: '2025-08-12',
      time: '23:59',
    });
  });

  it('two days past a deadline still ahead, so extending gives more time', () => {
    const ahead = new Date(2025, 7, 20, 23, 59).toISOString();
    expect(defaultExtendParts({ due_at: ahead, expired: false }, now)).toEqual({
      date: '2025-08-22',
      time: '23:59',
    });
  });
});

describe('the words of an extension', () => {
  it('"Extended N deadlines"', () => {
    expect(extendedTitle(3)).toBe('Extended 3 deadlines');
    expect(extendedTitle(1)).toBe('Extended 1 deadline');
    expect(extendedTitle(1200)).toBe('Extended 1,200 deadlines');
    expect(extendedDescription(0, DUE)).toMatch(/^No open offer with a deadline ended before /);
    expect(extendedDescription(2, DUE)).toMatch(/^Those offers can now be answered until /);
  });

  it('a bad time goes under the field without its prefix; other refusals above the buttons', () => {
    const past = new ApiError(400, 'due_at: Choose a time in the future.', 'validation_error');
    expect(extendError(past, 'Failed')).toEqual({ field: 'Choose a time in the future.', form: null });
    const answered = new ApiError(
      409,
      'Only an offer still waiting for an answer, or one that expired, can be extended.',
      'not_an_open_offer',
    );
    expect(extendError(answered, 'Failed')).toEqual({ field: null, form: answered.message });
    expect(extendError(new ApiError(500, 'boom'), 'Failed')).toEqual({ field: null, form: 'Failed' });
    expect(extendError(new Error('x'), 'Failed')).toEqual({ field: null, form: 'Failed' });
  });
});
