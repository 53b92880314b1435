import { describe, expect, it } from 'vitest';
import { registeredUsersNote, rsvpLabel, safeHttpUrl, statusLabel, statusTone } from './labels';

describe('labels', () => {
  it('colours statuses pending yellow, accepted green, rejected red, waitlisted orange', () => {
    expect(statusTone('pending')).toBe('yellow');
    expect(statusTone('accepted')).toBe('green');
    expect(statusTone('rejected')).toBe('red');
    expect(statusTone('waitlisted')).toBe('orange');
    expect(statusTone('submitted')).toBe('gray');
    expect(statusLabel('waitlisted')).toBe('Waitlisted');
  });

  it('shows N/A for a missing RSVP', () => {
    expect(rsvpLabel(null)).toBe('N/A');
    expect(rsvpLabel('maybe')).toBe('Maybe');
  });

  it('accepts only http(s) links', () => {
    expect(safeHttpUrl('https://example.com')).toBe('https://example.com/');
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl(' HTTP://x.io/a ')).toBe('http://x.io/a');
    expect(safeHttpUrl('https://')).toBeNull();
    expect(safeHttpUrl(42)).toBeNull();
  });
});

describe('registeredUsersNote', () => {
  it('says how the applicant count and the Users list total meet', () => {
    expect(registeredUsersNote({ total_users: 808, staff_users: 1 })).toBe(
      '808 applicants + 1 staff account = 809 users',
    );
    expect(registeredUsersNote({ total_users: 1, staff_users: 2 })).toBe(
      '1 applicant + 2 staff accounts = 3 users',
    );
  });
});
