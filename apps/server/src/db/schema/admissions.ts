// Admissions to capacity: the places freed that automatic promotion has yet to refill.
import { bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applicantRole } from './core';

/**
 * Written by the `applications_place_freed` trigger (migration 0019) in the transaction that frees
 * a place, and deleted by the promoter in the transaction that refills it: at most one promoter per
 * role holds them at a time, so each freed place is acted on once, after a crash too.
 */
export const admissionEvents = pgTable(
  'admission_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    role: applicantRole('role').notNull(),
    // No foreign key: a deleted application frees its place too, and the event outlives the row.
    applicationId: uuid('application_id').notNull(),
    kind: text('kind').$type<'declined' | 'expired' | 'status' | 'deleted'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admission_events_role_idx').on(t.role, t.id)],
);
