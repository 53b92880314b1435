import type { DecisionsPreview, DecisionsResult } from '@lanyard/shared/admin';
import type { ApplicantRole } from '@lanyard/shared/constants';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "412 hacker applicants will see their decision: 300 accepted, 62 waitlisted, 50 rejected. 412 e-mails will be sent." */
export function releaseSummary(role: ApplicantRole, p: DecisionsPreview, sendEmail: boolean): string {
  const who = plural(p.applicants, `${role} applicant`, `${role} applicants`);
  const seen =
    `${who} will see their decision: ` +
    `${p.counts.accepted} accepted, ${p.counts.waitlisted} waitlisted, ${p.counts.rejected} rejected.`;
  const mail = sendEmail
    ? `${plural(p.emails, 'e-mail', 'e-mails')} will be sent.`
    : 'No e-mails will be sent: these decisions count as announced, and a later release will not e-mail them either.';
  return `${seen} ${mail}`;
}

/** Why fewer e-mails than applicants: those already told of their current decision. */
export function releaseNote(p: DecisionsPreview, sendEmail: boolean): string | null {
  const told = p.applicants - p.emails;
  if (!sendEmail || told <= 0) return null;
  return `${plural(told, 'applicant was', 'applicants were')} already told of this decision and will not be e-mailed again.`;
}

/** The toast after the call: what the server did, and whether it differs from the dialog. */
export function releaseToast(r: DecisionsResult, previewEmails: number | null, sendEmail: boolean): string {
  const who = r.role === 'mentor' ? 'Mentor' : 'Hacker';
  const seen = `${who} decisions are now visible to ${plural(r.affected, 'applicant', 'applicants')} with a finalized decision.`;
  const mail = sendEmail
    ? `${plural(r.emails_queued, 'e-mail', 'e-mails')} queued.`
    : 'No e-mails were sent.';
  const expected = sendEmail ? r.emails_queued : r.announced_without_email;
  const changed =
    previewEmails !== null && expected !== previewEmails
      ? ` Decisions changed since the preview (it counted ${plural(previewEmails, 'e-mail', 'e-mails')}).`
      : '';
  return `${seen} ${mail}${changed}`;
}
