/**
 * The one home of account deletion (issue 21): an applicant deleting their own account and an admin
 * deleting users (singly or in bulk) both come here, so what "deleted" means cannot drift apart.
 *
 * Removed: the account and its sessions and tokens, the application and its drafts, every file the
 * account uploaded (from the configured storage, local or S3), their check-in record, their consent
 * history and the e-mails queued or kept for them. Kept, without the person: station scans (their
 * record and application become null, so counts stay), and the audit log, scrubbed (below).
 */
import { and, eq, inArray, isNotNull, or, sql, type AnyColumn } from 'drizzle-orm';
import { SELF_DELETE_ACTION } from '@lanyard/shared/privacy';
import type { DbOrTx, Db } from '../../db/client';
import { applications, auditLog, checkinRecords, emailOutbox, uploads, users } from '../../db/schema/index';
import { errors } from '../../errors';
import type { AuditActor } from '../../lib/audit';
import type { Storage } from '../../lib/storage';
import { mayDeleteUsers } from '../../policies/users';
import { publishCheckin } from '../checkin/live';

/**
 * Keys an audit row about a deleted applicant keeps: what happened, never who it happened to
 * (names, e-mail, phone, school, answers and the check-in record's fields all go).
 */
const AUDIT_KEPT_KEYS = [
  'status',
  'role',
  'rsvp_status',
  'checked_in',
  'at',
  'outcome',
  'reason',
  'station',
  'station_id',
  'source',
  'given',
  'version',
] as const;

/** What replaces the deleted person's e-mail wherever it appears in other audit rows. */
export const ERASED = '[deleted account]';

