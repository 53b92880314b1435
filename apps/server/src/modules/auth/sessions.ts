import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { sessions, users } from '../../db/schema/index';
import type { ReadCache } from '../../lib/read-cache';
import type { SessionUser } from '../../lib/session-user';
import { hashToken, randomToken } from '../../lib/tokens';
import type { UserRole } from '@lanyard/shared/constants';

export const SESSION_IDLE_MS = 7 * 24 * 3600_000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600_000;
// last_seen_at is refreshed at most this often, so reading a dashboard is not a write.
const TOUCH_INTERVAL_MS = 5 * 60_000;

export async function createSession(
  db: DbOrTx,
  secret: string,
  userId: string,
  meta: { userAgent?: string; ip?: string },
): Promise<string> {
  const token = randomToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(secret, token),
    expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
    ip: meta.ip ?? null,
  });
  return token;
}

/**
 * Every signed-in request looks its session up: one prepared statement per database, so the query
 * is planned once per connection instead of built and parsed each time (npm run bench profiles).
 */
const sessionQueries = new WeakMap<Db, ReturnType<typeof prepareFindSession>>();
function prepareFindSession(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      id: users.id,
      email: users.email,
      role: users.role,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
      ),
    )
    .limit(1)
    .prepare('find_session');
}

export async function findSession(
  db: Db,
  secret: string,
  token: string,
  cache?: ReadCache,
): Promise<SessionUser | undefined> {
  const now = new Date();
  const tokenHash = hashToken(secret, token);
  const cached = cache?.session(tokenHash, now.getTime());
  if (cached) return cached.user;
  const ticket = cache?.ticket();
  let query = sessionQueries.get(db);
  if (!query) sessionQueries.set(db, (query = prepareFindSession(db)));
  const rows = await query.execute({
    tokenHash,
    now,
    idleSince: new Date(now.getTime() - SESSION_IDLE_MS),
  });
  const row = rows[0];
  if (!row) return undefined;
  let lastSeenAt = row.lastSeenAt.getTime();
  if (now.getTime() - lastSeenAt > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
    lastSeenAt = now.getTime();
  }
  const user: SessionUser = {
    id: row.id,
    email: row.email,
    role: row.role,
    emailVerified: row.emailVerifiedAt !== null,
    sessionId: row.sessionId,
  };
  cache?.storeSession(ticket, tokenHash, {
    user,
    expiresAt: row.expiresAt.getTime(),
    // Until the next touch is due: the database then checks idleness and records activity again.
    freshUntil: lastSeenAt + TOUCH_INTERVAL_MS,
  });
  return user;
}

export interface SessionStanding {
  userId: string;
  role: UserRole;
  /** Epoch milliseconds when it lapses unless used meanwhile: absolute or idle expiry, the earlier. */
  lapsesAt: number;
}

/**
 * Whether a session still stands, asked of the database (never the read cache): for long-lived
 * connections such as the check-in event stream, which must end as soon as their session does.
 */
export async function sessionStanding(
  db: DbOrTx,
  sessionId: string,
  now = new Date(),
): Promise<SessionStanding | undefined> {
  const [row] = await db
    .select({
      userId: sessions.userId,
      role: users.role,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  return {
    userId: row.userId,
    role: row.role,
    lapsesAt: Math.min(row.expiresAt.getTime(), row.lastSeenAt.getTime() + SESSION_IDLE_MS),
  };
}

export async function revokeSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function revokeAllSessions(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function pruneSessions(db: Db): Promise<void> {
  await db.execute(
    sql`delete from sessions where expires_at < now() or revoked_at < now() - interval '1 day' or last_seen_at < now() - interval '8 days'`,
  );
}
