import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { PublicUser } from '@lanyard/shared/auth';
import { REDIRECT_AFTER_LOGIN_KEY } from '@/lib/auth/redirect-after-login';
import { renderWithProviders } from '@/testing';
import { ProtectedRoute, StaffRoute } from './guards';

const hacker: PublicUser = {
  id: '8d3c6f8e-4a7b-4c1e-9f4a-2b7d9e1c3a5f',
  email: 'h@example.org',
  role: 'hacker',
  applicationStatus: 'not_started',
  emailVerified: true,
};
const admin: PublicUser = { ...hacker, email: 'a@example.org', role: 'admin', applicationStatus: 'admin' };
const reviewer: PublicUser = { ...admin, email: 'r@example.org', role: 'reviewer' };
const volunteer: PublicUser = { ...admin, email: 'v@example.org', role: 'volunteer' };

function renderAt(path: string, user: PublicUser | null | 'loading') {
  if (user === 'loading') {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
  }
  const { router } = renderWithProviders(
    [
      { path: '/', element: <p>Landing</p> },
      { path: '/admin/login', element: <p>Admin sign-in</p> },
      {
        path: '/dashboard',
        element: (
          <ProtectedRoute>
            <p>Dashboard</p>
          </ProtectedRoute>
        ),
      },
      {
        path: '/hacker-only',
        element: (
          <ProtectedRoute requiredRole="hacker">
            <p>Hacker page</p>
          </ProtectedRoute>
        ),
      },
      {
        path: '/admin',
        element: (
          <StaffRoute area="admin">
            <p>Admin page</p>
          </StaffRoute>
        ),
      },
      {
        path: '/checkin',
        element: (
          <StaffRoute area="checkin">
            <p>Check-in page</p>
          </StaffRoute>
        ),
      },
      {
        path: '/review',
        element: (
          <StaffRoute area="review">
            <p>Review page</p>
          </StaffRoute>
        ),
      },
    ],
    { path, ...(user === 'loading' ? {} : { user }) },
  );
  return router;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ProtectedRoute', () => {
  it('shows "Loading..." while the session loads', async () => {
    renderAt('/dashboard', 'loading');
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Loading...');
    expect(screen.queryByText('Dashboard')).toBeNull();
  });

  it('sends a signed-out visitor to / and remembers the path with its search', async () => {
    const router = renderAt('/dashboard?from=mail', null);
    expect(await screen.findByText('Landing')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem(REDIRECT_AFTER_LOGIN_KEY)).toBe('/dashboard?from=mail');
  });

  it('lets a signed-in user through', async () => {
    renderAt('/dashboard', hacker);
    expect(await screen.findByText('Dashboard')).toBeTruthy();
    expect(localStorage.getItem(REDIRECT_AFTER_LOGIN_KEY)).toBeNull();
  });

  it('sends the wrong role to /dashboard', async () => {
    const router = renderAt('/hacker-only', { ...hacker, role: 'mentor' });
    expect(await screen.findByText('Dashboard')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('StaffRoute (/admin, /checkin, /review)', () => {
  it('sends a signed-out visitor to /admin/login and remembers /admin', async () => {
    renderAt('/admin', null);
    expect(await screen.findByText('Admin sign-in')).toBeTruthy();
    expect(localStorage.getItem(REDIRECT_AFTER_LOGIN_KEY)).toBe('/admin');
  });

  it('sends an applicant to /admin/login without remembering anything', async () => {
    renderAt('/checkin', hacker);
    expect(await screen.findByText('Admin sign-in')).toBeTruthy();
    expect(localStorage.getItem(REDIRECT_AFTER_LOGIN_KEY)).toBeNull();
  });

  it('lets an admin in', async () => {
    renderAt('/checkin', admin);
    expect(await screen.findByText('Check-in page')).toBeTruthy();
  });

  it('lets an admin open /review too', async () => {
    renderAt('/review', admin);
    expect(await screen.findByText('Review page')).toBeTruthy();
  });

  it('sends a reviewer from /admin and /checkin to /review', async () => {
    const router = renderAt('/admin', reviewer);
    expect(await screen.findByText('Review page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/review');
    cleanup();
    const again = renderAt('/checkin', reviewer);
    expect(await screen.findByText('Review page')).toBeTruthy();
    expect(again.state.location.pathname).toBe('/review');
  });

  it('lets a reviewer into /review, and keeps a volunteer out of it', async () => {
    renderAt('/review', reviewer);
    expect(await screen.findByText('Review page')).toBeTruthy();
    cleanup();
    const router = renderAt('/review', volunteer);
    expect(await screen.findByText('Check-in page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/checkin');
  });

  it('sends a signed-out visitor from /review to /admin/login and remembers /review', async () => {
    renderAt('/review', null);
    expect(await screen.findByText('Admin sign-in')).toBeTruthy();
    expect(localStorage.getItem(REDIRECT_AFTER_LOGIN_KEY)).toBe('/review');
  });

  it('sends an applicant from /review to /admin/login', async () => {
    renderAt('/review', hacker);
    expect(await screen.findByText('Admin sign-in')).toBeTruthy();
  });
});
