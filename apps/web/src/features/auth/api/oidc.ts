import { queryOptions, useQuery } from '@tanstack/react-query';
import { oidcConfigResponseSchema, type OidcErrorCode } from '@lanyard/shared/oidc';
import { api } from '@/lib/api-client';
import { paths } from '@/config/paths';

/** Whether admins may sign in with the organisation's identity provider, and its name. */
export function getOidcConfig(signal?: AbortSignal) {
  return api.get('/api/auth/oidc/config', { schema: oidcConfigResponseSchema, signal });
}

export const oidcConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'oidc-config'],
    queryFn: ({ signal }) => getOidcConfig(signal),
    staleTime: Infinity,
    // Without it the page simply offers the password form.
    retry: false,
  });

export function useOidcConfig() {
  return useQuery(oidcConfigQueryOptions());
}

/** Where the provider's round trip ends: back on the admin sign-in page, which finishes the sign-in. */
export const SSO_RETURN_PATH = `${paths.adminLogin}?sso=success`;

/** The full-page navigation that starts single sign-on (no popup): the server redirects to the provider. */
export function oidcStartUrl(returnPath: string = SSO_RETURN_PATH): string {
  return `/api/auth/oidc/start?redirect=${encodeURIComponent(returnPath)}`;
}

/** The text under "Access Denied" for each `?sso_error=` the server sends back. */
export function ssoErrorMessage(code: string): string {
  switch (code as OidcErrorCode) {
    case 'expired':
      return 'Your sign-in took too long or was interrupted. Please try again.';
    case 'failed':
      return 'Single sign-on could not be completed. Please try again.';
    case 'unavailable':
      return 'The sign-in provider could not be reached. Please try again shortly.';
    case 'denied':
    default:
      return 'Invalid admin credentials or not authorized.';
  }
}
