import { describe, expect, it } from 'vitest';
import {
  confirmByText,
  formatOfferDue,
  isOfferExpired,
  offerExpiredMailto,
  offerExpiredMessage,
  offerExpiredStatusMessage,
} from './offer';

const NY = 'America/New_York';

describe('formatOfferDue and "Confirm by …" (issue 17)', () => {
  it('the end of Friday 15 August in New York reads as the issue writes it, with the zone beside it', () => {
    expect(formatOfferDue('2025-08-16T03:59:59Z', NY)).toEqual({ text: 'Fri 15 Aug, 23:59', zone: 'EDT' });
    expect(confirmByText('2025-08-16T03:59:59Z', NY)).toBe('Confirm by Fri 15 Aug, 23:59');
  });

  it('24-hour time, midnight as 00:00, and September as "Sep" in every browser', () => {
    expect(formatOfferDue('2025-09-16T04:00:00Z', NY).text).toBe('Tue 16 Sep, 00:00');
    expect(formatOfferDue('2025-08-15T17:05:00Z', NY).text).toBe('Fri 15 Aug, 13:05');
  });

  it('in the event time zone, not the browser one: the same instant is another day in Tokyo', () => {
    expect(formatOfferDue('2025-08-16T03:59:59Z', 'Asia/Tokyo').text).toBe('Sat 16 Aug, 12:59');
    expect(formatOfferDue('2025-12-01T12:00:00Z', 'UTC')).toEqual({ text: 'Mon 1 Dec, 12:00', zone: 'UTC' });
  });

  it('a zone name Intl does not know falls back to the browser zone rather than failing', () => {
    expect(formatOfferDue('2025-08-16T03:59:59Z', 'Not/AZone').text).toMatch(
      /^[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2}$/,
    );
  });
});

describe('isOfferExpired', () => {
  const due = '2025-08-16T03:59:59Z';
  const at = Date.parse(due);

  it('no offer (offers do not expire): never', () => {
    expect(isOfferExpired(undefined, at + 1e9)).toBe(false);
  });

  it('the server says so: expired, whatever the clock', () => {
    expect(isOfferExpired({ due_at: due, expired: true }, at - 1e9)).toBe(true);
    expect(isOfferExpired({ due_at: null, expired: true }, at)).toBe(true);
  });

  it('still in time at its exact second, expired the millisecond after (as on the server)', () => {
    expect(isOfferExpired({ due_at: due, expired: false }, at)).toBe(false);
    expect(isOfferExpired({ due_at: due, expired: false }, at + 1)).toBe(true);
  });

  it('no deadline of its own and not marked: open', () => {
    expect(isOfferExpired({ due_at: null, expired: false }, at + 1e9)).toBe(false);
  });
});

describe('the words of an expired offer', () => {
  it('says when it expired, in the event zone, and that the portal takes no answer now', () => {
    expect(offerExpiredMessage('2025-08-16T03:59:59Z', NY)).toBe(
      'Your offer expired on Fri 15 Aug, 23:59 EDT: it was not confirmed in time, so you can no longer RSVP in the portal.',
    );
  });

  it('without a known deadline, says so without a date', () => {
    expect(offerExpiredMessage(null, NY)).toBe(
      'Your offer has expired: it was not confirmed in time, so you can no longer RSVP in the portal.',
    );
  });

  it('the status card points to the organizers, never to the RSVP form', () => {
    const text = offerExpiredStatusMessage('Test Hacks I');
    expect(text).toContain('Test Hacks I has expired');
    expect(text).toContain('e-mail the organizers');
    expect(text).not.toMatch(/RSVP below|let us know/i);
  });

  it('the mail to the organizers names the account', () => {
    const href = offerExpiredMailto('team@example.org', 'grace@example.org');
    expect(href.startsWith('mailto:team@example.org?subject=Expired%20offer&body=')).toBe(true);
    expect(decodeURIComponent(href.split('body=')[1]!)).toContain('Account e-mail: grace@example.org');
  });
});
