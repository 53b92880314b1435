import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  confirmationCopy,
  formatDeadline,
  isAttending,
  isDeadlinePassed,
  recordedLabel,
  releaseCopy,
  requiresTypedConfirmation,
  rsvpCardState,
  rsvpChangeMailto,
  rsvpRefusal,
  serverClockOffset,
  shouldShowRsvpCard,
  type RsvpCardInput,
} from './rsvp-card';

describe('shouldShowRsvpCard', () => {
  it.each(['accepted', 'waitlisted'])('%s with decisions released: shown', (status) => {
    expect(shouldShowRsvpCard(status, true)).toBe(true);
  });

  it('rejected: never shown, there is nothing to answer (issue 14, item 9)', () => {
    expect(shouldShowRsvpCard('rejected', true)).toBe(false);
    expect(shouldShowRsvpCard('rejected', false)).toBe(false);
  });

  it.each(['accepted', 'rejected', 'waitlisted'])('%s before release: hidden', (status) => {
    expect(shouldShowRsvpCard(status, false)).toBe(false);
  });

  it.each(['not_started', 'in_progress', 'submitted', 'admin'])('%s: never shown', (status) => {
    expect(shouldShowRsvpCard(status, true)).toBe(false);
    expect(shouldShowRsvpCard(status, false)).toBe(false);
  });
});

const NOW = Date.parse('2025-08-10T12:00:00Z');
const open = { rsvp_open: true, rsvp_deadline: null };

function input(over: Partial<RsvpCardInput>): RsvpCardInput {
  return { status: 'accepted', released: true, rsvpStatus: null, settings: open, now: NOW, ...over };
}

describe('rsvpCardState', () => {
  it('accepted or waitlisted, open, no answer: the form for that status', () => {
    expect(rsvpCardState(input({}))).toEqual({ kind: 'form', status: 'accepted' });
    expect(rsvpCardState(input({ status: 'waitlisted' }))).toEqual({ kind: 'form', status: 'waitlisted' });
  });

  it('hidden before release and for statuses without a decision', () => {
    expect(rsvpCardState(input({ released: false }))).toEqual({ kind: 'hidden' });
    expect(rsvpCardState(input({ status: 'submitted' }))).toEqual({ kind: 'hidden' });
  });

  it('rejected: no card, whatever the settings or a stray answer say', () => {
    expect(rsvpCardState(input({ status: 'rejected' }))).toEqual({ kind: 'hidden' });
    expect(rsvpCardState(input({ status: 'rejected', rsvpStatus: 'accepted' }))).toEqual({ kind: 'hidden' });
    expect(rsvpCardState(input({ status: 'rejected', settings: undefined }))).toEqual({ kind: 'hidden' });
  });

  it('a recorded answer wins over closed RSVPs and a passed deadline', () => {
    const closed = { rsvp_open: false, rsvp_deadline: '2025-08-01T00:00:00Z' };
    expect(rsvpCardState(input({ rsvpStatus: 'declined', settings: closed }))).toEqual({
      kind: 'recorded',
      status: 'accepted',
      rsvp: 'declined',
    });
    expect(rsvpCardState(input({ status: 'waitlisted', rsvpStatus: 'accepted' }))).toEqual({
      kind: 'recorded',
      status: 'waitlisted',
      rsvp: 'accepted',
    });
  });

  it('settings not loaded yet: unknown (never a form it may not offer)', () => {
    expect(rsvpCardState(input({ settings: undefined }))).toEqual({ kind: 'unknown' });
  });

  it('RSVPs closed: closed, before looking at the deadline', () => {
    expect(rsvpCardState(input({ settings: { rsvp_open: false, rsvp_deadline: null } }))).toEqual({
      kind: 'closed',
    });
    expect(
      rsvpCardState(input({ settings: { rsvp_open: false, rsvp_deadline: '2025-08-01T00:00:00Z' } })),
    ).toEqual({ kind: 'closed' });
  });

  it('a passed deadline: deadline_passed; a future one (or exactly now) still offers the form', () => {
    const at = (deadline: string) =>
      rsvpCardState(input({ settings: { rsvp_open: true, rsvp_deadline: deadline } }));
    expect(at('2025-08-10T11:59:59Z')).toEqual({ kind: 'deadline_passed' });
    expect(at('2025-08-10T12:00:00Z')).toEqual({ kind: 'form', status: 'accepted' });
    expect(at('2025-08-15T23:59:00Z')).toEqual({ kind: 'form', status: 'accepted' });
  });
});

