import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { CheckinEvent } from '@lanyard/shared/checkin';
import type { DbOrTx } from '../../db/client';
import { PgListener } from '../../lib/pg-listener';
import { READ_CACHE_CHANNEL } from '../../lib/read-cache';
import { sql } from 'drizzle-orm';

const CHANNEL = 'lanyard_checkin';

/**
 * Check-in changes reach every desk: each change is published with PostgreSQL NOTIFY (sent when
 * its transaction commits), every server instance LISTENs, and passes it on to its connected
 * desks over server-sent events. Several instances behind a load balancer stay in step.
 *
 * It also passes on which users' sessions or roles may have changed (event `access`: a user id, or
 * `*` for anyone), from the triggers of migration 0004 that the read cache uses too, so that open
 * streams end when their right to them does (stream-guard.ts). It listens for them itself: they
 * must arrive even with the read cache off.
 */
export class CheckinLive extends EventEmitter {
  private readonly listener: PgListener;
  /** Made here (from a pool) rather than shared: then this object starts and closes it. */
  private readonly ownsListener: boolean;

  constructor(source: pg.Pool | PgListener, log: FastifyBaseLogger) {
    super();
    this.setMaxListeners(0);
    this.ownsListener = !(source instanceof PgListener);
    this.listener =
      source instanceof PgListener ? source : new PgListener(source, log, 'check-in live updates');
    this.listener.listen(CHANNEL);
    this.listener.listen(READ_CACHE_CHANNEL);
    this.listener.on('notification', (channel: string, payload: string) => {
      if (channel === READ_CACHE_CHANNEL) {
        // 'b:' payloads are the read cache's own markers, not changes.
        if (payload.startsWith('u:')) this.emit('access', payload.slice(2));
        else if (payload === '*') this.emit('access', '*');
        return;
      }
      if (channel !== CHANNEL || !payload) return;
      try {
        this.emit('event', JSON.parse(payload) as CheckinEvent);
      } catch {
        /* not ours */
      }
    });
    this.listener.on('listening', (again: boolean) => {
      // Changes made while we were not listening were never delivered: every stream checks its
      // session again (first, so the reload below waits for that answer), and desks reload their list.
      if (again) this.emit('access', '*');
      if (again)
        this.emit('event', {
          type: 'reloaded',
          record_id: null,
          checked_in: null,
          by: null,
          at: new Date().toISOString(),
        } satisfies CheckinEvent);
    });
  }

  /** True while this instance holds its LISTEN connection. */
  get listening(): boolean {
    return this.listener.listening;
  }

  async start(): Promise<void> {
    if (this.ownsListener) await this.listener.start();
  }

  async close(): Promise<void> {
    if (this.ownsListener) await this.listener.close();
  }
}

/** How a change reaches the desks: publishCheckin, or a collector that publishes after commit. */
export type Publish = (event: Omit<CheckinEvent, 'at'>) => Promise<void>;

/** Publishes a change; inside a transaction it goes out only if the transaction commits. */
export async function publishCheckin(db: DbOrTx, event: Omit<CheckinEvent, 'at'>): Promise<void> {
  const payload = JSON.stringify({ ...event, at: new Date().toISOString() });
  await db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
}
