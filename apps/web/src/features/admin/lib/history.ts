import type { AuditEntry } from '@lanyard/shared/admin';
import { statusLabel } from './labels';

const ACTIONS: Record<string, string> = {
  'application.status': 'Status changed',
  'application.bulk_status': 'Status changed (bulk)',
  'application.delete': 'Application deleted',
  'application.reset': 'Application reset',
  'application.submit': 'Application submitted',
  'application.rsvp': 'RSVP updated',
  'rsvp.update': 'RSVP updated',
};

/** The RSVP answer of an `rsvp.update` entry's before/after (an RSVP row). */
function rsvpOf(value: unknown): string | null | undefined {
  if (value && typeof value === 'object' && 'rsvp_status' in value) {
    const s = (value as { rsvp_status: unknown }).rsvp_status;
    return typeof s === 'string' ? s : null;
  }
  return undefined;
}

function statusOf(value: unknown): string | null {
  if (value && typeof value === 'object' && 'status' in value) {
    const s = (value as { status: unknown }).status;
    return typeof s === 'string' ? s : null;
  }
  return null;
}

/** What an audit entry did, in words: "Status changed: Pending → Accepted". */
export function describeAuditEntry(entry: AuditEntry): string {
  const base =
    ACTIONS[entry.action] ??
    entry.action
      .split('.')
      .map((part) => part.replace(/_/g, ' '))
      .join(': ')
      .replace(/^./, (c) => c.toUpperCase());
  if (entry.action === 'rsvp.update') {
    const before = rsvpOf(entry.before);
    const after = rsvpOf(entry.after);
    if (after === undefined || before === after) return base;
    return `${base}: ${before ? statusLabel(before) : 'No Response'} → ${after ? statusLabel(after) : 'No Response'}`;
  }
  const before = statusOf(entry.before);
  const after = statusOf(entry.after);
  if (after && before !== after) {
    return `${base}: ${before ? statusLabel(before) : 'None'} → ${statusLabel(after)}`;
  }
  return base;
}
