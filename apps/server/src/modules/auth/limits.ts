import type { FastifyRequest } from 'fastify';
import { clientIp } from '../../lib/client-ip';
import { hashToken } from '../../lib/tokens';
import { perIp, perUser, type RouteRateLimit } from '../../plugins/rate-limits';

/** The e-mail of a body the route's schema has already checked. */
const bodyEmail = (request: FastifyRequest) => (request.body as { email: string }).email;

/**
 * Failed sign-ins to one account from anywhere: 20 in a 15-minute window lock its sign-in until
 * the window ends. Unknown addresses count the same (no enumeration). The owner is never stuck:
 * a completed password reset proves the mailbox and clears the counter (`accountSignInKey`).
 */
export const accountSignInKey = (email: string) => `login:account:${email}`;

/**
 * Both sign-in pages share one set of counters. Only failures count: people who sign in often are
 * never locked out, guessers are. The account's own counter stops a guesser who spreads attempts
 * over many addresses.
 */
export const SIGN_IN_LIMIT: RouteRateLimit = {
  countOnly: ['invalid_credentials'],
  limits: [
    {
      key: (request) => `login:ip-email:${clientIp(request)}:${bodyEmail(request)}`,
      max: 10,
      windowSeconds: 600,
    },
    perIp('login', 100, 600),
    {
      key: (request) => accountSignInKey(bodyEmail(request)),
      max: 20,
      windowSeconds: 900,
      message:
        'Too many failed sign-in attempts for this account. Please wait a few minutes, or reset your password with "Forgot password?".',
    },
  ],
};

export const REGISTER_LIMIT: RouteRateLimit = { limits: [perIp('register', 60, 600)] };

/** Every request counts: each one may send an e-mail. */
export const RESET_REQUEST_LIMIT: RouteRateLimit = {
  limits: [
    {
      // Keyed by a hash: the limit needs to recognise the address, not to keep it readable.
      key: (request) => `reset:email:${hashToken(request.server.config.sessionSecret, bodyEmail(request))}`,
      max: 5,
      windowSeconds: 900,
    },
    perIp('reset', 30, 900),
  ],
};

/**
 * Only wrong codes and links count: a campus behind one NAT address verifies hundreds of accounts
 * on deadline night, while someone guessing tokens is stopped.
 */
export const RESET_CODE_LIMIT: RouteRateLimit = {
  countOnly: ['invalid_token'],
  limits: [perIp('reset-verify', 30, 900)],
};
export const VERIFY_LINK_LIMIT: RouteRateLimit = {
  countOnly: ['invalid_token'],
  limits: [perIp('verify', 30, 900)],
};

export const RESEND_VERIFICATION_LIMIT: RouteRateLimit = { limits: [perUser('verify-resend', 3, 900)] };
