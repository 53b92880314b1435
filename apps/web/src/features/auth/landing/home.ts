import type { PublicUser } from '@lanyard/shared/auth';
import { paths } from '@/config/paths';
import { isAdminAreaPath, takeRedirectAfterLogin } from '@/lib/auth/redirect-after-login';

export function homeFor(user: Pick<PublicUser, 'role'>): string {
  return user.role === 'admin' ? paths.admin : paths.dashboard;
}

/** An applicant is never sent on to the admin area they once tried to open. */
export function acceptRedirect(path: string, user: Pick<PublicUser, 'role'>): boolean {
  return user.role === 'admin' || !isAdminAreaPath(path);
}

/** Where the landing page sends someone who just signed in: the saved page (cleared), else home. */
export function landingTarget(user: Pick<PublicUser, 'role'>): string {
  return takeRedirectAfterLogin((path) => acceptRedirect(path, user)) ?? homeFor(user);
}
