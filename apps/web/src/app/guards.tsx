import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { isStaffRole, type UserRole } from '@lanyard/shared/constants';
import { LoadingScreen } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useUser } from '@/api/get-me';
import { saveRedirectAfterLogin } from '@/lib/auth/redirect-after-login';
import { scannerUser } from '@/lib/auth/scanner-data';
import { mayOpenStaffArea, staffHome, type StaffArea } from '@/lib/auth/staff-areas';

/** Sends a signed-out visitor to `to`, remembering where they were going. */
function RedirectToSignIn({ to }: { to: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const from = location.pathname + location.search;
  useEffect(() => {
    saveRedirectAfterLogin(from);
    void navigate(to, { replace: true });
  }, [from, navigate, to]);
  return <LoadingScreen />;
}

/** A wrong role goes to /admin when the route needs an admin, else to /dashboard. */
export function defaultWrongRoleRedirect(requiredRole: UserRole): string {
  return requiredRole === 'admin' ? paths.admin : paths.dashboard;
}

interface ProtectedRouteProps {
  children: ReactNode;
  /** Omit for "any signed-in user". */
  requiredRole?: UserRole;
  /** Where signed-out visitors go. */
  redirectTo?: string;
  /** Where signed-in users without the role go (defaults to /admin for an admin route, else /dashboard). */
  wrongRoleRedirectTo?: string;
}

export function ProtectedRoute({
  children,
  requiredRole,
  redirectTo = paths.home,
  wrongRoleRedirectTo,
}: ProtectedRouteProps) {
  const { data: user, isPending } = useUser();
  if (isPending) return <LoadingScreen />;
  // No user, or the session could not be restored: signed out, as a failed session restore logs the user out.
  if (!user) return <RedirectToSignIn to={redirectTo} />;
  if (requiredRole && user.role !== requiredRole) {
    return <Navigate to={wrongRoleRedirectTo ?? defaultWrongRoleRedirect(requiredRole)} replace />;
  }
  return children;
}

/**
 * The staff areas (/admin, /checkin, /review): everyone who is not staff (signed out or an
 * applicant) goes to /admin/login; staff without access to this area go to their own
 * (a reviewer opening /admin lands on /review). The rule is lib/auth/staff-areas.ts.
 */
export function StaffRoute({ children, area }: { children: ReactNode; area: StaffArea }) {
  const { data: user } = useUser();
  const role = user?.role;
  if (isStaffRole(role)) {
    if (!mayOpenStaffArea(role, area)) return <Navigate to={staffHome(role)} replace />;
    return <ProtectedRoute redirectTo={paths.adminLogin}>{children}</ProtectedRoute>;
  }
  return (
    <ProtectedRoute requiredRole="admin" redirectTo={paths.adminLogin} wrongRoleRedirectTo={paths.adminLogin}>
      {children}
    </ProtectedRoute>
  );
}

/**
 * The station scanner's guard: a staff area like any other, except that without network (the
 * session cannot be asked about) the staff member who last opened the scanner on this device is let
 * in, to keep scanning against the device's own snapshot. Sign-out forgets them.
 */
export function OfflineStaffRoute({ children, area }: { children: ReactNode; area: StaffArea }) {
  const { data: user, isError } = useUser();
  const remembered = scannerUser();
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  if (!user && remembered && mayOpenStaffArea(remembered.role, area) && (offline || isError)) return children;
  return <StaffRoute area={area}>{children}</StaffRoute>;
}
