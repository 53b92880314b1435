import { paths } from '@/config/paths';
import { staffAreaOf } from './staff-areas';

/** The page a signed-out visitor asked for, restored after sign-in. */
export const REDIRECT_AFTER_LOGIN_KEY = 'redirectAfterLogin';

const NOT_SAVED = new Set<string>([paths.home, paths.adminLogin]);

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Only same-site paths: never an absolute or protocol-relative URL (no open redirect). */
function isSafePath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

export function saveRedirectAfterLogin(pathWithSearch: string): void {
  const pathname = pathWithSearch.split(/[?#]/)[0] ?? '';
  if (NOT_SAVED.has(pathname) || !isSafePath(pathWithSearch)) return;
  storage()?.setItem(REDIRECT_AFTER_LOGIN_KEY, pathWithSearch);
}

export function clearRedirectAfterLogin(): void {
  storage()?.removeItem(REDIRECT_AFTER_LOGIN_KEY);
}

/** Reads and clears the saved path; `accept` decides whether it suits the person who just signed in. */
export function takeRedirectAfterLogin(accept: (path: string) => boolean = () => true): string | null {
  const saved = storage()?.getItem(REDIRECT_AFTER_LOGIN_KEY) ?? null;
  clearRedirectAfterLogin();
  if (!saved || !isSafePath(saved) || !accept(saved)) return null;
  return saved;
}

/** A page of the staff areas (/admin, /checkin, /review), where no applicant is ever sent. */
export function isAdminAreaPath(path: string): boolean {
  return staffAreaOf(path) !== null;
}
