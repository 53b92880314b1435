import { describe, expect, it } from 'vitest';
import { rsvpLabel, safeHttpUrl, statusLabel, statusTone } from './labels';

describe('labels', () => {
  it('colours statuses as spec §4 says', () => {
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
