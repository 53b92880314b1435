import { z } from 'zod';

/** What the admin sign-in page needs to know about single sign-on (OpenID Connect). */
export const oidcConfigResponseSchema = z.object({
  enabled: z.boolean(),
  /** The button reads "Sign in with {provider_name}"; present when enabled. */
  provider_name: z.string().optional(),
});
export type OidcConfigResponse = z.infer<typeof oidcConfigResponseSchema>;

/** Where a sign-in may land: a path on this site, never an absolute or protocol-relative URL. */
export function isSafeRedirectPath(path: string): boolean {
  return (
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !path.startsWith('/\\') &&
    // Browsers drop tabs and newlines from URLs, so `/\t/evil.example` would become `//evil.example`.
    // eslint-disable-next-line no-control-regex
    !/[\u0000-\u001f\u007f\\]/.test(path)
  );
}

export const OIDC_DEFAULT_REDIRECT = '/admin';

export const oidcStartQuerySchema = z
  .object({
    redirect: z
      .string()
      .max(2048)
      .refine(isSafeRedirectPath, 'redirect must be a path on this site, starting with a single "/"')
      .optional(),
  })
  .strict();

/**
 * Why a single sign-on attempt came back to /admin/login (`?sso_error=`):
 * - denied: signed in at the provider, but not an admin here;
 * - expired: the attempt was unknown, expired, already used or its state did not match;
 * - failed: the provider refused or its answer did not check out (token exchange, ID token);
 * - unavailable: the provider could not be reached.
 */
export const OIDC_ERROR_CODES = ['denied', 'expired', 'failed', 'unavailable'] as const;
export type OidcErrorCode = (typeof OIDC_ERROR_CODES)[number];
