import { describe, expect, it } from 'vitest';
import { adminApplicationsQuerySchema, adminUsersQuerySchema, auditQuerySchema } from './admin';
import { announcementsQuerySchema } from './announcements';
import { checkinRecordsQuerySchema } from './checkin';
import { outboxQuerySchema } from './email';
import { adminRsvpQuerySchema } from './rsvp';

const LISTS = {
  applications: adminApplicationsQuerySchema,
  users: adminUsersQuerySchema,
  audit: auditQuerySchema,
  announcements: announcementsQuerySchema,
  checkin: checkinRecordsQuerySchema,
  outbox: outboxQuerySchema,
  rsvp: adminRsvpQuerySchema,
};

describe('list query pages', () => {
  for (const [name, schema] of Object.entries(LISTS)) {
    it(`${name}: a page from 1 to 100,000, the first by default`, () => {
      expect(schema.parse({}).page).toBe(1);
      expect(schema.parse({ page: '100000' }).page).toBe(100_000);
      for (const page of ['0', '-1', '1.5', '100001', '1e9', 'two']) {
        expect(schema.safeParse({ page }).success, page).toBe(false);
      }
    });
  }
});
