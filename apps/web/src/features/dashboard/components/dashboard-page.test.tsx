import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import type { PublicUser } from '@lanyard/shared/auth';
import type { MyApplication } from '@lanyard/shared/application';
import { renderWithProviders, testPublicSettings } from '@/testing';
import { DashboardPage } from './dashboard-page';

const fire = Object.assign(
  vi.fn(() => Promise.resolve()),
  { reset: vi.fn() },
);
const create = vi.fn(() => fire);
vi.mock('canvas-confetti', () => ({ default: { create } }));

const user: PublicUser = {
  id: '8d3c6f8e-4a7b-4c1e-9f4a-2b7d9e1c3a5f',
  email: 'h@example.org',
  role: 'hacker',
  applicationStatus: 'submitted',
  emailVerified: true,
};

function application(
  status: MyApplication['status'],
  released: boolean,
  extra: Partial<MyApplication> = {},
): MyApplication {
  return {
    _id: 'a1',
    role: 'hacker',
    status,
    under_review: !released,
    decisions_released: released,
    email: user.email,
    submitted_at: '2025-07-10T12:00:00.000Z',
    updated_at: '2025-07-10T12:00:00.000Z',
    resume: null,
    answers: {},
    rsvp_status: null,
    rsvp_details: null,
    celebrated: false,
    ...extra,
  };
}

const settings = testPublicSettings({ server_time: '2025-07-10T12:00:00.000Z' });

function serve(app: MyApplication | null, waitlistPosition: number | null = null) {
  const fetchMock = vi.fn((input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    // The server remembers the celebration: later reads say so.
    if (url.endsWith('/api/applications/me/celebrated') && app) app = { ...app, celebrated: true };
    const body =
      url.endsWith('/api/applications/me') || url.endsWith('/api/applications/me/celebrated')
        ? { application: app }
        : url.endsWith('/api/settings/public')
          ? settings
          : url.endsWith('/api/auth/session')
            ? { user }
            : url.endsWith('/api/applications/me/waitlist-position')
              ? { position: waitlistPosition }
              : null;
    return Promise.resolve(new Response(JSON.stringify(body), { status: body ? 200 : 404 }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function reducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: reduce && query.includes('reduce'), media: query })),
  );
}

function renderDashboard(me: PublicUser = user) {
  renderWithProviders([{ path: '/dashboard', element: <DashboardPage /> }], { path: '/dashboard', user: me });
}

const statusCard = () => screen.getByRole('region', { name: 'Application Status' });

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  reducedMotion(false);
  // The RSVP card's Radix radios measure themselves; jsdom has no ResizeObserver.
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  create.mockClear();
  fire.mockClear();
});

