/**
 * The applicant's own privacy actions (issue 21): downloading their data is audited; deleting their
 * account asks for the password again and leaves only a tombstone (deletion.ts).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { AppError, errors } from '../../errors';
import { audit, type AuditActor } from '../../lib/audit';
import type { SessionUser } from '../../lib/session-user';
import type { Storage } from '../../lib/storage';
import { maySelfDelete } from '../../policies/privacy';
import { burnPasswordCheck, verifyPassword } from '../auth/passwords';
import { deleteAccounts } from './deletion';

/** The code a wrong password answers with: the one the rate limit counts. */
export const WRONG_PASSWORD = 'invalid_credentials';

export async function deleteOwnAccount(
  db: Db,
  storage: Storage,
  user: SessionUser,
  password: string,
): Promise<void> {
  if (!maySelfDelete(user.role)) throw errors.forbidden('Staff accounts are removed by another admin.');
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
  if (!row) {
    // The same work as a real check, so a deleted-meanwhile account answers like a wrong password.
    await burnPasswordCheck(password);
    throw new AppError(400, WRONG_PASSWORD, 'That password is not right.');
  }
  if (!(await verifyPassword(row.hash, password)))
    throw new AppError(400, WRONG_PASSWORD, 'That password is not right.');
  await deleteAccounts(db, storage, { id: null, email: null, ip: null }, [user.id], {
    requireAll: true,
    self: true,
  });
}

/**
 * Records a data download. The applicant's own: no e-mail in the row (it would outlive a later
 * deletion's scrub only as the actor's, which the scrub clears). An admin's names the account.
 */
export async function auditExport(db: Db, actor: AuditActor, userId: string, self: boolean): Promise<void> {
  await audit(db, actor, {
    action: self ? 'privacy.export_self' : 'privacy.export',
    targetType: 'user',
    targetId: userId,
  });
}
