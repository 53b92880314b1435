import { describe, expect, it } from 'vitest';
import { readAdminTab, writeAdminTab } from './tabs';

describe('admin tab in the URL', () => {
  it('defaults to users and ignores unknown tabs', () => {
    expect(readAdminTab(new URLSearchParams())).toBe('users');
    expect(readAdminTab(new URLSearchParams('tab=rsvp'))).toBe('users');
    expect(readAdminTab(new URLSearchParams('tab=bulk-actions'))).toBe('bulk-actions');
  });

  it('writes the tab and keeps the filters', () => {
    const out = writeAdminTab(new URLSearchParams('app_status=accepted'), 'applications');
    expect(out.toString()).toBe('app_status=accepted&tab=applications');
    expect(writeAdminTab(out, 'users').toString()).toBe('app_status=accepted');
  });
});
