import crypto from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type pg from 'pg';
import type { CustomQuestion } from '@lanyard/shared/questions/custom';
import type { SettingsVersion } from '../db/settings';
import type { SessionUser } from './session-user';
import type { PgListener } from './pg-listener';

/** Database triggers (migration 0004) send `u:<user id>` or `*` here on every change that matters. */
export const READ_CACHE_CHANNEL = 'lanyard_cache';

/** How long a barrier waits for its own notification before giving up and emptying the cache. */
const SYNC_TIMEOUT_MS = 2000;

export interface ReadCacheLimits {
  sessions: number;
  answers: number;
}

interface Entry<T> {
  userId: string;
  value: T;
}

/**
 * What every signed-in poll reads, kept in this instance's memory: sessions (by token hash),
 * each applicant's own application answer, and the settings row (read by every reviewer's call). At 5,000 applicants polling their dashboard, these two
 * reads are most of the database's work, and they rarely change.
 *
 * Correctness rests on three rules:
 * - Database triggers announce every change to the rows behind an entry (the user, their sessions,
 *   their application and resume, the release flags) with NOTIFY, so every instance drops the
 *   entry whoever made the change: an admin on another instance, the CLI, a bulk update.
 * - The cache is used only while this instance is LISTENing. When the connection drops, the cache
 *   empties and stays off until it is listening again (notifications sent meanwhile are lost).
 * - Read-your-writes on this instance: after any request that may have changed data, `sync()`
 *   sends a marker NOTIFY and waits for it to come back. PostgreSQL delivers notifications in
 *   commit order, so by then every invalidation that request caused has been applied, before its
 *   response leaves. Other instances apply it within the same few milliseconds (decision 006).
 *
 * A read that started before an invalidation must not store what it read: each read takes a ticket
 * (the invalidation count) first, and an entry is stored only if no invalidation happened since.
 */
export class ReadCache {
  private readonly sessions = new Map<string, Entry<CachedSession>>();
  private readonly sessionsByUser = new Map<string, Set<string>>();
  private readonly answers = new Map<string, Entry<string>>();
  // The settings row, read by every reviewer's call; dropped on 's' (any change to it) or '*'.
  private settingsEntry: SettingsVersion | undefined;
  // Every custom question (hidden ones too), read on every form load; dropped on 'q' or '*'.
  private questionsEntry: readonly CustomQuestion[] | undefined;
  private readonly waiters = new Map<string, () => void>();
  private readonly instance = crypto.randomBytes(6).toString('hex');
  private sequence = 0;
  private epoch = 0;
  private on = false;

  constructor(
    listener: PgListener,
    private readonly pool: pg.Pool,
    private readonly log: FastifyBaseLogger,
    private readonly limits: ReadCacheLimits = { sessions: 20_000, answers: 20_000 },
  ) {
    listener.listen(READ_CACHE_CHANNEL);
    listener.on('notification', (channel: string, payload: string) => {
      if (channel === READ_CACHE_CHANNEL) this.received(payload);
    });
    listener.on('listening', () => {
      this.clear();
      this.on = true;
    });
    listener.on('lost', () => {
      this.on = false;
      this.clear();
      for (const resolve of this.waiters.values()) resolve();
      this.waiters.clear();
    });
  }

  /** True while entries may be used (the instance is listening for invalidations). */
  get enabled(): boolean {
    return this.on;
  }

  get size(): { sessions: number; answers: number } {
    return { sessions: this.sessions.size, answers: this.answers.size };
  }

  /** Taken before a database read whose result may be stored; undefined while the cache is off. */
  ticket(): number | undefined {
    return this.on ? this.epoch : undefined;
  }

  session(tokenHash: string, now: number): CachedSession | undefined {
    if (!this.on) return undefined;
    const entry = this.sessions.get(tokenHash);
    if (!entry) return undefined;
    // Past these, the database decides again (and refreshes last_seen_at): see sessions.ts.
    if (now >= entry.value.expiresAt || now >= entry.value.freshUntil) {
      this.dropSession(tokenHash, entry.userId);
      return undefined;
    }
    return entry.value;
  }

  storeSession(ticket: number | undefined, tokenHash: string, value: CachedSession): void {
    if (ticket === undefined || ticket !== this.epoch || !this.on) return;
    if (this.sessions.size >= this.limits.sessions) {
      const oldest = this.sessions.entries().next().value;
      if (oldest) this.dropSession(oldest[0], oldest[1].userId);
    }
    this.sessions.set(tokenHash, { userId: value.user.id, value });
    let tokens = this.sessionsByUser.get(value.user.id);
    if (!tokens) this.sessionsByUser.set(value.user.id, (tokens = new Set()));
    tokens.add(tokenHash);
  }

