/** Shared pieces of the check-in CSV upload tests (csv.test.ts, csv-refusals.test.ts). */
import { expect } from 'vitest';
import type { CheckinRecord } from '@lanyard/shared/checkin';
import { asUser } from './admin';
import type { TestContext } from './helper';

/** The upload password the suites' servers are started with (CHECKIN_UPLOAD_PASSWORD). */
export const CSV_PASSWORD = 'Door-Desk-Upload-7781';

export const BASIC = ['firstName', 'lastName', 'email', 'phone', 'school_name'];

/** A CSV of rows under a header, joined with `eol`. */
export function csv(header: string[], rows: string[][], eol = '\n'): string {
  return [header.join(','), ...rows.map((r) => r.join(','))].join(eol) + eol;
}

/** The check-in records as the API lists them, by e-mail. */
export async function recordsByEmail(ctx: TestContext, token: string): Promise<Map<string, CheckinRecord>> {
  const res = await asUser(ctx, token)('GET', '/api/checkin/records?limit=200');
  expect(res.statusCode).toBe(200);
  return new Map((res.json() as { records: CheckinRecord[] }).records.map((r) => [r.email, r]));
}

/** Everything stored, to compare before and after a refused upload. */
export async function storedRecords(ctx: TestContext) {
  const { rows } = await ctx.database.pool.query('select * from checkin_records order by id');
  return rows;
}
