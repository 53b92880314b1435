import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { CheckinEvent } from '@lanyard/shared/checkin';
import type { DbOrTx } from '../../db/client';
import { PgListener } from '../../lib/pg-listener';
import { sql } from 'drizzle-orm';

const CHANNEL = 'lanyard_checkin';

/**
 * Check-in changes reach every desk: each change is published with PostgreSQL NOTIFY (sent when
 * its transaction commits), every server instance LISTENs, and passes it on to its connected
 * desks over server-sent events. Several instances behind a load balancer stay in step.
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
    this.listener.on('notification', (channel: string, payload: string) => {
      if (channel !== CHANNEL || !payload) return;
      try {
        this.emit('event', JSON.parse(payload) as CheckinEvent);
      } catch {
        /* not ours */
      }
    });
    this.listener.on('listening', (again: boolean) => {
      // Changes made while we were not listening were never delivered: desks reload their list.
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

/** Publishes a change; inside a transaction it goes out only if the transaction commits. */
export async function publishCheckin(db: DbOrTx, event: Omit<CheckinEvent, 'at'>): Promise<void> {
  const payload = JSON.stringify({ ...event, at: new Date().toISOString() });
  await db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
}
