import { describe, expect, it } from 'vitest';
import { mayOpenStaffArea, staffAreaOf, staffHome, staffMayReturnTo } from './staff-areas';

describe('staff areas', () => {
  it('sends each staff role home to its own area', () => {
    expect(staffHome('admin')).toBe('/admin');
    expect(staffHome('volunteer')).toBe('/checkin');
    expect(staffHome('reviewer')).toBe('/review');
  });

  it('lets admins open every area, and the others only their own', () => {
    expect(['admin', 'checkin', 'review'].every((a) => mayOpenStaffArea('admin', a as 'admin'))).toBe(true);
    expect(mayOpenStaffArea('reviewer', 'review')).toBe(true);
    expect(mayOpenStaffArea('reviewer', 'admin')).toBe(false);
    expect(mayOpenStaffArea('reviewer', 'checkin')).toBe(false);
    expect(mayOpenStaffArea('volunteer', 'review')).toBe(false);
    expect(mayOpenStaffArea('hacker', 'review')).toBe(false);
    expect(mayOpenStaffArea(undefined, 'admin')).toBe(false);
  });

  it('reads the area of a path, the sign-in page being none', () => {
    expect(staffAreaOf('/review?application=1')).toBe('review');
    expect(staffAreaOf('/checkin')).toBe('checkin');
    expect(staffAreaOf('/admin?tab=settings')).toBe('admin');
    expect(staffAreaOf('/admin/login')).toBeNull();
    expect(staffAreaOf('/reviewers')).toBeNull();
    expect(staffAreaOf('/dashboard')).toBeNull();
  });

  it('returns a reviewer only to a review page after sign-in', () => {
    expect(staffMayReturnTo('reviewer', '/review')).toBe(true);
    expect(staffMayReturnTo('reviewer', '/admin')).toBe(false);
    expect(staffMayReturnTo('volunteer', '/checkin?search=a')).toBe(true);
    expect(staffMayReturnTo('volunteer', '/review')).toBe(false);
    expect(staffMayReturnTo('admin', '/review')).toBe(true);
  });
});
