/**
 * Who may apply, change answers and submit. An account applies once, with the form of its own
 * role; answers stay editable (as a draft) until submission, after which they are final.
 */
import type { ApplicantRole, UserRole } from '@lanyard/shared/constants';
import { RESUME_RULES } from '@lanyard/shared/resume';

/** A hacker account fills the hacker form, a mentor account the mentor form; no one else applies. */
export function mayApplyAs(accountRole: UserRole, formRole: ApplicantRole): boolean {
  return accountRole === formRole;
}

/** Answers (draft or submission) change only while nothing is submitted: a submission is final. */
export function mayChangeAnswers(hasSubmitted: boolean): boolean {
  return !hasSubmitted;
}

/**
 * Submitting makes the portal mail the address, and anyone may register any address, so a
 * submission waits until its owner has proved the address is theirs.
 */
export function maySubmit(facts: { emailVerified: boolean }): boolean {
  return facts.emailVerified;
}

/** Only hacker applications face the application window (deadline, late applications, access code). */
export function facesApplicationWindow(role: ApplicantRole): boolean {
  return role === 'hacker';
}

/** A resume is required of hackers; mentors may leave it out. */
export function resumeRequired(role: ApplicantRole): boolean {
  return RESUME_RULES[role].required;
}
