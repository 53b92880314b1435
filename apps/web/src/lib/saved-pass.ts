/**
 * The pass kept on this device (localStorage), so /pass still shows the code at a venue without
 * signal once it has been opened with one. Only what the pass shows: the signed door code, the
 * name and the event. Cleared when the server says the person is signed out or has no code.
 */
export interface SavedPass {
  token: string;
  name: string;
  event: string;
  /** When it was last confirmed by the server (ISO). */
  savedAt: string;
}

export const SAVED_PASS_KEY = 'lanyard.pass';

function isSavedPass(v: unknown): v is SavedPass {
  if (!v || typeof v !== 'object') return false;
  const p = v as Record<string, unknown>;
  return (
    typeof p.token === 'string' &&
    p.token.length > 0 &&
    p.token.length <= 200 &&
    typeof p.name === 'string' &&
    typeof p.event === 'string' &&
    typeof p.savedAt === 'string'
  );
}

/** Storage can be off (private mode, a full quota): the pass then simply is not kept. */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readSavedPass(): SavedPass | null {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(SAVED_PASS_KEY) ?? 'null');
    return isSavedPass(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeSavedPass(pass: SavedPass): void {
  try {
    storage()?.setItem(SAVED_PASS_KEY, JSON.stringify(pass));
  } catch {
    // Quota or privacy settings: the page still shows the live pass.
  }
}

export function clearSavedPass(): void {
  try {
    storage()?.removeItem(SAVED_PASS_KEY);
  } catch {
    // Nothing kept, nothing to clear.
  }
}
