/**
 * What the audit log records of a sponsor (actor: the sponsor account). Views and downloads name
 * the application (target 'application'); the admins' activity counts read these same words.
 */
export const SPONSOR_ACTIONS = {
  /** A page of the book (its filters in `after`). */
  list: 'sponsor.book.view',
  /** A person's profile with their resume preview link. */
  view: 'sponsor.resume.view',
  /** One resume downloaded, alone or in a zip (one row per resume). */
  download: 'sponsor.resume.download',
} as const;
