import type { ApplicantRole, ApplicationStatus, DecisionStatus } from '@lanyard/shared/constants';
import type { DecideByScoreBody, DecideByScorePreview } from '@lanyard/shared/review';
import { formatCount } from './labels';

/**
 * Decide by score on the Bulk Actions tab: the form as typed, the body the preview and apply
 * endpoints take, and the words of the preview and the confirmation.
 */

export const DECIDE_MAX = 100_000;

export interface DecideByScoreForm {
  role: ApplicantRole;
  /** '' : not decided yet (the server's default: pending or submitted, awaiting a decision). */
  status: '' | ApplicationStatus;
  /** How many to accept from the top, as typed; '' accepts none. */
  acceptTop: string;
  /** How many to waitlist after those, as typed; '' waitlists none. */
  waitlistNext: string;
  rejectRest: boolean;
  includeFlagged: boolean;
}

export const DEFAULT_DECIDE_FORM: DecideByScoreForm = {
  role: 'hacker',
  status: '',
  acceptTop: '',
  waitlistNext: '',
  rejectRest: false,
  includeFlagged: false,
};

/** Which applications, beyond "reviewed": their current status ('' is the default, not decided yet). */
export const DECIDE_STATUS_OPTIONS: readonly { value: DecideByScoreForm['status']; label: string }[] = [
  { value: '', label: 'Not Decided Yet' },
  { value: 'waitlisted', label: 'Waitlisted' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'rejected', label: 'Rejected' },
];

export type DecideFormErrors = Partial<Record<'acceptTop' | 'waitlistNext' | 'form', string>>;

function count(typed: string): number | null | 'bad' {
  const v = typed.trim();
  if (v === '') return null;
  if (!/^\d{1,6}$/.test(v)) return 'bad';
  const n = Number(v);
  return n <= DECIDE_MAX ? n : 'bad';
}

/** The request body, or what to fix first. */
export function decideBody(
  form: DecideByScoreForm,
): { body: DecideByScoreBody; errors: null } | { body: null; errors: DecideFormErrors } {
  const errors: DecideFormErrors = {};
  const accept = count(form.acceptTop);
  const waitlist = count(form.waitlistNext);
  const bad = `Enter a whole number from 0 to ${formatCount(DECIDE_MAX)}, or leave it empty.`;
  if (accept === 'bad') errors.acceptTop = bad;
  if (waitlist === 'bad') errors.waitlistNext = bad;
  if (accept === 'bad' || waitlist === 'bad') return { body: null, errors };
  if (!accept && !waitlist && !form.rejectRest) {
    return {
      body: null,
      errors: { form: 'Choose what to do: accept the top, waitlist the next, or reject the rest.' },
    };
  }
  const body: DecideByScoreBody = {
    role: form.role,
    reject_rest: form.rejectRest,
    include_flagged: form.includeFlagged,
  };
  if (form.status) body.status = form.status;
  if (accept !== null) body.accept_top = accept;
  if (waitlist !== null) body.waitlist_next = waitlist;
  return { body, errors: null };
}

export const BAND_LABELS: Record<DecisionStatus, string> = {
  accepted: 'Accept',
  waitlisted: 'Waitlist',
  rejected: 'Reject',
};

const BAND_VERBS: Record<DecisionStatus, string> = {
  accepted: 'accept',
  waitlisted: 'waitlist',
  rejected: 'reject',
};

function list(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

function applications(n: number, role?: ApplicantRole): string {
  return `${formatCount(n)} ${role ? `${role} ` : ''}${n === 1 ? 'application' : 'applications'}`;
}

/** "Accept 2, waitlist 1 and reject 5 of 8 ranked hacker applications (by the calibrated score)." */
export function previewSummary(p: DecideByScorePreview): string {
  const bands = p.bands.filter((b) => b.count > 0);
  const what = bands.length
    ? list(bands.map((b) => `${BAND_VERBS[b.status]} ${formatCount(b.count)}`))
    : 'decide none';
  const sentence = `${what.charAt(0).toUpperCase()}${what.slice(1)} of ${applications(p.considered, p.role)} ranked by the ${p.ranking} score.`;
  return sentence;
}

/** "3 flagged applications are left out." or null. */
export function flaggedNote(p: DecideByScorePreview, included: boolean): string | null {
  if (included) return 'Flagged applications are ranked with the rest.';
  if (p.excluded_flagged === 0) return null;
  return `${applications(p.excluded_flagged)} flagged by reviewers ${p.excluded_flagged === 1 ? 'is' : 'are'} left out.`;
}

/** "7 applications change status." */
export function changesLine(p: DecideByScorePreview): string {
  if (p.changes === 0) return 'No application would change status.';
  return `${applications(p.changes)} ${p.changes === 1 ? 'changes' : 'change'} status.`;
}

/** What the typed confirmation says it will do, and that applicants see nothing until release. */
export function confirmDescription(p: DecideByScorePreview): string {
  const role = p.role === 'mentor' ? 'mentor' : 'hacker';
  return `${previewSummary(p)} ${changesLine(p)} Applicants see nothing until ${role} decisions are released under Decision Management; then they see their decision and get its e-mail.`;
}

/** The success toast's words. */
export function appliedToast(p: DecideByScorePreview): string {
  const role = p.role === 'mentor' ? 'Mentor' : 'Hacker';
  return `${applications(p.changes)} decided by score. ${role} decisions stay hidden until you release them.`;
}
