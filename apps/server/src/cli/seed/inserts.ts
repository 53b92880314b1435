import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applications, sessions, users } from '../../db/schema/index';
import { SESSION_ABSOLUTE_MS } from '../../modules/auth/sessions';
import { hashToken, randomToken } from '../../lib/tokens';
import type { FakePerson } from './fake-data';

export const BATCH = 1000;

export interface SeededAccount {
  email: string;
  userId: string;
}

export async function insertUsers(
  db: Db,
  people: FakePerson[],
  passwordHash: string,
): Promise<{ id: string }[]> {
  return (
    db
      .insert(users)
      // `applied` as the trigger on applications would set it a moment later (migration 0034): then
      // inserting the applications writes no user row again.
      .values(
        people.map((p) => ({
          email: p.email,
          passwordHash,
          role: p.role,
          emailVerifiedAt: new Date(),
          applied: true,
        })),
      )
      .returning({ id: users.id })
  );
}

export async function insertApplications(db: Db, rows: (typeof applications.$inferInsert)[]): Promise<void> {
  await db.insert(applications).values(rows);
  // Each account was made a little before its application was started, as a real one is, so the
  // Insights timeline shows registrations over the season rather than all on the day of the seed.
  await db.execute(sql`
    update users u set created_at = a.started_at - interval '5 minutes' * (1 + abs(hashtext(a.id::text)) % 600)
      from applications a
     where a.user_id = u.id and a.user_id = any(${sql.param(rows.map((r) => r.userId))}::uuid[])`);
}

/** Verified hacker accounts that have not applied yet. */
export async function insertBlankAccounts(
  db: Db,
  run: string,
  blankCount: number,
  passwordHash: string,
): Promise<SeededAccount[]> {
  const blank: SeededAccount[] = [];
  for (let offset = 0; offset < blankCount; offset += BATCH) {
    const emails = Array.from(
      { length: Math.min(BATCH, blankCount - offset) },
      (_, k) => `applicant.${run}.${offset + k}@seed.example.org`,
    );
    const inserted = await db
      .insert(users)
      .values(
        emails.map((email) => ({
          email,
          passwordHash,
          role: 'hacker' as const,
          emailVerifiedAt: new Date(),
        })),
      )
      .returning({ id: users.id, email: users.email });
    blank.push(...inserted.map((u) => ({ email: u.email, userId: u.id })));
  }
  return blank;
}

export async function insertCheckinRecords(db: Db, run: string, checkinCount: number): Promise<void> {
  // The door list is copied from applications (accepted first), about a third already checked in.
  // Unlinked, as a spreadsheet's would be: seeded applicants have no RSVP, and a record linked to
  // someone not confirmed would be taken off the list by the database's sync (decision 014).
  await db.execute(sql`
    insert into checkin_records (application_id, first_name, last_name, email, phone, school_name, role,
      major, birth_year, birth_month, birth_day, is_high_school, gender, race, shirt_size, travel_from,
      checked_in, checked_in_at, checked_in_by_email)
    select null, first_name, last_name, email, phone, school, role::text::checkin_role, major, birth_year,
      birth_month, birth_day, is_high_school, answers->>'gender', answers->>'race', shirt_size,
      answers->>'travelFrom', abs(hashtext(id::text)) % 3 = 0,
      -- Arrivals spread over the first three hours of the doors being open.
      case when abs(hashtext(id::text)) % 3 = 0
        then now() - interval '4 hours' + interval '1 minute' * (abs(hashtext(email)) % 180) end,
      case when abs(hashtext(id::text)) % 3 = 0 then 'door@seed.example.org' end
    from applications
    where email like ${`%.${run}.%@seed.example.org`}
    order by (status = 'accepted') desc, submitted_at, id
    limit ${checkinCount}`);
}

/** Signs the accounts in and writes their session tokens to `tokensOut` (JSON, readable by the owner only). */
export async function writeSessionTokens(
  db: Db,
  sessionSecret: string,
  signedIn: SeededAccount[],
  blank: SeededAccount[],
  tokensOut: string,
): Promise<void> {
  // Straight into the sessions table: signing in thousands of accounts through the API would
  // spend minutes on password hashing, which is not what a load test measures.
  const tokens = {
    applicants: [] as { email: string; token: string }[],
    blank: [] as { email: string; token: string }[],
  };
  const expiresAt = new Date(Date.now() + SESSION_ABSOLUTE_MS);
  for (const [list, out] of [
    [signedIn, tokens.applicants],
    [blank, tokens.blank],
  ] as const) {
    for (let offset = 0; offset < list.length; offset += BATCH) {
      const part = list.slice(offset, offset + BATCH).map((u) => ({ ...u, token: randomToken() }));
      await db.insert(sessions).values(
        part.map((u) => ({
          userId: u.userId,
          tokenHash: hashToken(sessionSecret, u.token),
          expiresAt,
          userAgent: 'lanyard-seed',
        })),
      );
      out.push(...part.map((u) => ({ email: u.email, token: u.token })));
    }
  }
  fs.writeFileSync(tokensOut, JSON.stringify(tokens), { mode: 0o600 });
}

export async function refreshStatistics(db: Db): Promise<void> {
  // Fresh statistics after a bulk load, as autovacuum would do a minute later: until then the
  // planner guesses a handful of rows and filters 50,000 applications by hand (EXPLAIN showed
  // 160 ms instead of 7 ms for a search with three filters). The vacuum marks the new rows visible
  // to all, as autovacuum would too: until then a count from an index alone (the Insights panels)
  // still reads every row it counts.
  await db.execute(sql`vacuum (analyze)`);
}
