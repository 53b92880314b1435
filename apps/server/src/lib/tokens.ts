import crypto from 'node:crypto';

/** An unguessable opaque token: 256 random bits. */
export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Tokens are stored only as keyed hashes, so a database copy cannot be replayed as sessions or links. */
export function hashToken(secret: string, token: string): string {
  return crypto.createHmac('sha256', secret).update(token).digest('base64url');
}
