/**
 * Sponsors (issue 21): the one home of what a sponsor account may do. A sponsor reads the resume
 * book (the `sponsor` routes) and may ask who they are; every other
 * route refuses them, and every sponsor route refuses them outside their access window.
 * Whom the book lists is policies/resume-book.ts.
 */
import type { Access } from '../plugins/auth';

/** The only non-sponsor route a sponsor may call: who am I (the web app needs it to route them). */
const SPONSOR_USER_ROUTES = new Set(['GET /api/auth/me']);

/** May a sponsor call a route of this access? Public ones, the sponsor ones, and `SPONSOR_USER_ROUTES`. */
export function sponsorMayCall(access: Access, method: string, url: string | undefined): boolean {
  if (access === 'public' || access === 'sponsor') return true;
  return access === 'user' && SPONSOR_USER_ROUTES.has(`${method === 'HEAD' ? 'GET' : method} ${url}`);
}

export interface SponsorWindow {
  accessFrom: Date;
  accessUntil: Date;
}

/** Is the account inside its window now? From its first instant, up to (not at) its end. */
export function sponsorWindowOpen(window: SponsorWindow | undefined, now: Date): boolean {
  if (!window) return false;
  return window.accessFrom.getTime() <= now.getTime() && now.getTime() < window.accessUntil.getTime();
}
