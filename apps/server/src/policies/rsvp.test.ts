import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES, RSVP_STATUSES } from '@lanyard/shared/constants';
import { isConfirmedAttendee, mayHaveQr, mayRespond, mayWithdraw, voidsRsvp, type RsvpFacts } from './rsvp';

const ANSWERS = [null, ...RSVP_STATUSES] as const;
const ALL: RsvpFacts[] = APPLICATION_STATUSES.flatMap((status) =>
  ANSWERS.map((rsvpStatus) => ({ status, rsvpStatus })),
);

describe('rsvp policy', () => {
  it('only an accepted applicant who answered "I will attend" is a confirmed attendee', () => {
    const confirmed = ALL.filter(isConfirmedAttendee);
    expect(confirmed).toEqual([{ status: 'accepted', rsvpStatus: 'accepted' }]);
  });

  it('staying on the waitlist is not attending', () => {
    expect(isConfirmedAttendee({ status: 'waitlisted', rsvpStatus: 'accepted' })).toBe(false);
  });

  it('the QR code needs a confirmed attendee whose decision is released', () => {
    for (const f of ALL) {
      expect(mayHaveQr(f, true)).toBe(isConfirmedAttendee(f));
      expect(mayHaveQr(f, false)).toBe(false);
    }
  });

  it('an applicant answers once per released accepted or waitlisted decision', () => {
    const may = ALL.filter((f) => mayRespond(f, true));
    expect(may).toEqual([
      { status: 'accepted', rsvpStatus: null },
      { status: 'waitlisted', rsvpStatus: null },
    ]);
    expect(ALL.filter((f) => mayRespond(f, false))).toEqual([]);
  });

  it('every change of decision voids a recorded answer; the same decision again keeps it', () => {
    for (const f of ALL) {
      for (const next of APPLICATION_STATUSES) {
        expect(voidsRsvp(f, next), `${f.status}/${f.rsvpStatus} -> ${next}`).toBe(
          f.rsvpStatus !== null && next !== f.status,
        );
      }
    }
    expect(voidsRsvp({ status: 'waitlisted', rsvpStatus: 'accepted' }, 'accepted')).toBe(true);
    expect(voidsRsvp({ status: 'accepted', rsvpStatus: 'accepted' }, 'accepted')).toBe(false);
  });

  it('only a confirmed attendee not yet at the door may release their place, once it is released', () => {
    expect(ALL.filter((f) => mayWithdraw(f, true, false))).toEqual([
      { status: 'accepted', rsvpStatus: 'accepted' },
    ]);
    expect(ALL.filter((f) => mayWithdraw(f, false, false))).toEqual([]);
    expect(ALL.filter((f) => mayWithdraw(f, true, true))).toEqual([]);
  });
});
