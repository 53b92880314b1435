import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import {
  DEFAULT_CAPACITY_SETTINGS,
  admissionsOf,
  type Admissions,
  type AdmissionsCounts,
  type CapacitySettings,
  type UpdateCapacitySettingsBody,
} from '@lanyard/shared/capacity';
import { renderWithProviders } from '@/testing';
import { AdmissionsCard } from '../bulk/admissions-card';
import { CapacityCard } from './capacity-card';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn(), dismiss: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock, Toaster: () => null }));

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

// 122 of 212 answers were "yes": enough (50) to measure; nobody has checked in yet.
const HACKERS: AdmissionsCounts = {
  offers: 300,
  confirmed: 122,
  declined: 90,
  expired: 0,
  awaiting: 88,
  waitlisted: 0,
  checked_in: 0,
};
const MENTORS: AdmissionsCounts = {
  offers: 10,
  confirmed: 3,
  declined: 1,
  expired: 0,
  awaiting: 6,
  waitlisted: 0,
  checked_in: 0,
};

function admissions(settings: CapacitySettings): Admissions {
  return {
    settings,
    roles: [admissionsOf('hacker', true, HACKERS, settings), admissionsOf('mentor', true, MENTORS, settings)],
  };
}

const SAVED: CapacitySettings = {
  ...DEFAULT_CAPACITY_SETTINGS,
  hacker: { ...DEFAULT_CAPACITY_SETTINGS.hacker, places: 500 },
};

function serve(put: (body: CapacitySettings) => Response, withAdmissions = false) {
  const puts: unknown[] = [];
  let gets = 0;
  let current = SAVED;
  // Radix switches measure themselves; jsdom has no ResizeObserver.
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT' && String(input) === '/api/admin/admissions/settings') {
        const body = JSON.parse(String(init.body)) as UpdateCapacitySettingsBody;
        puts.push(body);
        // As the server does: a role's fields merge over the stored ones.
        const next: CapacitySettings = {
          ...current,
          ...body,
          hacker: { ...current.hacker, ...body.hacker },
          mentor: { ...current.mentor, ...body.mentor },
        };
        const answer = put(next);
        if (answer.ok) current = next;
        return Promise.resolve(answer);
      }
      if (String(input) === '/api/admin/admissions') {
        gets++;
        return Promise.resolve(Response.json(admissions(current)));
      }
      return Promise.resolve(Response.json({ error: 'Not found' }, { status: 404 }));
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <>
      <CapacityCard />
      {withAdmissions ? <AdmissionsCard /> : null}
    </>,
    { queryClient },
  );
  return { puts, gets: () => gets };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const field = (role: 'Hackers' | 'Mentors', label: string) =>
  within(screen.getByRole('group', { name: role })).getByLabelText(label);

