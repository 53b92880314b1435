/**
 * What an admin may do to user accounts. An admin never locks themself out: they cannot take away
 * their own admin role nor delete their own account (another admin can). A new role takes effect at
 * once: the sessions that carried the old permissions end.
 */
import type { UserRole } from '@lanyard/shared/constants';

/** May the acting admin give this account `nextRole` (undefined: the role stays)? */
export function mayChangeRole(
  actorId: string | null,
  targetId: string,
  nextRole: UserRole | undefined,
): boolean {
  return actorId !== targetId || nextRole === undefined || nextRole === 'admin';
}

/** May the acting admin delete these accounts? Not when their own is among them. */
export function mayDeleteUsers(actorId: string | null, targetIds: readonly string[]): boolean {
  return actorId === null || !targetIds.includes(actorId);
}

/** Does this change end the account's sessions? Any change of role. */
export function endsSessions(before: UserRole, nextRole: UserRole | undefined): boolean {
  return nextRole !== undefined && nextRole !== before;
}