describe('DashboardPage status card', () => {
  it('a sent application before release reads "Under Review" with View Application', async () => {
    serve(application('submitted', false));
    renderDashboard();
    expect(await within(statusCard()).findByText('Under Review')).toBeTruthy();
    expect(
      within(statusCard()).getByText(
        "Your application is under review. You'll be notified when decisions are released.",
      ),
    ).toBeTruthy();
    expect(within(statusCard()).getByRole('link', { name: 'View Application' }).getAttribute('href')).toBe(
      '/view-application',
    );
    // The timeline follows the application: decisions are the current step.
    const current = screen.getByText('Expected Decisions').closest('li');
    expect(current?.getAttribute('aria-current')).toBe('step');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("no application yet: the user's status drives the card (in_progress -> Resume Application)", async () => {
    serve(null);
    renderDashboard({ ...user, role: 'mentor', applicationStatus: 'in_progress' });
    expect(await within(statusCard()).findByText('In Progress')).toBeTruthy();
    expect(within(statusCard()).getByRole('link', { name: 'Resume Application' }).getAttribute('href')).toBe(
      '/mentor-apply',
    );
    const current = screen.getByText('Application Submitted').closest('li');
    expect(current?.getAttribute('aria-current')).toBe('step');
  });

  it('a released acceptance celebrates: confetti and an overlay that closes itself after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve(application('accepted', true));
    renderDashboard();
    const dialog = await screen.findByRole('dialog', { name: 'Congratulations!' });
    expect(dialog).toBeTruthy();
    expect(within(statusCard()).getByText('Accepted')).toBeTruthy();
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(fire).toHaveBeenCalled());

    act(() => vi.advanceTimersByTime(5_000));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('the celebration is marked on the server once, and stays up while the application is read again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = serve(application('accepted', true));
    renderDashboard();
    expect(await screen.findByRole('dialog', { name: 'Congratulations!' })).toBeTruthy();
    const marks = () =>
      fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/api/applications/me/celebrated'));
    await waitFor(() => expect(marks()).toHaveLength(1));
    expect(marks()[0]![1]?.method).toBe('POST');
    // The marked answer (celebrated: true) does not cut the overlay short, nor mark it again. (The
    // modal hides the page from the accessibility tree; a poll would read the application the same way.)
    act(() => screen.getByRole('button', { name: 'Refresh', hidden: true }).click());
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/api/applications/me')).length).toBe(2),
    );
    expect(screen.getByRole('dialog', { name: 'Congratulations!' })).toBeTruthy();
    expect(marks()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(5_000));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('no celebration once celebrated (another visit, another device), after a decline, or once attending', async () => {
    for (const extra of [
      { celebrated: true },
      { rsvp_status: 'declined' as const },
      { rsvp_status: 'accepted' as const },
    ]) {
      const fetchMock = serve(application('accepted', true, extra));
      renderDashboard();
      expect(await within(statusCard()).findByText('Accepted')).toBeTruthy();
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.queryByRole('dialog'), JSON.stringify(extra)).toBeNull();
      expect(create).not.toHaveBeenCalled();
      expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/celebrated'))).toBe(false);
      cleanup();
    }
  });

  it('once attending, the check-in code leads: above the e-mail banner and every card', async () => {
    serve(application('accepted', true, { rsvp_status: 'accepted' }));
    renderDashboard({ ...user, emailVerified: false });
    const qr = await screen.findByRole('region', { name: 'Your Check-In Code' });
    const banner = screen.getByText('Please verify your email');
    const follows = (a: Node, b: Node) => !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(qr, banner)).toBe(true);
    expect(follows(qr, statusCard())).toBe(true);
    expect(follows(qr, screen.getByRole('region', { name: 'RSVP' }))).toBe(true);
  });

  it('under reduced motion the overlay shows without confetti', async () => {
    reducedMotion(true);
    serve(application('accepted', true));
    renderDashboard();
    expect(await screen.findByRole('dialog', { name: 'Congratulations!' })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(create).not.toHaveBeenCalled();
  });

  it('the RSVP card: above the status card once the decision is out, absent before', async () => {
    serve(application('waitlisted', true));
    renderDashboard();
    const rsvp = await screen.findByRole('region', { name: 'RSVP' });
    expect(await within(rsvp).findByRole('radio', { name: 'Keep me on the waitlist' })).toBeTruthy();
    expect(rsvp.compareDocumentPosition(statusCard()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    cleanup();

    serve(application('waitlisted', false));
    renderDashboard();
    await within(statusCard()).findByText('Under Review');
    expect(screen.queryByRole('region', { name: 'RSVP' })).toBeNull();
  });

  it("a waitlisted applicant sees their place when the organisers show it, and nothing when they don't", async () => {
    serve(application('waitlisted', true), 37);
    renderDashboard();
    expect(await within(statusCard()).findByText('You are number 37 on the waitlist.')).toBeTruthy();
    cleanup();

    const fetchMock = serve(application('waitlisted', true), null);
    renderDashboard();
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain(
        '/api/applications/me/waitlist-position',
      ),
    );
    await within(statusCard()).findByTestId('application-status');
    expect(screen.queryByTestId('waitlist-position')).toBeNull();
    cleanup();

    // Not asked at all for any other status.
    const accepted = serve(application('accepted', true, { celebrated: true }), 1);
    renderDashboard();
    await within(statusCard()).findByTestId('application-status');
    expect(accepted.mock.calls.map(([u]) => String(u))).not.toContain(
      '/api/applications/me/waitlist-position',
    );
  });

  it('the Refresh button asks again for the user, the application and the settings', async () => {
    const fetchMock = serve(application('submitted', false));
    renderDashboard();
    await within(statusCard()).findByText('Under Review');
    fetchMock.mockClear();
    act(() => screen.getByRole('button', { name: 'Refresh' }).click());
    await waitFor(() => {
      const urls = fetchMock.mock.calls.map(([u]) => String(u));
      expect(urls).toEqual(
        expect.arrayContaining(['/api/auth/session', '/api/applications/me', '/api/settings/public']),
      );
    });
  });
});
