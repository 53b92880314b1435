/**
 * The admin portal's tabs (users, applications, rsvp, bulk-actions, settings), with the reviewers'
 * progress beside the applications they review, then the e-mail outbox and the announcements sent
 * through it, and the Insights charts last (their chunk loads only when opened); kept in the URL as `?tab=`; users is the default.
 */
export const ADMIN_TABS = [
  'users',
  'applications',
  'reviewers',
  'rsvp',
  'bulk-actions',
  'settings',
  'emails',
  'announcements',
  'insights',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export const DEFAULT_ADMIN_TAB: AdminTab = 'users';

export function isAdminTab(value: unknown): value is AdminTab {
  return typeof value === 'string' && (ADMIN_TABS as readonly string[]).includes(value);
}

/** The tab named in the URL, or users when it is missing or unknown. */
export function readAdminTab(params: URLSearchParams): AdminTab {
  const tab = params.get('tab');
  return isAdminTab(tab) ? tab : DEFAULT_ADMIN_TAB;
}

/** A copy of `params` showing `tab` (the default tab leaves the key out); other keys are kept. */
export function writeAdminTab(params: URLSearchParams, tab: string): URLSearchParams {
  const out = new URLSearchParams(params);
  if (!isAdminTab(tab) || tab === DEFAULT_ADMIN_TAB) out.delete('tab');
  else out.set('tab', tab);
  return out;
}
