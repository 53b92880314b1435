import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { PublicUser } from '@lanyard/shared/auth';
import type { OidcConfigResponse } from '@lanyard/shared/oidc';
import { REDIRECT_AFTER_LOGIN_KEY } from '@/lib/auth/redirect-after-login';
import { renderWithProviders } from '@/testing';
import { AdminLoginPage } from './admin-login-page';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), dismiss: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock, Toaster: () => null }));

const admin: PublicUser = {
  id: '8d3c6f8e-4a7b-4c1e-9f4a-2b7d9e1c3a5f',
  email: 'boss@example.org',
  role: 'admin',
  applicationStatus: 'admin',
  emailVerified: true,
};

function renderAt(path: string, opts: { oidc: OidcConfigResponse; user: PublicUser | null }) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/api/auth/oidc/config')) return Promise.resolve(Response.json(opts.oidc));
      return Promise.resolve(Response.json({ error: 'Please sign in to continue.' }, { status: 401 }));
    }),
  );
  const { router } = renderWithProviders(
    [
      { path: '/admin/login', element: <AdminLoginPage /> },
      { path: '/admin', element: <p>Admin page</p> },
      { path: '/checkin', element: <p>Check-in page</p> },
      { path: '/review', element: <p>Review page</p> },
    ],
    { path, user: opts.user },
  );
  return router;
}

const assign = vi.fn();
beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('admin single sign-on', () => {
  it('shows no provider button when single sign-on is off', async () => {
    renderAt('/admin/login', { oidc: { enabled: false }, user: null });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeDefined();
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: /Sign in with/ })).toBeNull();
  });

  it('offers "Sign in with" the provider and starts a full-page redirect through the server', async () => {
    renderAt('/admin/login', { oidc: { enabled: true, provider_name: 'Example ID' }, user: null });
    const button = await screen.findByRole('button', { name: 'Sign in with Example ID' });
    fireEvent.click(button);
    expect(assign).toHaveBeenCalledWith('/api/auth/oidc/start?redirect=%2Fadmin%2Flogin%3Fsso%3Dsuccess');
    expect(await screen.findByText('Signing in...')).toBeDefined();
  });

  it('says "Access Denied" when the server refused the provider account', async () => {
    const router = renderAt('/admin/login?sso_error=denied', {
      oidc: { enabled: true, provider_name: 'Example ID' },
      user: null,
    });
    await waitFor(() =>
      expect(toastMock.error).toHaveBeenCalledWith('Access Denied', {
        id: 'sso-error',
        description: 'Invalid admin credentials or not authorized.',
      }),
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('back from the provider, grants access and goes to the saved page', async () => {
    localStorage.setItem(REDIRECT_AFTER_LOGIN_KEY, '/checkin');
    const router = renderAt('/admin/login?sso=success', {
      oidc: { enabled: true, provider_name: 'Example ID' },
      user: admin,
    });
    expect(await screen.findByText('Check-in page')).toBeDefined();
    expect(router.state.location.pathname).toBe('/checkin');
    expect(toastMock.success).toHaveBeenCalledWith('Admin Access Granted');
    expect(localStorage.getItem(REDIRECT_AFTER_LOGIN_KEY)).toBeNull();
  });
});

describe('the greeting after sign-in', () => {
  it('greets a volunteer with check-in wording, and an admin with the admin wording', async () => {
    const volunteer = { ...admin, id: 'vol-1', email: 'door@example.org', role: 'volunteer' } as typeof admin;
    renderAt('/admin/login?sso=success', {
      oidc: { enabled: true, provider_name: 'Example ID' },
      user: volunteer,
    });
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Check-in Access Granted'));
    expect(toastMock.success).not.toHaveBeenCalledWith('Admin Access Granted');
  });

  it('greets a reviewer with review wording and lands them on /review', async () => {
    const reviewer = { ...admin, id: 'rev-1', email: 'reader@example.org', role: 'reviewer' } as typeof admin;
    const router = renderAt('/admin/login?sso=success', {
      oidc: { enabled: true, provider_name: 'Example ID' },
      user: reviewer,
    });
    expect(await screen.findByText('Review page')).toBeDefined();
    expect(router.state.location.pathname).toBe('/review');
    expect(toastMock.success).toHaveBeenCalledWith('Review Access Granted');
  });

  it('never returns a reviewer to a saved /admin page: /review instead', async () => {
    localStorage.setItem(REDIRECT_AFTER_LOGIN_KEY, '/admin?tab=settings');
    const reviewer = {
      ...admin,
      id: 'rev-2',
      email: 'reader2@example.org',
      role: 'reviewer',
    } as typeof admin;
    const router = renderAt('/admin/login?sso=success', {
      oidc: { enabled: true, provider_name: 'Example ID' },
      user: reviewer,
    });
    expect(await screen.findByText('Review page')).toBeDefined();
    expect(router.state.location.pathname).toBe('/review');
  });

  it('sends a reviewer who is already signed in straight to /review', async () => {
    const reviewer = {
      ...admin,
      id: 'rev-3',
      email: 'reader3@example.org',
      role: 'reviewer',
    } as typeof admin;
    const router = renderAt('/admin/login', { oidc: { enabled: false }, user: reviewer });
    expect(await screen.findByText('Review page')).toBeDefined();
    expect(router.state.location.pathname).toBe('/review');
  });
});
