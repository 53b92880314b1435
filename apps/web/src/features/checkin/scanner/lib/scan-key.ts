/**
 * The snapshot's key for a scanned code: base64url (no padding) of the SHA-256 of the token's UTF-8
 * bytes. The snapshot never holds the codes themselves, so a lost phone does not leak them.
 */
export async function snapshotKey(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return base64Url(new Uint8Array(digest));
}

export function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
