/**
 * Privacy (issue 21): who may see an applicant's data beyond the organisers, and who may take it
 * out or erase it. Sponsors see an application and its resume only while its applicant consents:
 * the current answer, so a withdrawal takes effect on the next read. An applicant downloads and
 * deletes only their own account (the routes take no id); admins do either on an applicant's
 * request, never to their own account through the applicant's route.
 */
import { sql, type SQL } from 'drizzle-orm';
import { applications } from '../db/schema/index';

/** May a sponsor see this application and its resume now? Only with the applicant's current consent. */
export function hasSponsorConsent(app: { sponsorConsent: boolean } | null | undefined): boolean {
  return app?.sponsorConsent === true;
}

/** The same rule as a condition on `applications`, for queries that list what sponsors may see. */
export function sponsorConsentCondition(): SQL {
  return sql`${applications.sponsorConsent} = true`;
}

/**
 * May this account delete itself? Applicants (hackers and mentors) only: a staff account is
 * removed by another admin, so an event never loses its last organiser by a typed word. Deletion
 * stays open after check-in: the counts survive without the person (modules/privacy/deletion.ts).
 */
export function maySelfDelete(role: string): boolean {
  return role === 'hacker' || role === 'mentor';
}

/** Does a consent answer differ from the current one, so that it is a change worth recording? */
export function isConsentChange(current: boolean, next: boolean): boolean {
  return current !== next;
}
