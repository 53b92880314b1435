import { describe, expect, it } from 'vitest';
import {
  activeEmailFilterCount,
  EMAIL_URL_KEYS,
  emailKindLabel,
  emailPages,
  emailsQuery,
  emailStatusTone,
  EMPTY_EMAIL_FILTERS,
  outboxBusy,
  readEmailParams,
  statusCounts,
  writeEmailParams,
} from './email-filters';

describe('e-mail filters in the URL', () => {
  it('round-trips under emails_* keys and keeps other keys', () => {
    const next = { status: 'failed' as const, kind: 'decision_accepted' as const, search: 'ada@', page: 2 };
    const url = writeEmailParams(new URLSearchParams('tab=emails&rsvp_role=mentor'), next);
    expect(url.toString()).toBe(
      'tab=emails&rsvp_role=mentor&emails_status=failed&emails_kind=decision_accepted&emails_search=ada%40&emails_page=2',
    );
    expect(readEmailParams(url)).toEqual(next);
  });

  it('ignores unknown values and bad pages', () => {
    const url = new URLSearchParams({
      [EMAIL_URL_KEYS.status]: 'pending',
      [EMAIL_URL_KEYS.kind]: 'spam',
      [EMAIL_URL_KEYS.page]: '-1',
    });
    expect(readEmailParams(url)).toEqual({ ...EMPTY_EMAIL_FILTERS, page: 1 });
    expect(writeEmailParams(url, { ...EMPTY_EMAIL_FILTERS, page: 1 }).toString()).toBe('');
  });

  it('builds the API query with page and limit', () => {
    expect(emailsQuery({ ...EMPTY_EMAIL_FILTERS, page: 1 }).toString()).toBe('page=1&limit=50');
    expect(emailsQuery({ status: 'queued', kind: null, search: ' x ', page: 3 }).toString()).toBe(
      'status=queued&search=x&page=3&limit=50',
    );
    expect(activeEmailFilterCount({ status: 'queued', kind: null, search: ' x ' })).toBe(2);
    expect(emailPages(0)).toBe(1);
    expect(emailPages(50)).toBe(1);
    expect(emailPages(51)).toBe(2);
  });
});

describe('outbox words', () => {
  it('names kinds readably, unknown ones in words', () => {
    expect(emailKindLabel('decision_accepted')).toBe('Decision: accepted');
    expect(emailKindLabel('rsvp_recorded')).toBe('RSVP recorded');
    expect(emailKindLabel('application_received')).toBe('Application received');
    expect(emailKindLabel('email_verification')).toBe('E-mail verification');
    expect(emailKindLabel('password_reset')).toBe('Password reset');
    expect(emailKindLabel('check_in_reminder')).toBe('Check in reminder');
  });

  it('colours statuses and fills missing counts', () => {
    expect(emailStatusTone('sent')).toBe('green');
    expect(emailStatusTone('failed')).toBe('red');
    expect(emailStatusTone('queued')).toBe('yellow');
    expect(statusCounts({ sent: 1000 })).toEqual({ queued: 0, sending: 0, sent: 1000, failed: 0 });
    expect(statusCounts(undefined)).toEqual({ queued: 0, sending: 0, sent: 0, failed: 0 });
  });

  it('keeps refreshing only while something is queued or sending', () => {
    expect(outboxBusy({ sent: 5, failed: 1 })).toBe(false);
    expect(outboxBusy({ queued: 1 })).toBe(true);
    expect(outboxBusy({ sending: 2 })).toBe(true);
    expect(outboxBusy(undefined)).toBe(false);
  });
});
