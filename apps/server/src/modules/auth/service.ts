import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  isStaffRole,
  type ApplicantRole,
  type ApplicantViewStatus,
  type UserRole,
} from '@lanyard/shared/constants';
import type { PublicUser } from '@lanyard/shared/auth';
import type { AppConfig } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { applicationDrafts, applications, authTokens, users } from '../../db/schema/index';
import { readSettings } from '../../db/settings';
import { visibleStatus } from '../../policies/decisions';
import { AppError, errors } from '../../errors';
import { clearLimit } from '../../lib/rate-limit';
import { accountSignInKey } from './limits';
import { isUniqueViolation } from '../../lib/pg-errors';
import { hashToken } from '../../lib/tokens';
import { queueResetRequest, queueVerification } from './link-mail';
import { burnPasswordCheck, hashPassword, verifyPassword, weakPasswordReason } from './passwords';
import { createSession, revokeAllSessions } from './sessions';

export const RESET_REQUESTED_MESSAGE =
  "If an account exists for that email, we've sent a link to reset your password. It works for one hour.";

interface Ctx {
  db: Db;
  config: AppConfig;
  ip: string;
  userAgent?: string;
}

/** The status an applicant may see: decisions stay "submitted" until their role's decisions are released. */
export async function applicantViewStatus(
  db: DbOrTx,
  userId: string,
  role: UserRole,
): Promise<PublicUser['applicationStatus']> {
  if (isStaffRole(role)) return 'admin';
  const [rows, s] = await Promise.all([
    db
      .select({ status: applications.status, role: applications.role })
      .from(applications)
      .where(eq(applications.userId, userId))
      .limit(1),
    readSettings(db),
  ]);
  const row = rows[0];
  if (!row) {
    const draft = await db
      .select({ userId: applicationDrafts.userId })
      .from(applicationDrafts)
      .where(eq(applicationDrafts.userId, userId));
    return draft[0] ? 'in_progress' : 'not_started';
  }
  return visibleStatus(row, s) satisfies ApplicantViewStatus;
}

export async function toPublicUser(
  db: DbOrTx,
  user: { id: string; email: string; role: UserRole; emailVerified: boolean },
): Promise<PublicUser> {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    applicationStatus: await applicantViewStatus(db, user.id, user.role),
    emailVerified: user.emailVerified,
  };
}

function rejectWeak(password: string, email: string): void {
  const reason = weakPasswordReason(password, email);
  if (reason) throw new AppError(400, 'weak_password', reason);
}

/** Marks a token used, once: of two concurrent uses only one gets the row back. */
async function consumeToken(
  db: DbOrTx,
  config: AppConfig,
  token: string,
  kind: 'email_verification' | 'password_reset',
): Promise<string | undefined> {
  const rows = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(config.sessionSecret, token)),
        eq(authTokens.kind, kind),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: authTokens.userId });
  return rows[0]?.userId;
}

export async function register(
  ctx: Ctx,
  body: { email: string; password: string; role: ApplicantRole },
): Promise<{ token: string; user: PublicUser }> {
  rejectWeak(body.password, body.email);
  const passwordHash = await hashPassword(body.password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: body.email, passwordHash, role: body.role })
        .returning({ id: users.id, email: users.email, role: users.role });
      await queueVerification(tx, ctx.config, user!);
      const token = await createSession(tx, ctx.config.sessionSecret, user!.id, ctx);
      return { token, user: { ...user!, applicationStatus: 'not_started' as const, emailVerified: false } };
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw errors.conflict(
        'An account with this email already exists. Please sign in instead.',
        'email_taken',
      );
    }
    throw err;
  }
}

