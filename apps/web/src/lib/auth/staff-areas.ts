import { isStaffRole, type StaffRole } from '@lanyard/shared/constants';
import { paths } from '@/config/paths';

/**
 * Where each staff role works: the one rule the route guards, the admin sign-in and the landing
 * page follow. Admins open every staff area but the resume book; a volunteer only check-in, a
 * reviewer only review, a sponsor only the resume book.
 * A Record, so a new staff role cannot be left without a home.
 */
export const STAFF_HOME: Record<StaffRole, string> = {
  admin: paths.admin,
  volunteer: paths.checkin,
  reviewer: paths.review,
  sponsor: paths.sponsor,
};

export type StaffArea = 'admin' | 'checkin' | 'review' | 'sponsor';

const AREA_PATH: Record<StaffArea, string> = {
  admin: paths.admin,
  checkin: paths.checkin,
  review: paths.review,
  sponsor: paths.sponsor,
};

const AREAS_OF: Record<StaffRole, readonly StaffArea[]> = {
  admin: ['admin', 'checkin', 'review'],
  volunteer: ['checkin'],
  reviewer: ['review'],
  // The resume book, and nothing else; admins do not open it (they manage sponsors from /admin).
  sponsor: ['sponsor'],
};

export function staffHome(role: StaffRole): string {
  return STAFF_HOME[role];
}

export function mayOpenStaffArea(role: string | null | undefined, area: StaffArea): boolean {
  return isStaffRole(role) && AREAS_OF[role].includes(area);
}

/** The staff area a path belongs to (`/admin/login` is the sign-in, not an area), or null. */
export function staffAreaOf(path: string): StaffArea | null {
  const pathname = path.split(/[?#]/)[0] ?? '';
  if (pathname === paths.adminLogin) return null;
  for (const [area, base] of Object.entries(AREA_PATH) as [StaffArea, string][]) {
    if (pathname === base || pathname.startsWith(base + '/')) return area;
  }
  return null;
}

/**
 * Whether a page saved before sign-in suits this staff member: an admin goes anywhere; a volunteer
 * or reviewer only back to a page of their own area (never, say, /admin, which would bounce them).
 */
export function staffMayReturnTo(role: StaffRole, path: string): boolean {
  if (role === 'admin') return true;
  const area = staffAreaOf(path);
  return area !== null && AREAS_OF[role].includes(area);
}
