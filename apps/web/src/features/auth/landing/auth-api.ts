import type { LoginBody, PublicUser, RegisterBody } from '@lanyard/shared/auth';
import { api, unexpectedResponseError } from '@/lib/api-client';

// The landing page's requests, through the same client (its error rules) but checked by hand
// instead of with the zod response schemas: see docs/decisions/005-light-landing.md.

const USER_ROLES = new Set(['hacker', 'mentor', 'admin', 'volunteer', 'reviewer', 'sponsor']);

function isPublicUser(value: unknown): value is PublicUser {
  if (!value || typeof value !== 'object') return false;
  const u = value as Record<string, unknown>;
  return (
    typeof u.id === 'string' &&
    typeof u.email === 'string' &&
    typeof u.role === 'string' &&
    USER_ROLES.has(u.role) &&
    typeof u.applicationStatus === 'string' &&
    typeof u.emailVerified === 'boolean'
  );
}

function userOf(body: unknown): PublicUser {
  const user = body && typeof body === 'object' ? (body as { user?: unknown }).user : undefined;
  if (!isPublicUser(user)) {
    throw unexpectedResponseError(200);
  }
  return user;
}

/** The response's access_token is ignored: the session cookie is what the web app uses. */
export async function login(body: LoginBody): Promise<PublicUser> {
  return userOf(await api.post('/api/auth/login', body));
}

export async function register(body: RegisterBody): Promise<PublicUser> {
  return userOf(await api.post('/api/auth/register', body));
}

/**
 * GET /api/auth/session, its body unchecked: asked for at the first load of any address, while the
 * page's code downloads, and read by the landing page (fetchMe) or the full app (meQueryOptionsFrom).
 */
export function requestSession(): Promise<unknown> {
  return api.get('/api/auth/session');
}

/** The signed-in user of a session answer, or null when nobody is signed in (200 `{ user: null }`, not a 401). */
export async function fetchMe(session: Promise<unknown>): Promise<PublicUser | null> {
  const body = await session;
  if (body && typeof body === 'object' && (body as { user?: unknown }).user === null) return null;
  return userOf(body);
}
