import { applications } from '../db/schema/index';

/**
 * The columns a recorded RSVP consists of. Selected together because an audit row of a voided RSVP
 * keeps all of them: the answer is gone from the application afterwards.
 */
export const rsvpColumns = {
  rsvpStatus: applications.rsvpStatus,
  rsvpAt: applications.rsvpAt,
  preferredName: applications.preferredName,
  schoolName: applications.schoolName,
  pronoun: applications.pronoun,
  linkedinUrl: applications.linkedinUrl,
  githubUrl: applications.githubUrl,
  liabilityWaiverAccepted: applications.liabilityWaiverAccepted,
  photoClearanceAccepted: applications.photoClearanceAccepted,
  photoSharingOptOut: applications.photoSharingOptOut,
};

export type RsvpRecordRow = Pick<typeof applications.$inferSelect, 'status' | keyof typeof rsvpColumns>;

/**
 * An RSVP with the decision it answers, as the admin RSVP list shows it and as the audit log keeps
 * it when a decision change voids it: one shape, so both read the same.
 */
export function rsvpRecord(r: RsvpRecordRow) {
  return {
    status: r.status,
    rsvp_status: r.rsvpStatus,
    rsvp_at: r.rsvpAt?.toISOString() ?? null,
    preferred_name: r.preferredName,
    school_name: r.schoolName,
    pronoun: r.pronoun,
    linkedin_url: r.linkedinUrl,
    github_url: r.githubUrl,
    liability_waiver_accepted: r.liabilityWaiverAccepted,
    photo_clearance_accepted: r.photoClearanceAccepted,
    photo_sharing_opt_out: r.photoSharingOptOut,
  };
}