describe('rsvpCardState with offers that expire (issue 17)', () => {
  const due = '2025-08-16T03:59:59Z';
  const open = (over: Partial<RsvpCardInput> = {}) =>
    rsvpCardState(input({ offer: { due_at: due, expired: false }, ...over }));

  it('an open offer with its own deadline: the form, carrying that deadline', () => {
    expect(open()).toEqual({ kind: 'form', status: 'accepted', dueAt: due });
  });

  it('without an offer, or one without a deadline of its own, exactly as before', () => {
    expect(rsvpCardState(input({}))).toEqual({ kind: 'form', status: 'accepted' });
    expect(rsvpCardState(input({ offer: { due_at: null, expired: false } }))).toEqual({
      kind: 'form',
      status: 'accepted',
    });
  });

  it('expired on the server: no form, even while RSVPs are open or the settings are loading', () => {
    const expired = { due_at: due, expired: true };
    expect(rsvpCardState(input({ offer: expired }))).toEqual({ kind: 'expired', dueAt: due });
    expect(rsvpCardState(input({ offer: expired, settings: undefined }))).toEqual({
      kind: 'expired',
      dueAt: due,
    });
    expect(
      rsvpCardState(input({ offer: expired, settings: { rsvp_open: false, rsvp_deadline: null } })),
    ).toEqual({ kind: 'expired', dueAt: due });
  });

  it('the deadline passing while the page is open expires it at once (in time at its exact second)', () => {
    expect(open({ now: Date.parse(due) })).toEqual({ kind: 'form', status: 'accepted', dueAt: due });
    expect(open({ now: Date.parse(due) + 1 })).toEqual({ kind: 'expired', dueAt: due });
  });

  it('an answer on file wins, and a waitlisted applicant has no offer to expire', () => {
    expect(open({ rsvpStatus: 'declined' })).toEqual({
      kind: 'recorded',
      status: 'accepted',
      rsvp: 'declined',
    });
    expect(rsvpCardState(input({ status: 'waitlisted', offer: { due_at: due, expired: true } }))).toEqual({
      kind: 'form',
      status: 'waitlisted',
    });
  });

  it('before release: hidden, offer or not', () => {
    expect(open({ released: false })).toEqual({ kind: 'hidden' });
  });
});

describe('isDeadlinePassed', () => {
  it('no deadline or an unreadable one never passes', () => {
    expect(isDeadlinePassed(null, NOW)).toBe(false);
    expect(isDeadlinePassed('not a date', NOW)).toBe(false);
  });
});

describe('the typed confirmation (decision 015)', () => {
  it('accepted applicants type it to decline, not to attend (one tap with the waiver)', () => {
    expect(requiresTypedConfirmation('accepted', 'accepted')).toBe(false);
    expect(requiresTypedConfirmation('accepted', 'declined')).toBe(true);
  });

  it('waitlisted applicants type it only to leave the waitlist', () => {
    expect(requiresTypedConfirmation('waitlisted', 'accepted')).toBe(false);
    expect(requiresTypedConfirmation('waitlisted', 'declined')).toBe(true);
  });

  it('the dialog copy follows: typed and destructive where it cannot be undone, none to attend', () => {
    expect(confirmationCopy('accepted', 'accepted', 'Hacks')).toBeNull();
    expect(confirmationCopy('accepted', 'declined', 'Hacks')).toMatchObject({
      typed: true,
      destructive: true,
    });
    expect(confirmationCopy('waitlisted', 'accepted', 'Hacks')).toMatchObject({
      typed: false,
      destructive: false,
      actionLabel: 'Stay on Waitlist',
    });
    expect(confirmationCopy('waitlisted', 'declined', 'Hacks')).toMatchObject({
      typed: true,
      destructive: true,
    });
    expect(confirmationCopy('accepted', 'declined', 'Hacks')?.description).toMatch(/cannot be undone/);
  });

  it('releasing a confirmed place is typed and destructive, like a decline', () => {
    expect(releaseCopy('Hacks')).toMatchObject({
      title: 'Release your spot?',
      actionLabel: 'Release My Spot',
      typed: true,
      destructive: true,
    });
    expect(releaseCopy('Hacks').description).toMatch(/someone on the waitlist/);
  });
});

