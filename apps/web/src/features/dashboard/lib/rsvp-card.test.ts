import { describe, expect, it } from 'vitest';
import { shouldShowRsvpCard } from './rsvp-card';

describe('shouldShowRsvpCard (spec §2)', () => {
  it.each(['accepted', 'rejected', 'waitlisted'])('%s with decisions released: shown', (status) => {
    expect(shouldShowRsvpCard(status, true)).toBe(true);
  });

  it.each(['accepted', 'rejected', 'waitlisted'])('%s before release: hidden', (status) => {
    expect(shouldShowRsvpCard(status, false)).toBe(false);
  });

  it.each(['not_started', 'in_progress', 'submitted', 'admin'])('%s: never shown', (status) => {
    expect(shouldShowRsvpCard(status, true)).toBe(false);
    expect(shouldShowRsvpCard(status, false)).toBe(false);
  });
});
