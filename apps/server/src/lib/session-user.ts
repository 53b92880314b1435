import type { UserRole } from '@lanyard/shared/constants';

/**
 * The signed-in caller as a session lookup finds them. Its own file, below both the session store
 * (modules/auth/sessions.ts) and the read cache that keeps lookups (lib/read-cache.ts), so neither
 * imports the other.
 */
export interface SessionUser {
  id: string;
  email: string;
  role: UserRole;
  emailVerified: boolean;
  sessionId: string;
}