export interface DeletionOptions {
  /** Refuse (404) when any id is unknown, instead of deleting the rest. */
  requireAll: boolean;
  /** The applicant deletes their own account: the tombstone names no actor. */
  self: boolean;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Scrubs what identifies the deleted applicants from the audit log (migration 0025 lets only this
 * transaction change actor_email, ip, before and after). Rows about them keep only AUDIT_KEPT_KEYS;
 * their e-mail is replaced wherever else it appears (a filter an admin searched with); rows they
 * made themselves lose the e-mail and address they were made from.
 */
async function scrubAudit(
  tx: DbOrTx,
  people: { userIds: string[]; appIds: string[]; recordIds: string[]; emails: string[] },
): Promise<void> {
  await tx.execute(sql`select set_config('lanyard.audit_scrub', 'on', true)`);
  const kept = sql.param([...AUDIT_KEPT_KEYS]);
  const keepOnly = (col: AnyColumn) => sql`case when jsonb_typeof(${col}) = 'object'
    then (select coalesce(jsonb_object_agg(k, v), '{}'::jsonb) from jsonb_each(${col}) as e(k, v)
           where k = any(${kept}::text[]))
    else null end`;
  await tx
    .update(auditLog)
    .set({ before: keepOnly(auditLog.before), after: keepOnly(auditLog.after) })
    .where(
      or(
        and(eq(auditLog.targetType, 'user'), inArray(auditLog.targetId, people.userIds)),
        people.appIds.length
          ? and(eq(auditLog.targetType, 'application'), inArray(auditLog.targetId, people.appIds))
          : undefined,
        people.recordIds.length
          ? and(eq(auditLog.targetType, 'checkin_record'), inArray(auditLog.targetId, people.recordIds))
          : undefined,
      ),
    );
  await tx
    .update(auditLog)
    .set({ actorEmail: null, ip: null })
    .where(inArray(auditLog.actorId, people.userIds));
  for (const email of new Set(people.emails.map((e) => e.toLowerCase()))) {
    // E-mails need no JSON escaping (letters, digits and . _ + - @), so the text form holds them as typed.
    const pattern = escapeRegex(email);
    const erase = (col: AnyColumn) =>
      sql`case when ${col}::text ~* ${pattern} then regexp_replace(${col}::text, ${pattern}, ${ERASED}, 'gi')::jsonb else ${col} end`;
    await tx
      .update(auditLog)
      .set({
        before: erase(auditLog.before),
        after: erase(auditLog.after),
        actorEmail: sql`case when lower(${auditLog.actorEmail}) = ${email} then null else ${auditLog.actorEmail} end`,
      })
      .where(
        or(
          sql`${auditLog.before}::text ~* ${pattern}`,
          sql`${auditLog.after}::text ~* ${pattern}`,
          sql`lower(${auditLog.actorEmail}) = ${email}`,
        ),
      );
  }
}

/**
 * Deletes accounts and everything of theirs (see the file's comment): the rows in one transaction,
 * then the files (a file whose removal fails is an orphan the upload sweep removes later).
 * Staff accounts keep the audit rows they made as they were: who did what stays accountable.
 */
export async function deleteAccounts(
  db: Db,
  storage: Storage,
  actor: AuditActor,
  ids: string[],
  opts: DeletionOptions,
): Promise<number> {
  const unique = [...new Set(ids)];
  if (!opts.self && !mayDeleteUsers(actor.id, unique))
    throw errors.badRequest('You cannot delete your own account.', 'self_delete');
  const { deleted, keys } = await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: users.id, email: users.email, role: users.role })
      .from(users)
      .where(inArray(users.id, unique))
      .orderBy(users.id)
      .for('update');
    if (opts.requireAll && rows.length !== unique.length) throw errors.notFound('User not found.');
    if (!rows.length) return { deleted: 0, keys: [] as string[] };
    const ownIds = rows.map((r) => r.id);
    const apps = await tx
      .select({ id: applications.id, userId: applications.userId, email: applications.email })
      .from(applications)
      .where(inArray(applications.userId, ownIds));
    const appIds = apps.map((a) => a.id);
    // The check-in record goes; its scans stay, counted, with record and application set null.
    const records = appIds.length
      ? await tx
          .delete(checkinRecords)
          .where(inArray(checkinRecords.applicationId, appIds))
          .returning({ id: checkinRecords.id, checkedIn: checkinRecords.checkedIn })
      : [];
    // The desks drop the record from their lists now (sent only if the deletion commits); `by` is
    // nobody's e-mail: the desks show who acted, and an applicant's own address must not go round.
    for (const r of records)
      await publishCheckin(tx, { type: 'deleted', record_id: r.id, checked_in: r.checkedIn, by: null });
    const files = await tx
      .delete(uploads)
      .where(inArray(uploads.ownerId, ownIds))
      .returning({ key: uploads.storageKey });
    const emails = [...rows.map((r) => r.email), ...apps.map((a) => a.email)].map((e) => e.toLowerCase());
    await eraseMail(tx, ownIds, emails);
    const applicants = rows.filter((r) => r.role === 'hacker' || r.role === 'mentor');
    if (applicants.length) {
      const applicantIds = new Set(applicants.map((r) => r.id));
      await scrubAudit(tx, {
        userIds: [...applicantIds],
        appIds: apps.filter((a) => applicantIds.has(a.userId)).map((a) => a.id),
        recordIds: records.map((r) => r.id),
        emails: [
          ...applicants.map((r) => r.email),
          ...apps.filter((a) => applicantIds.has(a.userId)).map((a) => a.email),
        ],
      });
    }
    // Sessions, tokens, drafts, the application (and its reviews), consent history and link-bearing
    // mail go with the account (ON DELETE CASCADE).
    await tx.delete(users).where(inArray(users.id, ownIds));
    const withApp = new Set(apps.map((a) => a.userId));
    await tx.insert(auditLog).values(
      rows.map((r) => ({
        // The tombstone says that an account went, never whose: no e-mail, name or address.
        actorId: opts.self ? null : actor.id,
        actorEmail: opts.self ? null : actor.email,
        ip: opts.self ? null : (actor.ip ?? null),
        action: opts.self ? SELF_DELETE_ACTION : 'user.delete',
        targetType: 'user',
        targetId: r.id,
        before: { role: r.role, had_application: withApp.has(r.id) },
        after: opts.self ? { note: 'applicant account deleted by its owner' } : null,
      })),
    );
    return { deleted: rows.length, keys: files.map((f) => f.key) };
  });
  // A few files at a time: thousands of removals at once would run out of file descriptors.
  for (let i = 0; i < keys.length; i += 50) {
    await Promise.all(keys.slice(i, i + 50).map((k) => storage.remove(k).catch(() => {})));
  }
  return deleted;
}

/**
 * Mail to the deleted people: queued messages are dropped (nothing more goes to them) and kept ones
 * deleted. Messages of an announcement that were sent or failed stay, emptied of address and body,
 * because the announcement counts its delivered and failed from them.
 */
async function eraseMail(tx: DbOrTx, userIds: string[], emails: string[]): Promise<void> {
  const theirs = or(
    inArray(emailOutbox.userId, userIds),
    sql`lower(${emailOutbox.toAddress}) = any(${sql.param(emails)}::text[])`,
  );
  const counted = and(isNotNull(emailOutbox.announcementId), inArray(emailOutbox.status, ['sent', 'failed']));
  await tx
    .update(emailOutbox)
    .set({ toAddress: ERASED, textBody: '', htmlBody: null, lastError: null, userId: null })
    .where(and(theirs, counted));
  // The emptied messages no longer match `theirs`: what is left of theirs goes.
  await tx.delete(emailOutbox).where(theirs);
}
