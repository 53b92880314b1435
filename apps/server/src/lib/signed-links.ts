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

export type ResumeDisposition = 'inline' | 'attachment';

function sponsorSignature(
  secret: string,
  id: string,
  disposition: ResumeDisposition,
  expires: number,
): string {
  // Its own scope: a sponsor link cannot be replayed as a file link, nor an inline one as a download.
  return crypto
    .createHmac('sha256', secret)
    .update(`sponsor-resume:${id}:${disposition}:${expires}`)
    .digest('base64url');
}

/**
 * A sponsor's link to one person's resume in the resume book, for five minutes. It names the
 * application, not the file: the book's rule is checked again when it is opened.
 */
export function signSponsorResumeLink(
  secret: string,
  applicationId: string,
  disposition: ResumeDisposition,
  now = Date.now(),
): { url: string; expiresAt: Date } {
  const expires = Math.floor((now + SIGNED_LINK_TTL_MS) / 1000);
  const sig = sponsorSignature(secret, applicationId, disposition, expires);
  return {
    url: `/api/sponsor/resumes/${applicationId}?d=${disposition}&expires=${expires}&signature=${sig}`,
    expiresAt: new Date(expires * 1000),
  };
}

export function verifySponsorResumeLink(
  secret: string,
  applicationId: string,
  disposition: ResumeDisposition,
  expires: number,
  sig: string,
  now = Date.now(),
): boolean {
  if (!Number.isInteger(expires) || expires * 1000 < now) return false;
  const expected = Buffer.from(sponsorSignature(secret, applicationId, disposition, expires));
  const given = Buffer.from(sig);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
