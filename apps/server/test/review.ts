/** Fixtures for the review tests: reviewer accounts with sessions, submitted applications, calls. */
import type { HTTPMethods, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { UserRole } from '@lanyard/shared/constants';
import type { ReviewNextResponse, SubmitReviewBody } from '@lanyard/shared/review';
import { createSession } from '../src/modules/auth/sessions';
import { seedApplications, type ApplicationInsert, type Seeded } from './admin';
import { buildUser } from './factories';
import { bearer, type TestContext } from './helper';

export interface ReviewerSession {
  id: string;
  email: string;
  token: string;
  call(method: HTTPMethods, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  next(): Promise<ReviewNextResponse>;
}

/** A signed-in reviewer (or admin), calling `ctx`'s app unless another app is given. */
export async function reviewerSession(
  ctx: TestContext,
  role: UserRole = 'reviewer',
  app: TestContext['app'] = ctx.app,
): Promise<ReviewerSession> {
  const user = await buildUser(ctx.database.db, { role });
  const token = await createSession(ctx.database.db, ctx.config.sessionSecret, user.id, {});
  const call: ReviewerSession['call'] = (method, url, payload) =>
    app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  return {
    id: user.id,
    email: user.email,
    token,
    call,
    async next() {
      const res = await call('GET', '/api/review/next');
      if (res.statusCode !== 200) throw new Error(`next failed: ${res.statusCode} ${res.body}`);
      return res.json() as ReviewNextResponse;
    },
  };
}

/** The same reviewer, calling another app (a second server instance). */
export function onApp(r: ReviewerSession, app: TestContext['app']): ReviewerSession {
  const call: ReviewerSession['call'] = (method, url, payload) =>
    app.inject({
      method,
      url,
      headers: bearer(r.token),
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  return {
    ...r,
    call,
    async next() {
      const res = await call('GET', '/api/review/next');
      if (res.statusCode !== 200) throw new Error(`next failed: ${res.statusCode} ${res.body}`);
      return res.json() as ReviewNextResponse;
    },
  };
}

const BASE = Date.parse('2026-01-01T00:00:00Z');

/** Submitted hacker applications, the i-th submitted i minutes after the first (oldest first). */
export async function submittedApplications(
  ctx: TestContext,
  count: number,
  make: (i: number) => Partial<ApplicationInsert> = () => ({}),
): Promise<Seeded[]> {
  return seedApplications(ctx, count, (i) => ({
    status: 'submitted',
    submittedAt: new Date(BASE + i * 60_000),
    ...make(i),
  }));
}

/** Scores for the default hacker rubric, every criterion at `score` unless told. */
export function hackerScores(score = 3, overrides: Record<string, number> = {}): SubmitReviewBody {
  return { scores: { experience: score, motivation: score, creativity: score, ...overrides } };
}

/** The review columns of an application, as the queue and the admin's scores read them. */
export async function reviewColumns(ctx: TestContext, applicationId: string) {
  const { rows } = await ctx.database.pool.query<{
    review_count: number;
    review_score_raw: number | null;
    review_flagged: boolean;
    review_disputed: boolean;
    review_complete: boolean;
  }>(
    `select review_count, review_score_raw, review_flagged, review_disputed, review_complete
       from applications where id = $1`,
    [applicationId],
  );
  return rows[0]!;
}

/** Makes every hold of an application run out, as the clock would. */
export async function expireHolds(ctx: TestContext, applicationId?: string): Promise<void> {
  await ctx.database.pool.query(
    `update review_holds set expires_at = now() - interval '1 second'
      where $1::uuid is null or application_id = $1`,
    [applicationId ?? null],
  );
}

export async function releaseDecisions(ctx: TestContext, role: 'hacker' | 'mentor', released = true) {
  await ctx.database.pool.query(
    `update settings set ${role === 'mentor' ? 'mentor' : 'hacker'}_decisions_released = $1`,
    [released],
  );
}
