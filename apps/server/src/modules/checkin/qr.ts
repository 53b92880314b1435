import crypto from 'node:crypto';
import type { EventConfig } from '@lanyard/shared/event';

/**
 * The QR code an accepted, confirmed applicant shows at the door: their application id,
 * encrypted and authenticated (AES-256-GCM) under a key bound to this event. It cannot be
 * guessed or forged, a code from another event (or another Lanyard) does not open, and the
 * code itself reveals nothing. The IV is derived from the id, so the code stays the same.
 */
function keyFor(secret: string, event: EventConfig): Buffer {
  return crypto
    .createHmac('sha256', secret)
    .update(`qr-key:${event.name}:${event.edition}:${event.startDate}`)
    .digest();
}

const PREFIX = 'LY1';

export function makeQrToken(secret: string, event: EventConfig, applicationId: string): string {
  const key = keyFor(secret, event);
  const iv = crypto.createHmac('sha256', key).update(applicationId).digest().subarray(0, 12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([
    cipher.update(Buffer.from(applicationId.replace(/-/g, ''), 'hex')),
    cipher.final(),
  ]);
  return `${PREFIX}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
}

/** The application id inside a token, or undefined for anything forged, altered or foreign. */
export function readQrToken(secret: string, event: EventConfig, token: string): string | undefined {
  const parts = token.trim().split('.');
  const [prefix, data] = parts;
  if (parts.length !== 2 || prefix !== PREFIX || !data) return undefined;
  const raw = Buffer.from(data, 'base64url');
  // Node's decoder skips stray characters and ignores the unused low bits of the last one, so
  // only the canonical spelling of the bytes counts: an altered code must not still open.
  if (raw.length !== 12 + 16 + 16 || raw.toString('base64url') !== data) return undefined;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', keyFor(secret, event), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(28));
    const hex = Buffer.concat([decipher.update(raw.subarray(12, 28)), decipher.final()]).toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  } catch {
    return undefined;
  }
}
