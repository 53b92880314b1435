/**
 * The one home of "decisions released for this role → what status the applicant sees". An admin
 * decides in private; each role's decisions become visible together when an admin releases them,
 * so until then every applicant of that role sees "submitted", whatever was decided.
 */
import type { ApplicantRole, ApplicationStatus, DecisionStatus } from '@lanyard/shared/constants';

/** The two release switches, as the settings hold them (a missing settings row reads as both off). */
export interface ReleaseFlags {
  hackerDecisionsReleased: boolean;
  mentorDecisionsReleased: boolean;
}

/** Are this role's decisions released? */
export function decisionsReleased(flags: ReleaseFlags, role: ApplicantRole): boolean {
  return role === 'mentor' ? flags.mentorDecisionsReleased : flags.hackerDecisionsReleased;
}

/** The roles whose decisions are released, hackers first. */
export function releasedRoles(flags: ReleaseFlags): ApplicantRole[] {
  return (['hacker', 'mentor'] as const).filter((role) => decisionsReleased(flags, role));
}

/** The settings change that releases (or unreleases) one role's decisions. */
export function releaseFlagPatch(role: ApplicantRole, released: boolean): Partial<ReleaseFlags> {
  return role === 'mentor' ? { mentorDecisionsReleased: released } : { hackerDecisionsReleased: released };
}

/**
 * The status an applicant sees for their submitted application: the decision once their role's
 * decisions are released, "submitted" before that and while nothing is decided.
 */
export function visibleStatus(
  application: { status: ApplicationStatus; role: ApplicantRole },
  flags: ReleaseFlags,
): 'submitted' | DecisionStatus {
  const { status } = application;
  if (status === 'pending' || status === 'submitted') return 'submitted';
  return decisionsReleased(flags, application.role) ? status : 'submitted';
}