describe('isAttending', () => {
  it('only an accepted applicant saying yes gives attendance details', () => {
    expect(isAttending('accepted', 'accepted')).toBe(true);
    expect(isAttending('accepted', 'declined')).toBe(false);
    expect(isAttending('accepted', undefined)).toBe(false);
    expect(isAttending('waitlisted', 'accepted')).toBe(false);
  });
});

describe('rsvpRefusal', () => {
  it('a 403 offer_expired (the deadline passed while the form was open), by its code', () => {
    const err = new ApiError(
      403,
      'Your offer has expired: the deadline to confirm your place has passed. Please e-mail the organizers.',
      'offer_expired',
    );
    expect(rsvpRefusal(err)).toBe('offer_expired');
    expect(rsvpRefusal(new ApiError(409, 'x', 'offer_expired'))).toBeNull();
  });

  it('a 403 saying RSVPs are closed', () => {
    const err = new ApiError(403, 'RSVPs are currently closed. Please check back later.', 'rsvp_closed');
    expect(rsvpRefusal(err)).toBe('closed');
  });

  it('a 403 saying the deadline has passed', () => {
    const err = new ApiError(403, 'The RSVP deadline has passed. Please contact the organizers.');
    expect(rsvpRefusal(err)).toBe('deadline_passed');
  });

  it('anything else is a plain failure', () => {
    expect(rsvpRefusal(new ApiError(403, 'There is no decision to respond to yet.'))).toBeNull();
    expect(rsvpRefusal(new ApiError(400, 'RSVPs are currently closed'))).toBeNull();
    expect(rsvpRefusal(new ApiError(409, 'Your RSVP is already recorded.'))).toBeNull();
    expect(rsvpRefusal(new Error('RSVPs are currently closed'))).toBeNull();
  });
});

describe('recordedLabel (thank-you states)', () => {
  it('Accepted, Staying on Waitlist, Declined (and an admin-set Maybe)', () => {
    expect(recordedLabel('accepted', 'accepted')).toBe('Accepted');
    expect(recordedLabel('waitlisted', 'accepted')).toBe('Staying on Waitlist');
    expect(recordedLabel('accepted', 'declined')).toBe('Declined');
    expect(recordedLabel('waitlisted', 'declined')).toBe('Declined');
    expect(recordedLabel('accepted', 'maybe')).toBe('Maybe');
  });
});

describe('rsvpChangeMailto', () => {
  it('mails the contact address with the change-request subject and the account', () => {
    const href = rsvpChangeMailto('team@example.org', 'me+x@example.org');
    expect(href.startsWith('mailto:team@example.org?subject=RSVP%20change%20request&body=')).toBe(true);
    expect(decodeURIComponent(href.split('body=')[1]!)).toContain('Account e-mail: me+x@example.org');
  });
});

describe('formatDeadline', () => {
  it("in the event's time zone, labelled with its abbreviation", () => {
    const d = formatDeadline('2025-08-16T03:59:00Z', 'America/New_York');
    expect(d.timeZone).toBe('America/New_York');
    // Newer ICU data puts a narrow no-break space before "PM".
    expect(d.text).toMatch(/^Friday, August 15, 2025 at 11:59\sPM EDT$/);
  });

  it("falls back to the browser's zone when the configured one is not valid", () => {
    const d = formatDeadline('2025-08-16T03:59:00Z', 'Not/AZone');
    expect(d.timeZone).toBeUndefined();
    expect(d.text).toMatch(/2025/);
  });
});

describe('serverClockOffset', () => {
  it("how far the browser's clock is behind (or ahead of) the server's", () => {
    const received = Date.parse('2025-08-10T12:00:00Z');
    expect(serverClockOffset('2025-08-10T12:00:05Z', received)).toBe(5000);
    expect(serverClockOffset('2025-08-10T11:59:58Z', received)).toBe(-2000);
    expect(serverClockOffset(undefined, received)).toBe(0);
    expect(serverClockOffset('2025-08-10T12:00:05Z', 0)).toBe(0);
  });
});