describe('Settings: Capacity', () => {
  it('shows each role’s places and shares, with what this event measured', async () => {
    serve((s) => Response.json(admissions(s)));
    await screen.findByRole('form', { name: 'Capacity settings' });
    expect((field('Hackers', 'Places') as HTMLInputElement).value).toBe('500');
    expect((field('Mentors', 'Places') as HTMLInputElement).value).toBe('');
    expect((field('Hackers', 'Expected attendance of confirmed people (%)') as HTMLInputElement).value).toBe(
      '85',
    );
    expect((field('Hackers', 'Expected “yes” to an offer (%)') as HTMLInputElement).value).toBe('60');
    const hackers = screen.getByRole('group', { name: 'Hackers' });
    expect(within(hackers).getByText('Measured: 57.5% of 212 answers')).toBeTruthy();
    expect(within(hackers).getByText('Measured once 50 people have checked in')).toBeTruthy();
    const mentors = screen.getByRole('group', { name: 'Mentors' });
    expect(within(mentors).getByText('Measured once 50 people have answered')).toBeTruthy();
    const measured = within(hackers).getByRole('switch', {
      name: "Use this event's measured shares once there are enough answers",
    });
    expect(measured.getAttribute('aria-checked')).toBe('false');
    expect(
      (screen.getByLabelText('Answers needed before a measured share is shown') as HTMLInputElement).value,
    ).toBe('50');
    expect(screen.getByRole('button', { name: 'Save Capacity' }).hasAttribute('disabled')).toBe(true);
  });

  it('saves only the role that changed, and the Admissions card reads the new projection', async () => {
    const { puts, gets } = serve((s) => Response.json(admissions(s)), true);
    await screen.findByRole('form', { name: 'Capacity settings' });
    await screen.findByTestId('admissions-mentor');
    expect(screen.getByTestId('admissions-mentor-places').textContent).toContain('Not set');
    const before = gets();

    fireEvent.change(field('Mentors', 'Places'), { target: { value: '40' } });
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Mentors' })).getByRole('switch', {
        name: "Use this event's measured shares once there are enough answers",
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save Capacity' }));

    await waitFor(() => expect(puts).toEqual([{ mentor: { places: 40, use_measured: true } }]));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Capacity Saved', expect.anything()));
    expect(await screen.findByText('All changes saved.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('admissions-mentor-places').textContent).toBe('Places: 40'),
    );
    // Read again after the save, for counts that moved meanwhile.
    await waitFor(() => expect(gets()).toBeGreaterThan(before));
  });

  it('offers that expire after D days, and automatic promotion per role (issue 17)', async () => {
    const { puts } = serve((s) => Response.json(admissions(s)));
    await screen.findByRole('form', { name: 'Capacity settings' });
    const days = screen.getByLabelText(/^Offers expire after/) as HTMLInputElement;
    expect(days.value).toBe('');
    expect(screen.getByText(/Empty: offers never expire/)).toBeTruthy();
    fireEvent.change(days, { target: { value: '7' } });
    const promote = within(screen.getByRole('group', { name: 'Hackers' })).getByRole('switch', {
      name: 'Promote from the waitlist automatically',
    });
    expect(promote.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(promote);
    fireEvent.click(screen.getByRole('button', { name: 'Save Capacity' }));
    await waitFor(() => expect(puts).toEqual([{ hacker: { auto_promote: true }, offer_days: 7 }]));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Capacity Saved', expect.anything()));
  });

  it('offer days out of range: the shared schema’s words under the field', async () => {
    const { puts } = serve((s) => Response.json(admissions(s)));
    await screen.findByRole('form', { name: 'Capacity settings' });
    const days = screen.getByLabelText(/^Offers expire after/);
    fireEvent.change(days, { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Capacity' }));
    expect(await screen.findByText('At most 90 days')).toBeTruthy();
    expect(days.getAttribute('aria-invalid')).toBe('true');
    expect(puts).toHaveLength(0);
  });

  it('turns the waitlist position on for applicants', async () => {
    const { puts } = serve((s) => Response.json(admissions(s)));
    await screen.findByRole('form', { name: 'Capacity settings' });
    fireEvent.click(
      screen.getByRole('switch', { name: 'Show waitlisted applicants their place on the waitlist' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save Capacity' }));
    await waitFor(() => expect(puts).toEqual([{ show_waitlist_position: true }]));
  });

  it('checks the fields before saving', async () => {
    const { puts } = serve((s) => Response.json(admissions(s)));
    await screen.findByRole('form', { name: 'Capacity settings' });
    fireEvent.change(field('Hackers', 'Expected attendance of confirmed people (%)'), {
      target: { value: '150' },
    });
    fireEvent.change(field('Mentors', 'Expected “yes” to an offer (%)'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Capacity' }));
    expect(await screen.findAllByText('Enter a percentage from 0 to 100')).toHaveLength(2);
    expect(screen.getByText('Some fields need fixing before capacity can be saved.')).toBeTruthy();
    expect(puts).toHaveLength(0);
  });

  it('shows the server’s refusal under the field it names', async () => {
    const { puts } = serve(() =>
      Response.json(
        { error: 'hacker.places: At most 100,000 places', code: 'validation_error' },
        { status: 400 },
      ),
    );
    await screen.findByRole('form', { name: 'Capacity settings' });
    const places = field('Hackers', 'Places');
    fireEvent.change(places, { target: { value: '600' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Capacity' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ hacker: { places: 600 } });
    expect(await screen.findByText('At most 100,000 places')).toBeTruthy();
    expect(places.getAttribute('aria-invalid')).toBe('true');
    expect(places.getAttribute('aria-describedby')).toBe('capacity-hacker-places-error');
    expect(toastMock.error).toHaveBeenCalledWith('Error', {
      description: 'Some fields need fixing before capacity can be saved.',
    });
  });

  it('shows the error with a way to try again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ error: 'Boom' }, { status: 500 }))),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderWithProviders(<CapacityCard />, { queryClient });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load the capacity settings.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(toastMock.error).toHaveBeenCalledWith('Error', {
      description: 'Failed to load the capacity settings.',
    });
  });
});
