import { beforeEach, describe, expect, it } from 'vitest';
import {
  REDIRECT_AFTER_LOGIN_KEY,
  saveRedirectAfterLogin,
  takeRedirectAfterLogin,
} from './redirect-after-login';

beforeEach(() => localStorage.clear());

describe('redirectAfterLogin', () => {
  it('saves the path with its search, and take() clears it', () => {
    saveRedirectAfterLogin('/dashboard?tab=1');
    expect(localStorage.getItem(REDIRECT_AFTER_LOGIN_KEY)).toBe('/dashboard?tab=1');
    expect(takeRedirectAfterLogin()).toBe('/dashboard?tab=1');
    expect(localStorage.getItem(REDIRECT_AFTER_LOGIN_KEY)).toBeNull();
    expect(takeRedirectAfterLogin()).toBeNull();
  });

  it('never saves / or /admin/login', () => {
    saveRedirectAfterLogin('/');
    saveRedirectAfterLogin('/admin/login');
    expect(localStorage.getItem(REDIRECT_AFTER_LOGIN_KEY)).toBeNull();
  });

  it('refuses paths that would leave the site', () => {
    localStorage.setItem(REDIRECT_AFTER_LOGIN_KEY, '//evil.example/x');
    expect(takeRedirectAfterLogin()).toBeNull();
  });

  it('clears a path the caller does not accept', () => {
    saveRedirectAfterLogin('/admin');
    expect(takeRedirectAfterLogin((p) => p !== '/admin')).toBeNull();
    expect(localStorage.getItem(REDIRECT_AFTER_LOGIN_KEY)).toBeNull();
  });
});
