import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderWithProviders } from '@/testing';
import { RsvpStatsCard } from './rsvp-stats-card';

afterEach(() => cleanup());

const STATS = { total_rsvp: 7, accepted: 4, declined: 2, maybe: 1, no_response: 3 };

describe('RsvpStatsCard', () => {
  it('shows the five counts as before when no offer expired', () => {
    renderWithProviders(<RsvpStatsCard stats={STATS} loading={false} />);
    expect(screen.getByTestId('rsvp-stat-no_response').textContent).toBe('No Response3');
    expect(screen.queryByTestId('rsvp-stat-expired')).toBeNull();
  });

  it('adds Expired, apart from No Response, when offers expired', () => {
    renderWithProviders(<RsvpStatsCard stats={{ ...STATS, expired: 2 }} loading={false} />);
    expect(screen.getByTestId('rsvp-stat-expired').textContent).toBe('Expired2');
    expect(screen.getByTestId('rsvp-stat-no_response').textContent).toBe('No Response3');
  });
});
