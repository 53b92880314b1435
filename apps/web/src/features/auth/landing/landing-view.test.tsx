import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { PublicUser } from '@lanyard/shared/auth';
import { testEventConfig } from '@/testing';
import { LandingView } from './landing-view';
import { readInjectedConfig } from './light-entry';

const toastMock = vi.hoisted(() => ({ showErrorToast: vi.fn() }));
vi.mock('./toast', () => toastMock);

const event = testEventConfig({ tagline: 'Build things.' });

const user: PublicUser = {
  id: '8d3c6f8e-4a7b-4c1e-9f4a-2b7d9e1c3a5f',
  email: 'ada@example.org',
  role: 'hacker',
  applicationStatus: 'not_started',
  emailVerified: false,
};

const PASSWORD = 'Correct-horse-battery-9';

let fetchMock: ReturnType<typeof vi.fn>;
function answer(status: number, body: unknown) {
  fetchMock.mockResolvedValue(Response.json(body, { status }));
}

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastMock.showErrorToast.mockReset();
});

function renderLanding() {
  const onSignedIn = vi.fn();
  render(<LandingView event={event} onSignedIn={onSignedIn} busy={false} />);
  return { onSignedIn };
}

function signInForm() {
  return screen.getByRole('form', { name: 'Sign in' });
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
}

function openRegister() {
  fireEvent.click(screen.getByRole('tab', { name: 'Register' }));
  return screen.getByRole('form', { name: 'Create an account' });
}

function sentBody(): unknown {
  const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
  return JSON.parse(String(init.body));
}

