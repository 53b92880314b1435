import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import {
  DEFAULT_CAPACITY_SETTINGS,
  admissionsOf,
  type Admissions,
  type AdmissionsCounts,
} from '@lanyard/shared/capacity';
import { renderWithProviders } from '@/testing';
import { AdmissionsCard } from './admissions-card';

const HACKERS: AdmissionsCounts = {
  offers: 300,
  confirmed: 200,
  declined: 40,
  expired: 0,
  awaiting: 60,
  waitlisted: 25,
  checked_in: 12,
};
const MENTORS: AdmissionsCounts = {
  offers: 20,
  confirmed: 5,
  declined: 1,
  expired: 0,
  awaiting: 14,
  waitlisted: 0,
  checked_in: 0,
};

function admissions(hackerPlaces: number | null = 500, mentors: AdmissionsCounts = MENTORS): Admissions {
  const settings = {
    ...DEFAULT_CAPACITY_SETTINGS,
    hacker: { ...DEFAULT_CAPACITY_SETTINGS.hacker, places: hackerPlaces },
  };
  // The shared arithmetic, as the server answers with it.
  return {
    settings,
    roles: [
      admissionsOf('hacker', true, HACKERS, settings),
      admissionsOf('mentor', false, mentors, settings),
    ],
  };
}

function serve(answers: (() => Response)[]) {
  const gets: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      gets.push(String(input));
      const next = answers.length > 1 ? answers.shift()! : answers[0]!;
      return Promise.resolve(next());
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(<AdmissionsCard />, { queryClient, path: '/admin?tab=bulk-actions&q=ada' });
  return gets;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Bulk Actions: Admissions', () => {
  it('shows each role’s places, counts and the attendance to expect', async () => {
    const gets = serve([() => Response.json(admissions())]);
    const hackers = await screen.findByTestId('admissions-hacker');
    expect(gets).toEqual(['/api/admin/admissions']);
    expect(within(hackers).getByRole('heading', { name: 'Hackers' })).toBeTruthy();
    expect(within(hackers).getByTestId('admissions-hacker-places').textContent).toBe('Places: 500');
    // 200 × 0.85 + 60 × 0.6 × 0.85
    expect(within(hackers).getByTestId('admissions-hacker-expected').textContent).toBe(
      'Expected attendance 200.6 of 500 places',
    );
    expect(within(hackers).getByText('40% of the places')).toBeTruthy();
    const count = (key: string) => within(hackers).getByTestId(`admissions-hacker-${key}`).textContent;
    expect(count('offers')).toBe('Offers made300');
    expect(count('confirmed')).toBe('Confirmed200');
    expect(count('declined')).toBe('Declined40');
    expect(count('awaiting')).toBe('Awaiting an answer60');
    expect(count('waitlisted')).toBe('Waitlisted25');
    expect(count('checked_in')).toBe('Checked in12');
    // (500 − 200.6) ÷ 0.51 = 587.06…
    expect(within(hackers).getByTestId('admissions-hacker-suggestion').textContent).toBe(
      'Suggested: send 588 more offers to fill the places.',
    );
    // Released: nothing to warn about.
    expect(within(hackers).queryByText(/not released yet/)).toBeNull();
  });

  it('works out the attendees further offers bring, on the page', async () => {
    const gets = serve([() => Response.json(admissions())]);
    const hackers = await screen.findByTestId('admissions-hacker');
    const offers = within(hackers).getByLabelText('More offers to send');
    const result = within(hackers).getByTestId('admissions-hacker-offers-result');
    fireEvent.change(offers, { target: { value: '100' } });
    // 100 × 0.85 × 0.6
    expect(result.textContent).toBe('If we send 100 more offers, we expect about 51 more attendees.');
    fireEvent.change(offers, { target: { value: '7' } });
    expect(result.textContent).toBe('If we send 7 more offers, we expect about 3.6 more attendees.');
    fireEvent.change(offers, { target: { value: '1' } });
    expect(result.textContent).toBe('If we send 1 more offer, we expect about 0.5 more attendees.');
    fireEvent.change(offers, { target: { value: '-3' } });
    expect(within(hackers).getByText('Enter a whole number from 0 to 100,000.')).toBeTruthy();
    expect(offers.getAttribute('aria-invalid')).toBe('true');
    expect(gets).toHaveLength(1);
  });

  it('says when offers are not sent yet and when places are not set', async () => {
    serve([() => Response.json(admissions())]);
    const mentors = await screen.findByTestId('admissions-mentor');
    expect(
      within(mentors).getByText(
        'Decisions for mentors are not released yet: these offers have not been sent.',
      ),
    ).toBeTruthy();
    expect(within(mentors).getByTestId('admissions-mentor-places').textContent).toBe(
      'Places: Not set Set places',
    );
    // The Settings tab, other parameters kept, landing on the Capacity card.
    expect(within(mentors).getByRole('link', { name: 'Set places' }).getAttribute('href')).toBe(
      '/admin?tab=settings&q=ada#capacity',
    );
    expect(within(mentors).getByTestId('admissions-mentor-expected').textContent).toBe(
      'Expected attendance 11.4',
    );
    // No places: no bar and no suggestion.
    expect(within(mentors).queryByText(/of the places/)).toBeNull();
    expect(within(mentors).queryByTestId('admissions-mentor-suggestion')).toBeNull();
  });

  it('has no unsent offers to warn about before the first offer', async () => {
    serve([() => Response.json(admissions(500, { ...MENTORS, offers: 0, awaiting: 0, confirmed: 0 }))]);
    const mentors = await screen.findByTestId('admissions-mentor');
    expect(within(mentors).queryByText(/not released yet/)).toBeNull();
  });

  it('says so when expected attendance already fills the places', async () => {
    serve([() => Response.json(admissions(150))]);
    const hackers = await screen.findByTestId('admissions-hacker');
    expect(within(hackers).getByTestId('admissions-hacker-suggestion').textContent).toBe(
      'Expected attendance already fills the places.',
    );
    expect(
      within(hackers).getByText('134% of the places: more people expected than there are places'),
    ).toBeTruthy();
  });

  it('shows the error with a way to try again', async () => {
    const gets = serve([
      () => Response.json({ error: 'Boom', code: 'internal_error' }, { status: 500 }),
      () => Response.json(admissions()),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load the admissions.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('admissions-hacker')).toBeTruthy();
    expect(gets).toHaveLength(2);
  });
});
