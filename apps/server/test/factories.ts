/**
 * Rows for the server tests, inserted straight into the database: a user, an application (with its
 * own user unless given one), a check-in record (with its own application unless given one). The
 * defaults pass the schema's and the routes' validation, so a test names only what it is about.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { applications, checkinRecords, users } from '../src/db/schema/index';
import { uniqueEmail } from './helper';

export type UserInsert = typeof users.$inferInsert;
export type UserRow = typeof users.$inferSelect;
export type ApplicationInsert = typeof applications.$inferInsert;
export type ApplicationRow = typeof applications.$inferSelect;
export type CheckinInsert = typeof checkinRecords.$inferInsert;
export type CheckinRow = typeof checkinRecords.$inferSelect;

/**
 * A user's columns: a unique address, verified (submitting needs one), and a hash no password
 * matches, so the user signs in only through a session the test makes.
 */
export function userValues(overrides: Partial<UserInsert> = {}): UserInsert {
  const role = overrides.role ?? 'hacker';
  return {
    email: uniqueEmail(role),
    passwordHash: 'not-a-password-hash',
    role,
    emailVerifiedAt: new Date(),
    ...overrides,
  };
}

/**
 * An application's columns for `user`: a hacker's, with the user's address, unless told. Started
 * when it was submitted (a form sent without a draft), unless told.
 */
export function applicationValues(
  user: { id: string; email: string },
  overrides: Partial<ApplicationInsert> = {},
): ApplicationInsert {
  return {
    role: 'hacker',
    firstName: 'Test',
    lastName: 'Applicant',
    email: user.email,
    ...(overrides.submittedAt ? { startedAt: overrides.submittedAt } : {}),
    ...overrides,
    userId: user.id,
  };
}

export async function buildUser(db: Db, overrides: Partial<UserInsert> = {}): Promise<UserRow> {
  const [row] = await db.insert(users).values(userValues(overrides)).returning();
  return row!;
}

/**
 * An application; without `userId`, a user of the application's role is made for it (`user`
 * overrides that user's columns). The address is the user's unless told.
 */
export async function buildApplication(
  db: Db,
  overrides: Partial<ApplicationInsert> & { user?: Partial<UserInsert> } = {},
): Promise<ApplicationRow> {
  const { user: userOverrides, ...columns } = overrides;
  const owner =
    columns.userId === undefined
      ? await buildUser(db, { role: columns.role ?? 'hacker', ...userOverrides })
      : (
          await db
            .select({ id: users.id, email: users.email })
            .from(users)
            .where(eq(users.id, columns.userId))
        )[0];
  if (!owner) throw new Error(`no user ${columns.userId}`);
  const [row] = await db.insert(applications).values(applicationValues(owner, columns)).returning();
  return row!;
}

/**
 * A check-in record, with its application's name and address. Without `applicationId` it is made
 * for an application of its own (built here); `applicationId: null` makes a record of no
 * application, as a CSV import or the desk does.
 */
export async function buildCheckin(db: Db, overrides: Partial<CheckinInsert> = {}): Promise<CheckinRow> {
  const { applicationId } = overrides;
  const parent =
    applicationId === undefined
      ? await buildApplication(db)
      : applicationId === null
        ? undefined
        : (await db.select().from(applications).where(eq(applications.id, applicationId)))[0];
  if (applicationId && !parent) throw new Error(`no application ${applicationId}`);
  const [row] = await db
    .insert(checkinRecords)
    .values({
      firstName: parent?.firstName ?? 'Ada',
      lastName: parent?.lastName ?? 'Lovelace',
      email: parent?.email ?? uniqueEmail('attendee'),
      applicationId: parent?.id ?? null,
      ...overrides,
    })
    .returning();
  return row!;
}
