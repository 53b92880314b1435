import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@lanyard/shared/admin';
import { describeAuditEntry } from './history';

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  _id: '1',
  actor_email: 'admin@example.com',
  action: 'application.status',
  target_type: 'application',
  target_id: 'x',
  before: null,
  after: null,
  created_at: '2025-08-01T00:00:00.000Z',
  ...over,
});

describe('describeAuditEntry', () => {
  it('names a status change with before and after', () => {
    expect(describeAuditEntry(entry({ before: { status: 'pending' }, after: { status: 'accepted' } }))).toBe(
      'Status changed: Pending → Accepted',
    );
    expect(
      describeAuditEntry(
        entry({
          action: 'application.bulk_status',
          before: { status: 'accepted' },
          after: { status: 'waitlisted' },
        }),
      ),
    ).toBe('Status changed (bulk): Accepted → Waitlisted');
  });

  it('falls back to the action in words', () => {
    expect(describeAuditEntry(entry({ action: 'rsvp.admin_update' }))).toBe('Rsvp: admin update');
  });

  it('names an RSVP change by its answer, not the unchanged application status', () => {
    const row = (rsvp_status: string | null) => ({ status: 'accepted', rsvp_status });
    expect(
      describeAuditEntry(entry({ action: 'rsvp.update', before: row(null), after: row('accepted') })),
    ).toBe('RSVP updated: No Response → Accepted');
    expect(
      describeAuditEntry(entry({ action: 'rsvp.update', before: row('accepted'), after: row('accepted') })),
    ).toBe('RSVP updated');
  });
});