  /** The applicant's own application, as the JSON body GET /api/applications/me sends. */
  answer(userId: string): string | undefined {
    return this.on ? this.answers.get(userId)?.value : undefined;
  }

  storeAnswer(ticket: number | undefined, userId: string, body: string): void {
    if (ticket === undefined || ticket !== this.epoch || !this.on) return;
    if (this.answers.size >= this.limits.answers) {
      const oldest = this.answers.keys().next().value;
      if (oldest !== undefined) this.answers.delete(oldest);
    }
    this.answers.set(userId, { userId, value: body });
  }

  /** The event's settings with their row version, as db/settings.ts readSettingsVersion reads them. */
  settings(): SettingsVersion | undefined {
    return this.on ? this.settingsEntry : undefined;
  }

  storeSettings(ticket: number | undefined, value: SettingsVersion): void {
    if (ticket === undefined || ticket !== this.epoch || !this.on) return;
    this.settingsEntry = value;
  }

  /** The custom questions of both roles, in role and position order (modules/custom-questions). */
  customQuestions(): readonly CustomQuestion[] | undefined {
    return this.on ? this.questionsEntry : undefined;
  }

  storeCustomQuestions(ticket: number | undefined, value: readonly CustomQuestion[]): void {
    if (ticket === undefined || ticket !== this.epoch || !this.on) return;
    this.questionsEntry = value;
  }

  /**
   * Returns once every change committed before the call has reached this instance's cache. Called
   * after each request that may have written, before its response is sent.
   */
  async sync(): Promise<void> {
    if (!this.on) return;
    const marker = `${this.instance}:${++this.sequence}`;
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<boolean>((resolve) => {
      this.waiters.set(marker, () => resolve(true));
      timer = setTimeout(() => resolve(false), SYNC_TIMEOUT_MS);
    });
    try {
      await this.pool.query('select pg_notify($1, $2)', [READ_CACHE_CHANNEL, `b:${marker}`]);
      if (await arrived) return;
      this.log.warn('read cache: an invalidation marker did not come back in time; emptying the cache');
    } catch {
      // The database is unreachable: whatever this request changed may not be announced yet.
    } finally {
      clearTimeout(timer);
      this.waiters.delete(marker);
    }
    this.clear();
  }

  private received(payload: string): void {
    if (payload.startsWith('b:')) {
      this.waiters.get(payload.slice(2))?.();
      return;
    }
    this.epoch++;
    if (payload.startsWith('u:')) this.dropUser(payload.slice(2));
    else if (payload === 's') this.settingsEntry = undefined;
    else if (payload === 'q') {
      // Applicants' answers list their custom answers in the questions' current order.
      this.questionsEntry = undefined;
      this.answers.clear();
    } else this.clear();
  }

  private dropUser(userId: string): void {
    this.answers.delete(userId);
    const tokens = this.sessionsByUser.get(userId);
    if (!tokens) return;
    for (const token of tokens) this.sessions.delete(token);
    this.sessionsByUser.delete(userId);
  }

  private dropSession(tokenHash: string, userId: string): void {
    this.sessions.delete(tokenHash);
    const tokens = this.sessionsByUser.get(userId);
    if (!tokens) return;
    tokens.delete(tokenHash);
    if (tokens.size === 0) this.sessionsByUser.delete(userId);
  }

  private clear(): void {
    this.epoch++;
    this.sessions.clear();
    this.sessionsByUser.clear();
    this.answers.clear();
    this.settingsEntry = undefined;
    this.questionsEntry = undefined;
  }
}

export interface CachedSession {
  user: SessionUser;
  /** Epoch milliseconds: the session's absolute expiry. */
  expiresAt: number;
  /** Epoch milliseconds: after this the database is asked again, which also records activity. */
  freshUntil: number;
}

/**
 * Sends a body the route's own serializer already produced (and the cache kept), as it is. A string,
 * not a Buffer: Node then writes headers and body in one write() rather than a writev() of two.
 */
export function sendSerialized(reply: { type(contentType: string): unknown }, body: string): FastifyReply {
  return (reply.type('application/json; charset=utf-8') as FastifyReply).send(body);
}
