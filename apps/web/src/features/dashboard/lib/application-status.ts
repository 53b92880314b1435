import type { MyApplication } from '@lanyard/shared/application';
import type { BadgeProps } from '@/components/ui/badge';
import { offerExpiredStatusMessage } from './offer';

/** Statuses after a submit: the card shows a decision (or "Under Review") and the page polls. */
const SUBMITTED_STATUSES = ['submitted', 'accepted', 'rejected', 'waitlisted'] as const;

export type StatusTone = NonNullable<BadgeProps['tone']>;

export interface StatusAction {
  label: 'Start Application' | 'Resume Application' | 'View Application';
  to: string;
}

export interface StatusView {
  label: string;
  tone: StatusTone;
  message: string;
  action: StatusAction;
}

export interface StatusInput {
  status: string;
  /** Whether decisions are released for the applicant's role. */
  released: boolean;
  /** The applicant's own form: /hacker-apply or /mentor-apply. */
  applyPath: string;
  viewPath: string;
  eventName: string;
  /** An accepted applicant's offer expired unanswered (offers that expire): they can no longer RSVP. */
  offerExpired?: boolean;
}

export const UNDER_REVIEW_MESSAGE =
  "Your application is under review. You'll be notified when decisions are released.";

export function isSubmittedStatus(status: string): boolean {
  return (SUBMITTED_STATUSES as readonly string[]).includes(status);
}

/** The dashboard refreshes the application every 30 s once it has been sent. */
export function shouldPollApplication(status: string): boolean {
  return isSubmittedStatus(status);
}

/**
 * Dashboard labels: badge, message and the one next action for every applicant status.
 * Before the role's decisions are released every sent application reads "Under Review".
 */
export function applicationStatusView({
  status,
  released,
  applyPath,
  viewPath,
  eventName,
  offerExpired = false,
}: StatusInput): StatusView {
  const view: StatusAction = { label: 'View Application', to: viewPath };
  if (isSubmittedStatus(status) && !released) {
    return { label: 'Under Review', tone: 'blue', message: UNDER_REVIEW_MESSAGE, action: view };
  }
  switch (status) {
    case 'not_started':
      return {
        label: 'Not Started',
        tone: 'gray',
        message: `You haven't started your application yet. Start now to join ${eventName}!`,
        action: { label: 'Start Application', to: applyPath },
      };
    case 'in_progress':
      return {
        label: 'In Progress',
        tone: 'yellow',
        message:
          "You've started your application. Your answers are saved: pick up where you left off and submit it.",
        action: { label: 'Resume Application', to: applyPath },
      };
    case 'submitted':
      return {
        label: 'Submitted',
        tone: 'blue',
        message: 'Your application has been submitted. A decision is coming shortly.',
        action: view,
      };
    case 'accepted':
      if (offerExpired) {
        return {
          label: 'Expired',
          tone: 'gray',
          message: offerExpiredStatusMessage(eventName),
          action: view,
        };
      }
      return {
        label: 'Accepted',
        tone: 'green',
        message: `Congratulations! You've been accepted to ${eventName}. We can't wait to see you there.`,
        action: view,
      };
    case 'rejected':
      return {
        label: 'Rejected',
        tone: 'red',
        message: `Thank you for applying. We regret that we are unable to offer you a spot at ${eventName} this year.`,
        action: view,
      };
    case 'waitlisted':
      return {
        label: 'Waitlisted',
        tone: 'orange',
        message: "You're on the waitlist. We'll let you know by e-mail if a spot opens up.",
        action: view,
      };
    default:
      return {
        label: 'Unknown',
        tone: 'gray',
        message:
          "We couldn't determine your application status. Please refresh, or contact support if this persists.",
        action: view,
      };
  }
}

interface ReleaseSources {
  role: string;
  /** GET /api/applications/me answers for the applicant's own role. */
  application?: { decisions_released: boolean } | null | undefined;
  settings?: { hacker_decisions_released: boolean; mentor_decisions_released: boolean } | undefined;
}

/** Released for the applicant's role: the application says so when there is one, else the public settings. */
export function decisionsReleasedFor({ role, application, settings }: ReleaseSources): boolean {
  if (application) return application.decisions_released;
  if (!settings) return false;
  if (role === 'mentor') return settings.mentor_decisions_released;
  if (role === 'hacker') return settings.hacker_decisions_released;
  return false;
}

/**
 * The confetti and the celebration overlay: a released acceptance the server has not seen celebrated
 * yet (on any device). Never after a decline, and not once attendance is confirmed: by then the
 * check-in code is what the page is for, and the overlay would hide it at the door.
 */
export function shouldCelebrate(
  application: Pick<MyApplication, 'status' | 'rsvp_status' | 'celebrated' | 'offer'> | null | undefined,
  released: boolean,
): boolean {
  return (
    !!application &&
    released &&
    application.status === 'accepted' &&
    !application.celebrated &&
    // An offer that expired is nothing to celebrate any more.
    !application.offer?.expired &&
    application.rsvp_status !== 'declined' &&
    application.rsvp_status !== 'accepted'
  );
}
