import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import type { SettingsVersion } from '../db/settings';
import type { PgListener } from './pg-listener';
import { READ_CACHE_CHANNEL, ReadCache, type CachedSession } from './read-cache';

/** A listener and a pool that echo each NOTIFY back, as PostgreSQL does, unless told to drop them. */
function harness(limits = { sessions: 3, answers: 3 }) {
  const listener = Object.assign(new EventEmitter(), { listen: vi.fn() });
  const echo = { on: true };
  const pool = {
    query: vi.fn(async (_text: string, params: [string, string]) => {
      if (echo.on) setImmediate(() => listener.emit('notification', params[0], params[1]));
      return { rows: [] };
    }),
  };
  const log = { warn: vi.fn() } as unknown as FastifyBaseLogger;
  const cache = new ReadCache(listener as unknown as PgListener, pool as unknown as pg.Pool, log, limits);
  const notify = (payload: string) => listener.emit('notification', READ_CACHE_CHANNEL, payload);
  listener.emit('listening', false);
  return { cache, listener, pool, echo, notify, log };
}

const session = (userId: string, now: number, fresh = 60_000): CachedSession => ({
  user: {
    id: userId,
    email: `${userId}@example.org`,
    role: 'hacker',
    emailVerified: true,
    sessionId: `s-${userId}`,
  },
  expiresAt: now + 3_600_000,
  freshUntil: now + fresh,
});
const body = (text: string) => text;

