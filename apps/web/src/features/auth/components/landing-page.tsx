import { Link as RouterLink, Navigate } from 'react-router';
import { POST_LOGIN_NAVIGATION_DELAY_MS } from '@lanyard/shared/constants';
import { useEventConfig } from '@/config/event-config';
import { useUser } from '@/api/get-me';
import { usePageTitle } from '@/lib/use-page-title';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { acceptRedirect, homeFor } from '../landing/home';
import type { LinkProps } from '../landing/landing-link';
import { LandingView } from '../landing/landing-view';

function AppLink({ href, className, children }: LinkProps) {
  return (
    <RouterLink to={href} className={className}>
      {children}
    </RouterLink>
  );
}

/**
 * The landing page when the app navigates to `/` (sign-out, "Return to Home"). A first load of `/`
 * renders the same LandingView from the light entry instead (docs/decisions/005-light-landing.md).
 */
export function LandingPage() {
  usePageTitle();
  const event = useEventConfig();
  const { data: user } = useUser();
  const { completeSignIn, isCompleting } = useCompleteSignIn({
    fallback: homeFor,
    accept: acceptRedirect,
    delayMs: POST_LOGIN_NAVIGATION_DELAY_MS,
  });

  // Already signed in: straight on. Held back while our own sign-in navigates.
  if (user && !isCompleting) return <Navigate to={homeFor(user)} replace />;

  return <LandingView event={event} onSignedIn={completeSignIn} busy={isCompleting} Link={AppLink} />;
}
