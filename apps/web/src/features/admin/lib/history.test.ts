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
});
