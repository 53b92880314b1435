/**
 * A segment is a list's filter: for several filters of the Applications and RSVP lists, the ids an
 * announcement would reach are exactly the ids the list endpoint returns, and the preview counts them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEGMENT_PRESETS, segmentSchema, type SegmentInput } from '@lanyard/shared/announcements';
import { asUser, seedApplications } from '../../../test/admin';
import { createAdmin, createTestContext, type TestContext } from '../../../test/helper';
import { segmentRecipients } from './segments';

let ctx: TestContext;
let call: ReturnType<typeof asUser>;

const STATUSES = ['pending', 'accepted', 'waitlisted', 'rejected', 'accepted', 'accepted'] as const;
const RSVPS = [null, 'accepted', 'declined', 'maybe', null, 'accepted'] as const;

beforeAll(async () => {
  ctx = await createTestContext();
  call = asUser(ctx, (await createAdmin(ctx)).token);
  // 36 applicants across both roles, every status and RSVP answer, high school or not, two schools.
  await seedApplications(ctx, 36, (i) => {
    const status = STATUSES[i % STATUSES.length]!;
    const decided = status !== 'pending';
    return {
      firstName: i % 5 === 0 ? 'Zoe' : 'Ada',
      lastName: `Segment${String(i).padStart(2, '0')}`,
      // Mentors every fourth, and number 10: an accepted mentor who confirmed.
      role: i % 4 === 0 || i === 10 ? 'mentor' : 'hacker',
      status,
      rsvpStatus: decided ? RSVPS[Math.floor(i / 6) % RSVPS.length]! : null,
      isHighSchool: i % 3 === 0,
      school: i % 2 ? 'Riverside University' : 'Hill College',
      liabilityWaiverAccepted: i % 7 === 0 ? true : null,
      submittedAt: new Date(Date.UTC(2025, 4, 1 + (i % 10))),
    };
  });
  // Some at the door (confirmed attendees have a check-in record already): even numbers, one of
  // them checked out again.
  await ctx.database.pool.query(`
    update checkin_records c set checked_in = right(a.last_name, 1)::int % 4 <> 2
      from applications a
     where a.id = c.application_id and right(a.last_name, 1)::int % 2 = 0`);
});
afterAll(() => ctx.close());

/** Every id a list endpoint returns for a query (all pages). */
async function listIds(url: string, query: Record<string, string | string[]>): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) for (const one of [v].flat()) q.append(k, one);
    q.set('page', String(page));
    q.set('limit', '200');
    const res = await call('GET', `${url}?${q}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { applications: { _id: string }[]; pages: number };
    ids.push(...body.applications.map((a) => a._id));
    if (page >= body.pages) return ids.sort();
  }
}

async function segmentIds(segment: SegmentInput): Promise<string[]> {
  const recipients = await segmentRecipients(ctx.database.db, ctx.config, segmentSchema.parse(segment));
  return recipients.map((r) => r.id).sort();
}

async function previewCount(segment: SegmentInput): Promise<number> {
  const res = await call('POST', '/api/admin/announcements/preview', { subject: 's', body: 'b', segment });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { recipients: number }).recipients;
}

const APPLICATION_FILTERS: Record<string, string | string[]>[] = [
  {},
  { status: ['accepted'] },
  { status: ['waitlisted'], role: ['mentor'] },
  { status: ['accepted'], rsvp_status: ['no_response'] },
  { rsvp_status: ['accepted', 'maybe'], role: ['hacker'] },
  { status: ['pending'] },
  { search: 'zoe', is_high_school: 'true' },
  { school: 'riverside', date_start: '2025-05-03', date_end: '2025-05-06' },
];

const RSVP_FILTERS: Record<string, string | string[]>[] = [
  {},
  { role: ['hacker'], status: ['accepted'], rsvp_status: ['accepted'] },
  { status: ['accepted'], rsvp_status: ['no_response'] },
  { status: ['waitlisted'], role: ['mentor'] },
  { rsvp_status: ['declined', 'maybe'] },
  { liability: ['accepted'], search: 'ada' },
  { liability: ['n/a'], status: ['accepted', 'rejected'] },
  { checkin: ['checked_in'] },
  { checkin: ['not_checked_in'], status: ['accepted'], rsvp_status: ['accepted'] },
];

describe('segments are the lists’ own filters', () => {
  it.each(APPLICATION_FILTERS)('Applications list %j', async (filters) => {
    const expected = await listIds('/api/admin/applications', filters);
    const segment = { list: 'applications' as const, filters };
    expect(await segmentIds(segment)).toEqual(expected);
    expect(await previewCount(segment)).toBe(expected.length);
  });

  it.each(RSVP_FILTERS)('RSVP list %j', async (filters) => {
    const expected = await listIds('/api/admin/rsvp', filters);
    const segment = { list: 'rsvps' as const, filters };
    expect(await segmentIds(segment)).toEqual(expected);
    expect(await previewCount(segment)).toBe(expected.length);
  });

  it('"checked in" is whoever the door says is in now', async () => {
    const { rows } = await ctx.database.pool.query(
      'select application_id as id from checkin_records where checked_in and application_id is not null',
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(await listIds('/api/admin/rsvp', { checkin: ['checked_in'] })).toEqual(
      rows.map((r) => r.id as string).sort(),
    );
  });

  it('the presets match their lists too, and are not empty here', async () => {
    for (const preset of SEGMENT_PRESETS) {
      const url = preset.segment.list === 'rsvps' ? '/api/admin/rsvp' : '/api/admin/applications';
      const expected = await listIds(url, preset.segment.filters as Record<string, string[]>);
      expect(expected.length, preset.key).toBeGreaterThan(0);
      expect(await segmentIds(preset.segment), preset.key).toEqual(expected);
    }
  });
});
