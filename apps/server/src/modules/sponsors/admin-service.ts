// Admins' side of the resume book: sponsor accounts (created with their company and window), the
// book's rule, and each sponsor's activity as the audit log records it.
import { eq, sql } from 'drizzle-orm';
import type {
  AdminSponsor,
  AdminSponsorsResponse,
  BookRule,
  CreateSponsorBody,
  UpdateSponsorBody,
} from '@lanyard/shared/sponsors';
import type { Db, DbOrTx } from '../../db/client';
import { sponsorSettings, sponsors, users } from '../../db/schema/index';
import { AppError, errors } from '../../errors';
import { audit, type AuditActor } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/pg-errors';
import { hashPassword, weakPasswordReason } from '../auth/passwords';
import { revokeAllSessions } from '../auth/sessions';
import { SPONSOR_ACTIONS } from './audit-actions';

/** The book's rule; no row yet reads as confirmed attendees. */
export async function readBookRule(db: DbOrTx): Promise<BookRule> {
  const [row] = await db.select({ rule: sponsorSettings.bookRule }).from(sponsorSettings).limit(1);
  return row?.rule ?? 'confirmed';
}

export async function setBookRule(db: Db, actor: AuditActor, rule: BookRule): Promise<BookRule> {
  await db.transaction(async (tx) => {
    const before = await readBookRule(tx);
    await tx
      .insert(sponsorSettings)
      .values({ id: 1, bookRule: rule })
      .onConflictDoUpdate({ target: sponsorSettings.id, set: { bookRule: rule, updatedAt: new Date() } });
    await audit(tx, actor, {
      action: 'sponsor.settings',
      targetType: 'settings',
      before: { book_rule: before },
      after: { book_rule: rule },
    });
  });
  return rule;
}

/**
 * Every sponsor account with what it did: distinct people whose resume it previewed or downloaded,
 * and its last recorded action. Read from the audit log through its partial sponsor index.
 */
export async function listSponsors(db: Db): Promise<AdminSponsorsResponse> {
  const { rows } = await db.execute<{
    user_id: string;
    email: string;
    company: string;
    access_from: Date | string;
    access_until: Date | string;
    viewed: number;
    downloaded: number;
    last_at: Date | string | null;
  }>(sql`
    select s.user_id, u.email, s.company, s.access_from, s.access_until,
           coalesce(a.viewed, 0)::int as viewed, coalesce(a.downloaded, 0)::int as downloaded, a.last_at
      from ${sponsors} s
      join ${users} u on u.id = s.user_id
      left join lateral (
        select count(distinct l.target_id) filter (where l.action = ${SPONSOR_ACTIONS.view}) as viewed,
               count(distinct l.target_id) filter (where l.action = ${SPONSOR_ACTIONS.download}) as downloaded,
               max(l.created_at) as last_at
          from audit_log l
         where l.actor_id = s.user_id and l.action like 'sponsor.%'
      ) a on true
     order by lower(s.company), u.email`);
  const iso = (v: Date | string) => new Date(v).toISOString();
  const list: AdminSponsor[] = rows.map((r) => ({
    user_id: r.user_id,
    email: r.email,
    company: r.company,
    access_from: iso(r.access_from),
    access_until: iso(r.access_until),
    resumes_viewed: Number(r.viewed),
    resumes_downloaded: Number(r.downloaded),
    last_activity_at: r.last_at === null ? null : iso(r.last_at),
  }));
  return { sponsors: list, book_rule: await readBookRule(db) };
}

async function oneSponsor(db: Db, userId: string): Promise<AdminSponsor> {
  const found = (await listSponsors(db)).sponsors.find((s) => s.user_id === userId);
  if (!found) throw errors.notFound('Sponsor not found.');
  return found;
}

export async function createSponsor(
  db: Db,
  actor: AuditActor,
  body: CreateSponsorBody,
): Promise<AdminSponsor> {
  const weak = weakPasswordReason(body.password, body.email);
  if (weak) throw new AppError(400, 'weak_password', weak);
  const passwordHash = await hashPassword(body.password);
  try {
    const id = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: body.email, passwordHash, role: 'sponsor', emailVerifiedAt: new Date() })
        .returning({ id: users.id });
      const window = { accessFrom: new Date(body.access_from), accessUntil: new Date(body.access_until) };
      await tx.insert(sponsors).values({ userId: user!.id, company: body.company, ...window });
      await audit(tx, actor, {
        action: 'user.create',
        targetType: 'user',
        targetId: user!.id,
        after: { email: body.email, role: 'sponsor', company: body.company, ...window },
      });
      return user!.id;
    });
    return oneSponsor(db, id);
  } catch (err) {
    if (isUniqueViolation(err))
      throw errors.conflict('An account with this email already exists.', 'email_taken');
    throw err;
  }
}

/** A new company or window. Shortening the window ends the sponsor's sessions: access stops at once. */
export async function updateSponsor(
  db: Db,
  actor: AuditActor,
  userId: string,
  body: UpdateSponsorBody,
): Promise<AdminSponsor> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(sponsors).where(eq(sponsors.userId, userId)).for('update');
    if (!before) throw errors.notFound('Sponsor not found.');
    const next = {
      company: body.company ?? before.company,
      accessFrom: body.access_from ? new Date(body.access_from) : before.accessFrom,
      accessUntil: body.access_until ? new Date(body.access_until) : before.accessUntil,
    };
    if (next.accessUntil <= next.accessFrom)
      throw errors.badRequest('access_until: Access must end after it starts', 'validation_error');
    await tx.update(sponsors).set(next).where(eq(sponsors.userId, userId));
    if (next.accessUntil < before.accessUntil) await revokeAllSessions(tx, userId);
    await audit(tx, actor, {
      action: 'sponsor.update',
      targetType: 'user',
      targetId: userId,
      before: { company: before.company, accessFrom: before.accessFrom, accessUntil: before.accessUntil },
      after: next,
    });
  });
  return oneSponsor(db, userId);
}
