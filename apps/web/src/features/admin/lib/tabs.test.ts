import { describe, expect, it } from 'vitest';
import { ADMIN_TABS, readAdminTab, writeAdminTab } from './tabs';

describe('admin tab in the URL', () => {
  it('defaults to users and ignores unknown tabs', () => {
    expect(readAdminTab(new URLSearchParams())).toBe('users');
    expect(readAdminTab(new URLSearchParams('tab=checkin'))).toBe('users');
    expect(readAdminTab(new URLSearchParams('tab=bulk-actions'))).toBe('bulk-actions');
    expect(readAdminTab(new URLSearchParams('tab=rsvp'))).toBe('rsvp');
    expect(readAdminTab(new URLSearchParams('tab=emails'))).toBe('emails');
    expect(readAdminTab(new URLSearchParams('tab=reviewers'))).toBe('reviewers');
  });

  it('lists the tabs in their fixed order, reviewers beside applications, e-mails, announcements, then insights last', () => {
    expect(ADMIN_TABS).toEqual([
      'users',
      'applications',
      'reviewers',
      'rsvp',
      'bulk-actions',
      'settings',
      'emails',
      'announcements',
      'insights',
    ]);
  });

  it('writes the tab and keeps the filters', () => {
    const out = writeAdminTab(new URLSearchParams('app_status=accepted'), 'applications');
    expect(out.toString()).toBe('app_status=accepted&tab=applications');
    expect(writeAdminTab(out, 'users').toString()).toBe('app_status=accepted');
  });
});
