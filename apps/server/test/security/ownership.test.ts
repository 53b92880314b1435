/**
 * Applicants cannot set fields they do not own. Status, role, decisions,
 * check-in and someone else's RSVP sent in a body are refused by name (400), and nothing changes.
 * (The property tests add such keys at random to every public and applicant route.)
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedApplication } from '../admin';
import { applicantWithResume, hackerAnswers, type Applicant } from '../applicant';
import { rsvpAttending } from '../answers';
import { bearer, createTestContext, GOOD_PASSWORD, uniqueEmail, type TestContext } from '../helper';
import { snapshot } from './harness';

let ctx: TestContext;
let hacker: Applicant;
let accepted: { id: string; token?: string };
let other: { id: string };

beforeAll(async () => {
  ctx = await createTestContext();
  hacker = await applicantWithResume(ctx);
  accepted = await seedApplication(ctx, { status: 'accepted' }, { sessions: true });
  other = await seedApplication(ctx, { status: 'accepted' });
  await ctx.database.pool.query(
    'update settings set hacker_decisions_released = true, rsvp_open = true, rsvp_deadline = null where id = 1',
  );
});
afterAll(async () => {
  await ctx?.close();
});

async function refusedNaming(request: InjectOptions, field: string) {
  const before = await snapshot(ctx);
  const res = await ctx.app.inject(request);
  expect(res.statusCode, res.body).toBe(400);
  expect((res.json() as { error: string }).error).toContain(field);
  expect(await snapshot(ctx)).toEqual(before);
}

const RSVP = rsvpAttending();

describe('fields an applicant does not own', () => {
  it('register: no admin or volunteer role, no status', async () => {
    for (const role of ['admin', 'volunteer']) {
      await refusedNaming(
        {
          method: 'POST',
          url: '/api/auth/register',
          payload: { email: uniqueEmail(), password: GOOD_PASSWORD, role },
        },
        'role',
      );
    }
    await refusedNaming(
      {
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: uniqueEmail(), password: GOOD_PASSWORD, emailVerified: true },
      },
      'emailVerified',
    );
  });

  it('submit: no status, role, user, e-mail, check-in or decision fields', async () => {
    for (const [field, value] of [
      ['status', 'accepted'],
      ['role', 'mentor'],
      ['user_id', other.id],
      ['email', 'someone.else@example.org'],
      ['checked_in', true],
      ['checked_in_at', '2030-03-01T09:00:00Z'],
      ['rsvp_status', 'accepted'],
      ['decisions_released', true],
    ] as const) {
      await refusedNaming(
        {
          method: 'POST',
          url: '/api/applications/hacker',
          headers: bearer(hacker.token),
          payload: { ...hackerAnswers(), resume_url: hacker.resume.file_url, [field]: value },
        },
        field,
      );
    }
  });

  it('draft: no status or owner beside the answers', async () => {
    for (const field of ['status', 'user_id']) {
      await refusedNaming(
        {
          method: 'PUT',
          url: '/api/applications/draft',
          headers: bearer(hacker.token),
          payload: { role: 'hacker', answers: {}, [field]: 'x' },
        },
        field,
      );
    }
  });

  it("RSVP: no application id (someone else's RSVP), status or check-in", async () => {
    for (const [field, value] of [
      ['_id', other.id],
      ['application_id', other.id],
      ['status', 'accepted'],
      ['checked_in', true],
    ] as const) {
      await refusedNaming(
        {
          method: 'POST',
          url: '/api/applications/rsvp',
          headers: bearer(accepted.token!),
          payload: { ...RSVP, [field]: value },
        },
        field,
      );
    }
    const { rows } = await ctx.database.pool.query<{ rsvp_status: string | null }>(
      'select rsvp_status from applications where id = any($1)',
      [[accepted.id, other.id]],
    );
    expect(rows.map((r) => r.rsvp_status)).toEqual([null, null]);
  });
});
