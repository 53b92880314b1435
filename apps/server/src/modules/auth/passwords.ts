import { hash, verify } from '@node-rs/argon2';
import { COMMON_PASSWORDS } from './common-passwords';

// OWASP's Argon2id baseline (19 MiB, 2 passes): strong, and a login stays well under 100 ms.
const ARGON2_OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

// Verified against when the e-mail is unknown, so a miss costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('lanyard-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}

/** Returns a reason when the password is too easy to guess, beyond the length rules of the shared schema. */
export function weakPasswordReason(password: string, email?: string): string | undefined {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return 'This password is too common. Please choose a less guessable one.';
  if (/^(.)\1+$/.test(password))
    return 'This password is too easy to guess. Please choose a less guessable one.';
  const local = email?.split('@')[0]?.toLowerCase();
  if (local && local.length >= 4 && lower.includes(local)) {
    // Name the part found: "admin" in the password is not visibly "admin@example.org" to its owner.
    return `Your password must not contain your email address or the part before the @ (${local}).`;
  }
  return undefined;
}
