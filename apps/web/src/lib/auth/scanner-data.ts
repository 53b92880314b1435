/**
 * What the station scanner leaves on a device, and how sign-out forgets it. Kept out of
 * features/scanner (check-in code no applicant page may load) because every sign-out passes here; it
 * touches IndexedDB only on a device where the scanner was opened.
 */
export const SCANNER_DB_NAME = 'lanyard-scanner';

const KEYS = {
  /** The staff member the scanner last opened for: lets the scanner open offline. */
  user: 'lanyard.scanner.user',
  /** How many offline scans wait for the server (mirrors the IndexedDB queue, read synchronously). */
  waiting: 'lanyard.scanner.waiting',
} as const;

export interface ScannerUser {
  id: string;
  role: string;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage blocked by the browser's privacy settings: the scanner works online only.
    return null;
  }
}

export function rememberScannerUser(user: ScannerUser): void {
  storage()?.setItem(KEYS.user, JSON.stringify({ id: user.id, role: user.role }));
}

export function scannerUser(): ScannerUser | null {
  const raw = storage()?.getItem(KEYS.user);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<ScannerUser>;
    return typeof parsed.id === 'string' && typeof parsed.role === 'string'
      ? { id: parsed.id, role: parsed.role }
      : null;
  } catch {
    return null;
  }
}

export function setScansWaiting(count: number): void {
  if (count > 0) storage()?.setItem(KEYS.waiting, String(count));
  else storage()?.removeItem(KEYS.waiting);
}

/** Offline scans not yet on the server: signing out would lose them. */
export function scansWaiting(): number {
  const n = Number(storage()?.getItem(KEYS.waiting) ?? 0);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/**
 * Sign-out: the attendee snapshot (names, pronouns, dietary needs) and any waiting scans go with
 * the session. A device that never opened the scanner has nothing to delete.
 */
export async function forgetScannerData(): Promise<void> {
  const store = storage();
  const used = store?.getItem(KEYS.user) !== null && store?.getItem(KEYS.user) !== undefined;
  store?.removeItem(KEYS.user);
  store?.removeItem(KEYS.waiting);
  if (!used || typeof indexedDB === 'undefined') return;
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(SCANNER_DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    // Another tab still has the scanner open: the database goes once it closes.
    request.onblocked = () => resolve();
  });
}
