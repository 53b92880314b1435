import crypto from 'node:crypto';

export const SIGNED_LINK_TTL_MS = 5 * 60_000;

function signature(secret: string, id: string, expires: number): string {
  return crypto.createHmac('sha256', secret).update(`file:${id}:${expires}`).digest('base64url');
}

/** A download link that works for five minutes, for anyone holding it, and reveals nothing else. */
export function signFileLink(secret: string, id: string, now = Date.now()): { url: string; expiresAt: Date } {
  const expires = Math.floor((now + SIGNED_LINK_TTL_MS) / 1000);
  return {
    url: `/api/files/${id}?expires=${expires}&signature=${signature(secret, id, expires)}`,
    expiresAt: new Date(expires * 1000),
  };
}

export function verifyFileLink(
  secret: string,
  id: string,
  expires: number,
  sig: string,
  now = Date.now(),
): boolean {
  if (!Number.isInteger(expires) || expires * 1000 < now) return false;
  const expected = Buffer.from(signature(secret, id, expires));
  const given = Buffer.from(sig);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