export async function login(
  ctx: Ctx,
  body: { email: string; password: string },
  opts: { adminOnly: boolean },
): Promise<{ token: string; user: PublicUser }> {
  const rows = await ctx.db.select().from(users).where(eq(users.email, body.email)).limit(1);
  const user = rows[0];
  const valid = user
    ? await verifyPassword(user.passwordHash, body.password)
    : await burnPasswordCheck(body.password).then(() => false);
  // The route's rate limit counts this code (SIGN_IN_LIMIT).
  if (!user || !valid) throw errors.unauthorized('Invalid email or password.', 'invalid_credentials');
  // Volunteers and reviewers sign in here too; the server keeps them to /checkin ('staff') and
  // /review ('reviewer').
  if (opts.adminOnly && !isStaffRole(user.role)) {
    throw errors.forbidden('This account is not authorized for the admin portal.', 'not_admin');
  }
  const token = await createSession(ctx.db, ctx.config.sessionSecret, user.id, ctx);
  await ctx.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  return {
    token,
    user: await toPublicUser(ctx.db, { ...user, emailVerified: user.emailVerifiedAt !== null }),
  };
}

/**
 * Answers at once, after the same work for every address: the rate limits, then one queued
 * request. Whether the account exists is found out by the outbox worker, which mails the link
 * only to a known address and deletes the request otherwise (docs/decisions/007).
 */
export async function requestPasswordReset(ctx: Ctx, email: string): Promise<void> {
  await queueResetRequest(ctx.db, ctx.config, email);
}

export async function completePasswordReset(
  ctx: Ctx,
  body: { oob_code: string; new_password: string },
): Promise<void> {
  const passwordHash = await hashPassword(body.new_password);
  await ctx.db.transaction(async (tx) => {
    const userId = await consumeToken(tx, ctx.config, body.oob_code, 'password_reset');
    if (!userId)
      throw errors.badRequest(
        'This reset link is invalid or has expired. Please ask for a new one.',
        'invalid_token',
      );
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    rejectWeak(body.new_password, user?.email ?? '');
    // A reset proves control of the mailbox, so it verifies the address too.
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date(), emailVerifiedAt: user ? new Date() : null })
      .where(eq(users.id, userId));
    await revokeAllSessions(tx, userId);
    if (user) await clearLimit(tx, accountSignInKey(user.email));
    // Other outstanding reset links die with this one.
    await tx
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(
        and(eq(authTokens.userId, userId), eq(authTokens.kind, 'password_reset'), isNull(authTokens.usedAt)),
      );
  });
}

export async function verifyEmail(ctx: Ctx, token: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const userId = await consumeToken(tx, ctx.config, token, 'email_verification');
    if (!userId)
      throw errors.badRequest('This verification link is invalid or has expired.', 'invalid_token');
    await tx
      .update(users)
      .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, userId));
  });
}

export async function resendVerification(
  ctx: Ctx,
  user: { id: string; email: string; emailVerified: boolean },
): Promise<void> {
  if (user.emailVerified) throw errors.badRequest('Your email is already verified.', 'already_verified');
  await ctx.db.transaction((tx) => queueVerification(tx, ctx.config, user));
}

/** Creates or promotes an admin account (CLI and first start). */
export async function upsertAdmin(db: Db, email: string, password: string): Promise<'created' | 'updated'> {
  const normalized = email.trim().toLowerCase();
  rejectWeak(password, normalized);
  if (password.length < 8 || password.length > 128) {
    throw new AppError(400, 'weak_password', 'The admin password must be 8 to 128 characters.');
  }
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    // Insert first: instances starting at once with the same ADMIN_EMAIL must not both insert.
    // A concurrent insert makes this one wait, then do nothing, and the update below sees its row.
    const inserted = await tx
      .insert(users)
      .values({ email: normalized, passwordHash, role: 'admin', emailVerifiedAt: new Date() })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (inserted[0]) return 'created';
    const [existing] = await tx
      .update(users)
      .set({ role: 'admin', passwordHash, updatedAt: new Date(), emailVerifiedAt: new Date() })
      .where(eq(users.email, normalized))
      .returning({ id: users.id });
    await revokeAllSessions(tx, existing!.id);
    return 'updated';
  });
}

export async function adminCount(db: Db): Promise<number> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  return rows.length;
}
