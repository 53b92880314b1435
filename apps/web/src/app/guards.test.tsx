import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { PublicUser } from '@lanyard/shared/auth';
import { REDIRECT_AFTER_LOGIN_KEY } from '@/lib/auth/redirect-after-login';
import { renderWithProviders } from '@/testing';
import { AdminRoute, ProtectedRoute } from './guards';

const hacker: PublicUser = {
  id: '8d3c6f8e-4a7b-4c1e-9f4a-2b7d9e1c3a5f',
  email: 'h@example.org',
  role: 'hacker',
  applicationStatus: 'not_started',
  emailVerified: true,
};
const admin: PublicUser = { ...hacker, email: 'a@example.org', role: 'admin', applicationStatus: 'admin' };

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
          <AdminRoute>
            <p>Admin page</p>
          </AdminRoute>
        ),
      },
      {
        path: '/checkin',
        element: (
          <AdminRoute>
            <p>Check-in page</p>
          </AdminRoute>
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

describe('AdminRoute (/admin, /checkin)', () => {
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
});
