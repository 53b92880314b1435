/** Fixtures for the Insights tests: an admin calling the panels, days in the event's time zone, people. */
import type { z } from 'zod';
import type { ApplicantRole, UserRole } from '@lanyard/shared/constants';
import type { InsightPanel } from '@lanyard/shared/insights';
import { applicationDrafts } from '../src/db/schema/index';
import { createSession } from '../src/modules/auth/sessions';
import { addDays, dayIn } from '../src/modules/insights/common';
import { buildApplication, buildUser, type ApplicationInsert, type UserRow } from './factories';
import { bearer, type TestContext } from './helper';

/** A signed-in user of any role (a session made directly, as the review tests do). */
export async function sessionOf(ctx: TestContext, role: UserRole): Promise<{ user: UserRow; token: string }> {
  const user = await buildUser(ctx.database.db, { role });
  return { user, token: await createSession(ctx.database.db, ctx.config.sessionSecret, user.id, {}) };
}

/** GET a panel as `token`; the status code and the body. */
export async function getPanel(
  ctx: TestContext,
  token: string | undefined,
  panel: InsightPanel,
  query = '',
): Promise<{ status: number; body: unknown }> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/admin/insights/${panel}${query ? `?${query}` : ''}`,
    ...(token ? { headers: bearer(token) } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

/** An admin's reader of the panels: each answer checked against its schema. */
export async function insightsReader(ctx: TestContext) {
  const { token } = await sessionOf(ctx, 'admin');
  return async <S extends z.ZodType>(schema: S, panel: InsightPanel, query = ''): Promise<z.infer<S>> => {
    const res = await getPanel(ctx, token, panel, query);
    if (res.status !== 200) throw new Error(`${panel}?${query}: ${res.status} ${JSON.stringify(res.body)}`);
    return schema.parse(res.body);
  };
}

/** The day `n` days from today in the event's time zone (YYYY-MM-DD). */
export function day(ctx: TestContext, n: number): string {
  return addDays(dayIn(new Date(), ctx.config.event.timeZone), n);
}

/**
 * Noon or so on that day in New York (the event's zone in config/event.json): 12:00 in winter,
 * 13:00 in summer, the same day either way.
 */
export function at(ctx: TestContext, n: number, time = '12:00'): Date {
  return new Date(`${day(ctx, n)}T${time}:00-05:00`);
}

export interface PersonSpec {
  role?: ApplicantRole;
  registered?: Date;
  /** A draft saved at this time (and no application). */
  draft?: Date;
  /** An application with these columns. */
  application?: Partial<ApplicationInsert>;
}

/** An applicant account, with a draft or an application when asked. */
export async function person(ctx: TestContext, spec: PersonSpec = {}) {
  const db = ctx.database.db;
  const role = spec.role ?? 'hacker';
  const user = await buildUser(db, { role, ...(spec.registered ? { createdAt: spec.registered } : {}) });
  if (spec.draft) {
    await db
      .insert(applicationDrafts)
      .values({ userId: user.id, role, answers: {}, createdAt: spec.draft, updatedAt: spec.draft });
  }
  const application = spec.application
    ? await buildApplication(db, { role, ...spec.application, userId: user.id })
    : undefined;
  return { user, application };
}

/** `count` people made by `spec(i)`, one after another. */
export async function people(ctx: TestContext, count: number, spec: (i: number) => PersonSpec) {
  const out = [];
  for (let i = 0; i < count; i += 1) out.push(await person(ctx, spec(i)));
  return out;
}