describe('ReadCache', () => {
  it('keeps nothing until it is listening, and forgets everything when the connection is lost', () => {
    const listener = Object.assign(new EventEmitter(), { listen: vi.fn() });
    const cache = new ReadCache(listener as unknown as PgListener, {} as pg.Pool, {} as FastifyBaseLogger);
    expect(listener.listen).toHaveBeenCalledWith(READ_CACHE_CHANNEL);
    expect(cache.ticket()).toBeUndefined();
    cache.storeAnswer(cache.ticket(), 'u1', body('{}'));
    expect(cache.answer('u1')).toBeUndefined();

    listener.emit('listening', false);
    cache.storeAnswer(cache.ticket(), 'u1', body('{"a":1}'));
    expect(cache.answer('u1')).toBe('{"a":1}');

    listener.emit('lost');
    expect(cache.enabled).toBe(false);
    expect(cache.answer('u1')).toBeUndefined();
    listener.emit('listening', true);
    expect(cache.answer('u1')).toBeUndefined();
  });

  it('does not store what was read before an invalidation arrived', () => {
    const { cache, notify } = harness();
    const ticket = cache.ticket();
    notify('u:someone-else');
    cache.storeAnswer(ticket, 'u1', body('stale'));
    expect(cache.answer('u1')).toBeUndefined();
    cache.storeAnswer(cache.ticket(), 'u1', body('fresh'));
    expect(cache.answer('u1')).toBe('fresh');
  });

  it('drops one user on u:<id> (answer and every session) and everything on *', () => {
    const { cache, notify } = harness({ sessions: 10, answers: 10 });
    const now = Date.now();
    for (const id of ['u1', 'u2']) {
      cache.storeAnswer(cache.ticket(), id, body(id));
      cache.storeSession(cache.ticket(), `${id}-phone`, session(id, now));
      cache.storeSession(cache.ticket(), `${id}-laptop`, session(id, now));
    }
    notify('u:u1');
    expect(cache.answer('u1')).toBeUndefined();
    expect(cache.session('u1-phone', now)).toBeUndefined();
    expect(cache.session('u1-laptop', now)).toBeUndefined();
    expect(cache.answer('u2')).toBe('u2');
    expect(cache.session('u2-phone', now)?.user.id).toBe('u2');
    notify('*');
    expect(cache.size).toEqual({ sessions: 0, answers: 0 });
  });

  it('keeps the settings row until s (a change to it) or *, and never what was read before either', () => {
    const { cache, notify } = harness();
    const now = Date.now();
    const row = (version: string) => ({ row: {} as SettingsVersion['row'], version });
    cache.storeAnswer(cache.ticket(), 'u1', body('u1'));
    cache.storeSession(cache.ticket(), 'u1-phone', session('u1', now));
    cache.storeSettings(cache.ticket(), row('v1'));
    expect(cache.settings()?.version).toBe('v1');

    const ticket = cache.ticket();
    notify('s');
    expect(cache.settings()).toBeUndefined();
    // Only the settings go: the applicant's answer and session stay.
    expect(cache.answer('u1')).toBe('u1');
    expect(cache.session('u1-phone', now)?.user.id).toBe('u1');
    cache.storeSettings(ticket, row('read-before-the-change'));
    expect(cache.settings()).toBeUndefined();

    cache.storeSettings(cache.ticket(), row('v2'));
    notify('*');
    expect(cache.settings()).toBeUndefined();
  });

  it("drops the custom questions and applicants' answers on q (a question changed), keeping sessions", () => {
    const { cache, notify } = harness();
    const now = Date.now();
    cache.storeAnswer(cache.ticket(), 'u1', body('u1'));
    cache.storeSession(cache.ticket(), 'u1-phone', session('u1', now));
    cache.storeCustomQuestions(cache.ticket(), []);
    expect(cache.customQuestions()).toEqual([]);
    const ticket = cache.ticket();
    notify('q');
    expect(cache.customQuestions()).toBeUndefined();
    // Answers list custom answers in the questions' order; sessions do not depend on them.
    expect(cache.answer('u1')).toBeUndefined();
    expect(cache.session('u1-phone', now)?.user.id).toBe('u1');
    cache.storeCustomQuestions(ticket, []);
    expect(cache.customQuestions()).toBeUndefined();
  });

  it('hands a session back to the database once its expiry or next activity stamp is due', () => {
    const { cache } = harness();
    const now = Date.now();
    cache.storeSession(cache.ticket(), 't', session('u1', now, 1000));
    expect(cache.session('t', now + 999)?.user.id).toBe('u1');
    expect(cache.session('t', now + 1000)).toBeUndefined();
    expect(cache.size.sessions).toBe(0);
  });

  it('holds at most its limit, dropping the oldest first', () => {
    const { cache } = harness({ sessions: 2, answers: 2 });
    const now = Date.now();
    for (const id of ['u1', 'u2', 'u3']) {
      cache.storeAnswer(cache.ticket(), id, body(id));
      cache.storeSession(cache.ticket(), `t-${id}`, session(id, now));
    }
    expect(cache.size).toEqual({ sessions: 2, answers: 2 });
    expect(cache.answer('u1')).toBeUndefined();
    expect(cache.session('t-u1', now)).toBeUndefined();
    expect(cache.answer('u3')).toBe('u3');
  });

  it('sync() returns when its own marker comes back; other instances’ markers change nothing', async () => {
    const { cache, notify, pool } = harness();
    cache.storeAnswer(cache.ticket(), 'u1', body('kept'));
    notify('b:another-instance:1');
    await cache.sync();
    expect(pool.query).toHaveBeenCalledWith('select pg_notify($1, $2)', [
      READ_CACHE_CHANNEL,
      expect.stringMatching(/^b:/),
    ]);
    expect(cache.answer('u1')).toBe('kept');
  });

  it('sync() empties the cache when its marker cannot be sent or does not come back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { cache, echo, pool, log } = harness();
      cache.storeAnswer(cache.ticket(), 'u1', body('x'));
      echo.on = false;
      const waiting = cache.sync();
      await vi.advanceTimersByTimeAsync(2000);
      await waiting;
      expect(cache.answer('u1')).toBeUndefined();
      expect(log.warn).toHaveBeenCalled();

      cache.storeAnswer(cache.ticket(), 'u1', body('y'));
      pool.query.mockRejectedValueOnce(new Error('connection refused'));
      await cache.sync();
      expect(cache.answer('u1')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