describe('LandingView', () => {
  it('shows the event and the sign-in card with its links', () => {
    renderLanding();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Test Hacks I');
    expect(screen.getByText('Build things.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('link', { name: 'Admin Portal Access' }).getAttribute('href')).toBe('/admin');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('switches between the cards with the arrow keys', () => {
    renderLanding();
    const signIn = screen.getByRole('tab', { name: 'Sign In' });
    fireEvent.keyDown(signIn, { key: 'ArrowRight' });
    const register = screen.getByRole('tab', { name: 'Register' });
    expect(register.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(register);
    expect(screen.getByRole('form', { name: 'Create an account' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Sign in' })).toBeNull();
    fireEvent.keyDown(register, { key: 'Home' });
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeTruthy();
  });

  it('an empty sign-in shows the required messages, focuses the e-mail and sends nothing', () => {
    renderLanding();
    fireEvent.submit(signInForm());
    expect(document.getElementById('signin-email-error')?.textContent).toBe('Email is required');
    expect(document.getElementById('signin-password-error')?.textContent).toBe('Password is required');
    const email = screen.getByLabelText('Email', { exact: true });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe('signin-email-error');
    expect(document.activeElement).toBe(email);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('after a submit, the messages follow what is typed', () => {
    renderLanding();
    fill('Email', 'not-an-address');
    fireEvent.submit(signInForm());
    expect(document.getElementById('signin-email-error')?.textContent).toBe('Enter a valid email address');
    fill('Email', 'ada@example.org');
    expect(document.getElementById('signin-email-error')).toBeNull();
  });

  it('signs in with the trimmed, lower-cased address and hands the user on', async () => {
    answer(200, { access_token: 't', user });
    const { onSignedIn } = renderLanding();
    fill('Email', ' Ada@Example.org ');
    fill('Password', PASSWORD);
    fireEvent.submit(signInForm());
    expect(screen.getByRole('button', { name: /Signing in/ })).toHaveProperty('disabled', true);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(user));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/login');
    expect(sentBody()).toEqual({ email: 'ada@example.org', password: PASSWORD });
  });

  it('a refused sign-in shows "Login failed" with the server message', async () => {
    answer(401, { error: 'Invalid email or password' });
    const { onSignedIn } = renderLanding();
    fill('Email', 'ada@example.org');
    fill('Password', 'wrong-password');
    fireEvent.submit(signInForm());
    await waitFor(() =>
      expect(toastMock.showErrorToast).toHaveBeenCalledWith('Login failed', 'Invalid email or password'),
    );
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Sign In' })).toHaveProperty('disabled', false);
  });

  it('an unreachable server shows "Network error"', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderLanding();
    fill('Email', 'ada@example.org');
    fill('Password', PASSWORD);
    fireEvent.submit(signInForm());
    await waitFor(() =>
      expect(toastMock.showErrorToast).toHaveBeenCalledWith('Login failed', 'Network error'),
    );
  });

  it('a malformed answer is not taken for a signed-in user', async () => {
    answer(200, { user: { id: 1 } });
    const { onSignedIn } = renderLanding();
    fill('Email', 'ada@example.org');
    fill('Password', PASSWORD);
    fireEvent.submit(signInForm());
    await waitFor(() =>
      expect(toastMock.showErrorToast).toHaveBeenCalledWith(
        'Login failed',
        'The server sent an unexpected response.',
      ),
    );
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('mismatched passwords: inline error and toast, nothing sent', () => {
    renderLanding();
    const form = openRegister();
    fill('Email', 'ada@example.org');
    fill('Password', PASSWORD);
    fill('Confirm Password', PASSWORD + 'x');
    fireEvent.submit(form);
    expect(document.getElementById('register-confirm-password-error')?.textContent).toBe(
      "Passwords don't match",
    );
    expect(screen.getByLabelText('Confirm Password', { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(fetchMock).not.toHaveBeenCalled();
    expect(toastMock.showErrorToast).toHaveBeenCalledWith(
      "Passwords don't match",
      'Please make sure both password fields are identical.',
    );
  });

  it('a short password and an empty confirmation show their messages without a toast', () => {
    renderLanding();
    const form = openRegister();
    fill('Email', 'ada@example.org');
    fill('Password', 'short');
    fireEvent.submit(form);
    expect(document.getElementById('register-password-error')?.textContent).toBe(
      'Password must be at least 8 characters',
    );
    expect(document.getElementById('register-password-hint')).toBeNull();
    expect(document.getElementById('register-confirm-password-error')?.textContent).toBe(
      'Please confirm your password',
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Password', { exact: true }));
    expect(toastMock.showErrorToast).not.toHaveBeenCalled();
  });

  it('registers a mentor', async () => {
    const mentor = { ...user, role: 'mentor' as const };
    answer(201, { access_token: 't', user: mentor });
    const { onSignedIn } = renderLanding();
    const form = openRegister();
    fill('Email', 'ada@example.org');
    fill('Password', PASSWORD);
    fill('Confirm Password', PASSWORD);
    fireEvent.click(screen.getByLabelText('Mentor', { exact: true }));
    fireEvent.submit(form);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(mentor));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/register');
    expect(sentBody()).toEqual({ email: 'ada@example.org', password: PASSWORD, role: 'mentor' });
  });

  it('a taken address shows "Registration failed" with the server message', async () => {
    answer(409, { error: 'An account with this email already exists.' });
    renderLanding();
    const form = openRegister();
    fill('Email', 'ada@example.org');
    fill('Password', PASSWORD);
    fill('Confirm Password', PASSWORD);
    fireEvent.submit(form);
    await waitFor(() =>
      expect(toastMock.showErrorToast).toHaveBeenCalledWith(
        'Registration failed',
        'An account with this email already exists.',
      ),
    );
  });

  it('stays disabled while the page moves on', () => {
    render(<LandingView event={event} onSignedIn={vi.fn()} busy />);
    expect(screen.getByRole('button', { name: /Signing in/ })).toHaveProperty('disabled', true);
  });
});

describe('readInjectedConfig', () => {
  function docWith(text: string | null): Document {
    const doc = document.implementation.createHTMLDocument();
    if (text !== null) {
      const el = doc.createElement('script');
      el.id = 'event-config';
      el.type = 'application/json';
      el.textContent = text;
      doc.head.append(el);
    }
    return doc;
  }

  it('reads the config the server injected', () => {
    expect(readInjectedConfig(docWith(JSON.stringify(event)))).toEqual(event);
  });

  it('leaves a missing, broken or odd config to the full app', () => {
    expect(readInjectedConfig(docWith(null))).toBeNull();
    expect(readInjectedConfig(docWith('{not json'))).toBeNull();
    expect(readInjectedConfig(docWith(JSON.stringify({ ...event, brandColor: 'red' })))).toBeNull();
    expect(readInjectedConfig(docWith(JSON.stringify({ ...event, venue: null })))).toBeNull();
  });
});
