import type { BadgeProps } from '@/components/ui/badge';
import type { LiabilityFilter, PhotoFilter } from './rsvp-filters';

type Tone = NonNullable<BadgeProps['tone']>;

/** The stored photo answers of an RSVP (both null until an accepted applicant confirms). */
export interface PhotoAnswers {
  photo_clearance_accepted: boolean | null;
  photo_sharing_opt_out: boolean | null;
}

/**
 * The photo permission as the server's `photo` filter groups it (docs/api-rsvp.md): opted out of
 * public sharing (photos may still be taken) wins; else the release accepted allows sharing; a
 * release refused without opting out is declined; nothing answered is n/a.
 */
export function photoPermission(a: PhotoAnswers): PhotoFilter {
  if (a.photo_sharing_opt_out === true) return 'no_public_sharing';
  if (a.photo_clearance_accepted === true) return 'allow_sharing';
  if (a.photo_clearance_accepted === false) return 'declined';
  return 'n/a';
}

const PHOTO_LABELS: Record<PhotoFilter, string> = {
  allow_sharing: 'Allow Sharing',
  no_public_sharing: 'No Public Sharing',
  declined: 'Declined',
  'n/a': 'N/A',
};

/**
 * The Photo Permission column ("N/A" when unanswered); the details dialog passes
 * "No Choice Made" for that case.
 */
export function photoPermissionLabel(a: PhotoAnswers, unanswered = PHOTO_LABELS['n/a']): string {
  const key = photoPermission(a);
  return key === 'n/a' ? unanswered : PHOTO_LABELS[key];
}

export function photoPermissionTone(a: PhotoAnswers): Tone {
  switch (photoPermission(a)) {
    case 'allow_sharing':
      return 'green';
    case 'no_public_sharing':
      return 'yellow';
    case 'declined':
      return 'red';
    default:
      return 'gray';
  }
}

/** The liability waiver as the server's `liability` filter groups it. */
export function liabilityState(accepted: boolean | null): LiabilityFilter {
  if (accepted === null) return 'n/a';
  return accepted ? 'accepted' : 'declined';
}

const LIABILITY_LABELS: Record<LiabilityFilter, string> = {
  accepted: 'Accepted',
  declined: 'Declined',
  'n/a': 'N/A',
};

/** The Liability column: Accepted, Declined, or "N/A" (or `unanswered`) when not answered. */
export function liabilityLabel(accepted: boolean | null, unanswered = LIABILITY_LABELS['n/a']): string {
  const key = liabilityState(accepted);
  return key === 'n/a' ? unanswered : LIABILITY_LABELS[key];
}

export function liabilityTone(accepted: boolean | null): Tone {
  if (accepted === null) return 'gray';
  return accepted ? 'green' : 'red';
}

export const NO_RESPONSE = 'No Response';
export const NO_CHOICE_MADE = 'No Choice Made';

const RSVP_STATUS_LABELS: Record<string, string> = {
  accepted: 'Accepted',
  declined: 'Declined',
  maybe: 'Maybe',
};

/**
 * An accepted or waitlisted applicant with no answer on file is awaiting their RSVP: they have not
 * answered yet, or the decision changed and the server voided the old answer (policies/rsvp.ts on
 * the server; docs/decisions/009-rsvp-answers-one-decision.md).
 */
export const AWAITING_RSVP = 'Awaiting RSVP';

/**
 * The RSVP Status column and details: "Awaiting RSVP" when an accepted or waitlisted applicant has
 * not answered their current decision, "No Response" for anyone else without an answer.
 */
export function rsvpStatusLabel(status: string | null, applicationStatus?: string): string {
  if (!status) {
    return applicationStatus === 'accepted' || applicationStatus === 'waitlisted'
      ? AWAITING_RSVP
      : NO_RESPONSE;
  }
  return RSVP_STATUS_LABELS[status] ?? status;
}

export function rsvpStatusTone(status: string | null): Tone {
  switch (status) {
    case 'accepted':
      return 'green';
    case 'declined':
      return 'red';
    case 'maybe':
      return 'yellow';
    default:
      return 'gray';
  }
}
