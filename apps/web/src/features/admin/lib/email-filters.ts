import { EMAIL_TEMPLATE_KEYS, type EmailTemplateKey } from '@lanyard/shared/email';
import type { BadgeProps } from '@/components/ui/badge';

/**
 * The E-mails view (the outbox, docs/api-rsvp.md): its filters in the URL under `emails_*` keys,
 * the query string of GET /api/admin/emails, and the words for kinds and statuses.
 */

export const EMAIL_PAGE_SIZE = 50;

export const EMAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** Every kind the server queues: the editable templates, then the account e-mails. */
export const EMAIL_KINDS = [...EMAIL_TEMPLATE_KEYS, 'email_verification', 'password_reset'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export interface EmailFilters {
  /** One status at a time (the server takes a single `status`); null is all. */
  status: EmailStatus | null;
  kind: EmailKind | null;
  search: string;
}

export interface EmailListParams extends EmailFilters {
  page: number;
}

export const EMPTY_EMAIL_FILTERS: EmailFilters = { status: null, kind: null, search: '' };

export const EMAIL_URL_KEYS = {
  status: 'emails_status',
  kind: 'emails_kind',
  search: 'emails_search',
  page: 'emails_page',
} as const;

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | null {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : null;
}

export function readEmailParams(params: URLSearchParams): EmailListParams {
  const K = EMAIL_URL_KEYS;
  const page = Number(params.get(K.page));
  return {
    status: oneOf(params.get(K.status), EMAIL_STATUSES),
    kind: oneOf(params.get(K.kind), EMAIL_KINDS),
    search: (params.get(K.search) ?? '').slice(0, 200),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** A copy of `params` with the e-mail filters replaced; other keys kept, empty values and page 1 left out. */
export function writeEmailParams(params: URLSearchParams, next: EmailListParams): URLSearchParams {
  const K = EMAIL_URL_KEYS;
  const out = new URLSearchParams(params);
  for (const key of Object.values(K)) out.delete(key);
  if (next.status) out.set(K.status, next.status);
  if (next.kind) out.set(K.kind, next.kind);
  if (next.search.trim()) out.set(K.search, next.search);
  if (next.page > 1) out.set(K.page, String(next.page));
  return out;
}

/** The query string of GET /api/admin/emails. */
export function emailsQuery(params: EmailListParams): URLSearchParams {
  const q = new URLSearchParams();
  if (params.status) q.set('status', params.status);
  if (params.kind) q.set('kind', params.kind);
  const search = params.search.trim();
  if (search) q.set('search', search);
  q.set('page', String(params.page));
  q.set('limit', String(EMAIL_PAGE_SIZE));
  return q;
}

export function activeEmailFilterCount(f: EmailFilters): number {
  return (f.status ? 1 : 0) + (f.kind ? 1 : 0) + (f.search.trim() ? 1 : 0);
}

export function emailPages(total: number): number {
  return Math.max(1, Math.ceil(total / EMAIL_PAGE_SIZE));
}

export const TEMPLATE_LABELS: Record<EmailTemplateKey, string> = {
  application_received: 'Application received',
  decision_accepted: 'Decision: accepted',
  decision_waitlisted: 'Decision: waitlisted',
  decision_rejected: 'Decision: rejected',
  rsvp_recorded: 'RSVP recorded',
  offer_expired: 'Offer expired',
};

const KIND_LABELS: Record<string, string> = {
  ...TEMPLATE_LABELS,
  email_verification: 'E-mail verification',
  password_reset: 'Password reset',
};

/** A readable name for an outbox kind; an unknown kind is shown in words rather than as a code. */
export function emailKindLabel(kind: string): string {
  const known = KIND_LABELS[kind];
  if (known) return known;
  const words = kind.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : kind;
}

export const EMAIL_STATUS_LABELS: Record<EmailStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

type Tone = NonNullable<BadgeProps['tone']>;

export function emailStatusTone(status: EmailStatus): Tone {
  switch (status) {
    case 'queued':
      return 'yellow';
    case 'sending':
      return 'blue';
    case 'sent':
      return 'green';
    case 'failed':
      return 'red';
  }
}

/** Per-status counts with zeros filled in (the server lists only statuses it holds). */
export function statusCounts(counts: Record<string, number> | undefined): Record<EmailStatus, number> {
  return {
    queued: counts?.queued ?? 0,
    sending: counts?.sending ?? 0,
    sent: counts?.sent ?? 0,
    failed: counts?.failed ?? 0,
  };
}

/** The list refreshes itself while the outbox still has work: something queued or being sent. */
export function outboxBusy(counts: Record<string, number> | undefined): boolean {
  const c = statusCounts(counts);
  return c.queued + c.sending > 0;
}

export const EMAIL_REFRESH_MS = 10_000;
