import type { PublicUser } from '@lanyard/shared/auth';
import { isStaffRole } from '@lanyard/shared/constants';
import { paths } from '@/config/paths';
import { isAdminAreaPath, takeRedirectAfterLogin } from '@/lib/auth/redirect-after-login';
import { staffHome, staffMayReturnTo } from '@/lib/auth/staff-areas';

/** Staff go to their own area (a reviewer to /review), applicants to the dashboard. */
export function homeFor(user: Pick<PublicUser, 'role'>): string {
  return isStaffRole(user.role) ? staffHome(user.role) : paths.dashboard;
}

/** An applicant is never sent on to the admin area they once tried to open; staff only to their own. */
export function acceptRedirect(path: string, user: Pick<PublicUser, 'role'>): boolean {
  return isStaffRole(user.role) ? staffMayReturnTo(user.role, path) : !isAdminAreaPath(path);
}

/** Where the landing page sends someone who just signed in: the saved page (cleared), else home. */
export function landingTarget(user: Pick<PublicUser, 'role'>): string {
  return takeRedirectAfterLogin((path) => acceptRedirect(path, user)) ?? homeFor(user);
}
