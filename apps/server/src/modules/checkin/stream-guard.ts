import type { CheckinEvent } from '@lanyard/shared/checkin';
import type { DbOrTx } from '../../db/client';
import type { SessionUser } from '../../lib/session-user';
import { sessionStanding } from '../auth/sessions';
import type { CheckinLive } from './live';

/** setTimeout's longest delay; a session lapsing later is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Events held while a check is under way; past this, the desk is told to reload instead. */
const MAX_HELD = 500;

export interface GuardedStreamOptions {
  db: DbOrTx;
  live: CheckinLive | undefined;
  user: SessionUser;
  send(event: CheckinEvent): void;
  /** Ends the stream: the session was revoked, expired or lapsed, or the user's role changed or they were deleted. */
  end(): void;
}

/**
 * Passes live check-in events to one open stream only while its session stands and its user keeps
 * the role the stream was opened with (the route has checked that role may listen).
 *
 * Every instance learns of a revoked session, a role change or a deleted user from the triggers'
 * notifications (CheckinLive's `access` event), whoever made the change. The stream then asks the
 * database again, and holds back events until it has the answer: PostgreSQL delivers notifications
 * in commit order on one connection, so a check-in committed after the revocation is never sent.
 * The same hold covers the gap between the request's sign-in check and this guard's start. A timer
 * looks again when the session would lapse (absolute or idle expiry). Returns a stop function.
 */
export function guardStream(opts: GuardedStreamOptions): () => void {
  const { db, live, user } = opts;
  let stopped = false;
  let checking = false;
  let checkAgain = false;
  let held: CheckinEvent[] | undefined = [];
  let timer: NodeJS.Timeout | undefined;

  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    live?.off('event', onEvent);
    live?.off('access', onAccess);
    held = undefined;
  };

  const endStream = () => {
    stop();
    opts.end();
  };

  function onEvent(event: CheckinEvent): void {
    if (stopped) return;
    if (!held) return opts.send(event);
    if (held.length < MAX_HELD) held.push(event);
    else
      held = [
        { type: 'reloaded', record_id: null, checked_in: null, by: null, at: new Date().toISOString() },
      ];
  }

  function onAccess(userId: string): void {
    if (userId === user.id || userId === '*') void check();
  }

  async function check(): Promise<void> {
    held ??= [];
    if (checking) {
      checkAgain = true;
      return;
    }
    checking = true;
    try {
      do {
        checkAgain = false;
        const standing = await sessionStanding(db, user.sessionId).catch(() => undefined);
        if (stopped) return;
        // Fails closed (no answer ends it too: the desk reconnects and is checked afresh). Any role
        // change ends it, even to another role that may listen.
        if (!standing || standing.userId !== user.id || standing.role !== user.role) return endStream();
        clearTimeout(timer);
        timer = setTimeout(
          () => void check(),
          Math.min(MAX_TIMER_MS, Math.max(0, standing.lapsesAt - Date.now()) + 50),
        );
        timer.unref();
      } while (checkAgain);
      const release = held;
      held = undefined;
      for (const event of release) opts.send(event);
    } finally {
      checking = false;
    }
  }

  live?.on('event', onEvent);
  live?.on('access', onAccess);
  void check();
  return stop;
}
