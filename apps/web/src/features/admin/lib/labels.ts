import type { DashboardStats } from '@lanyard/shared/admin';
import type { BadgeProps } from '@/components/ui/badge';

type Tone = NonNullable<BadgeProps['tone']>;

/** Admin status colours: pending yellow, accepted green, rejected red, waitlisted orange, others grey. */
export function statusTone(status: string): Tone {
  switch (status) {
    case 'pending':
      return 'yellow';
    case 'accepted':
      return 'green';
    case 'rejected':
      return 'red';
    case 'waitlisted':
      return 'orange';
    default:
      return 'gray';
  }
}

export function capitalize(text: string): string {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

// One style for every status and role label: the shared module's (packages/shared/src/labels.ts).
export { statusLabel, roleTitle as roleName } from '@lanyard/shared/labels';

const RSVP_LABELS: Record<string, string> = { accepted: 'Accepted', declined: 'Declined', maybe: 'Maybe' };

/** RSVP Status column: "N/A" when the applicant has not answered. */
export function rsvpLabel(rsvp: string | null): string {
  if (!rsvp) return 'N/A';
  return RSVP_LABELS[rsvp] ?? capitalize(rsvp);
}

/** "Aug 18, 2025" (the Submitted column). */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** "Aug 18, 2025, 11:59 PM". */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  return d.toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** A count as organisers read it: "5,000". */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

export function fullName(a: { first_name: string; last_name: string }): string {
  return `${a.first_name} ${a.last_name}`.trim();
}

/** Only http(s) links may become links; anything else stays text, so a stored link cannot run script. */
export function safeHttpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim();
  if (!/^https?:\/\//i.test(v)) return null;
  try {
    const url = new URL(v);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The card counts applicants (Registered Users); the Users list also lists staff accounts, so
 * the card says how the two numbers meet: "808 applicants + 1 staff account = 809 users".
 */
export function registeredUsersNote(s: Pick<DashboardStats, 'total_users' | 'staff_users'>): string {
  const n = formatCount;
  const applicants = `${n(s.total_users)} applicant${s.total_users === 1 ? '' : 's'}`;
  const staff = `${n(s.staff_users)} staff account${s.staff_users === 1 ? '' : 's'}`;
  return `${applicants} + ${staff} = ${n(s.total_users + s.staff_users)} users`;
}
