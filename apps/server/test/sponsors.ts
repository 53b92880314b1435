/** Fixtures for the resume book tests: sponsor accounts (made as admins make them) and book entries. */
import { eq } from 'drizzle-orm';
import { applications, checkinRecords } from '../src/db/schema/index';
import { submittedHacker } from './admin';
import { buildCheckin } from './factories';
import { bearer, createAdmin, GOOD_PASSWORD, uniqueEmail, type TestContext } from './helper';

const HOUR = 3_600_000;

export interface SponsorSession {
  userId: string;
  email: string;
  token: string;
}

/** A sponsor account created through the admin API and signed in at the admin login. */
export async function sponsorSession(
  ctx: TestContext,
  window: { from?: Date; until?: Date; company?: string } = {},
  admin?: { token: string },
): Promise<SponsorSession> {
  const by = admin ?? (await createAdmin(ctx));
  const email = uniqueEmail('sponsor');
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/sponsors',
    headers: bearer(by.token),
    payload: {
      email,
      password: GOOD_PASSWORD,
      company: window.company ?? 'Acme Corp',
      access_from: (window.from ?? new Date(Date.now() - HOUR)).toISOString(),
      access_until: (window.until ?? new Date(Date.now() + 24 * HOUR)).toISOString(),
    },
  });
  if (res.statusCode !== 201) throw new Error(`sponsor create failed: ${res.statusCode} ${res.body}`);
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/admin/login',
    payload: { email, password: GOOD_PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`sponsor login failed: ${login.statusCode} ${login.body}`);
  return {
    userId: (res.json() as { user_id: string }).user_id,
    email,
    token: (login.json() as { access_token: string }).access_token,
  };
}

/** A birth date `years` years before the event's first day, moved by `days` (+1: a day too young). */
export function birthFor(eventStart: string, years: number, days = 0) {
  const [y, m, d] = eventStart.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(y - years, m - 1, d + days));
  return { birthYear: at.getUTCFullYear(), birthMonth: at.getUTCMonth() + 1, birthDay: at.getUTCDate() };
}

export interface BookPerson {
  appId: string;
  email: string;
  token: string;
  phone: string;
}

/**
 * A submitted hacker with a resume, by default in the book: an adult, accepted, attending and
 * consenting, with links. `patch` changes any of that; `checkedIn` adds a door record checked in.
 */
export async function bookPerson(
  ctx: TestContext,
  patch: Partial<typeof applications.$inferInsert> = {},
  opts: { checkedIn?: boolean; answers?: Record<string, unknown> } = {},
): Promise<BookPerson> {
  const a = await submittedHacker(ctx, opts.answers ?? {});
  const phone = '+1 555 0100';
  await ctx.database.db
    .update(applications)
    .set({
      status: 'accepted',
      rsvpStatus: 'accepted',
      sponsorConsent: true,
      phone,
      linkedinUrl: 'https://www.linkedin.com/in/someone',
      githubUrl: 'https://github.com/someone',
      ...birthFor(ctx.config.event.startDate, 25),
      ...patch,
    })
    .where(eq(applications.id, a.appId));
  if (opts.checkedIn) {
    // Confirming may already have put them on the door list: check that record in, or make one.
    const done = await ctx.database.db
      .update(checkinRecords)
      .set({ checkedIn: true, checkedInAt: new Date() })
      .where(eq(checkinRecords.applicationId, a.appId))
      .returning({ id: checkinRecords.id });
    if (!done.length)
      await buildCheckin(ctx.database.db, {
        applicationId: a.appId,
        checkedIn: true,
        checkedInAt: new Date(),
      });
  }
  return { appId: a.appId, email: a.email, token: a.token, phone };
}
