import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { CheckinEvent } from '@lanyard/shared/checkin';
import type { DbOrTx } from '../../db/client';
import { sql } from 'drizzle-orm';

const CHANNEL = 'lanyard_checkin';

/**
 * Check-in changes reach every desk: each change is published with PostgreSQL NOTIFY (sent when
 * its transaction commits), every server instance LISTENs, and passes it on to its connected
 * desks over server-sent events. Several instances behind a load balancer stay in step.
 */
export class CheckinLive extends EventEmitter {
  private client: pg.PoolClient | undefined;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: FastifyBaseLogger,
  ) {
    super();
    this.setMaxListeners(0);
  }

  async start(): Promise<void> {
    if (this.closed) return;
    try {
      const client = await this.pool.connect();
      this.client = client;
      client.on('notification', (msg) => {
        if (msg.channel !== CHANNEL || !msg.payload) return;
        try {
          this.emit('event', JSON.parse(msg.payload) as CheckinEvent);
        } catch {
          /* not ours */
        }
      });
      client.on('error', () => this.restart());
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'check-in live updates: cannot listen; retrying');
      this.restart();
    }
  }

  private restart(): void {
    const old = this.client;
    this.client = undefined;
    old?.release(true);
    if (!this.closed) setTimeout(() => void this.start(), 2000).unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = undefined;
    if (client) {
      await client.query(`UNLISTEN ${CHANNEL}`).catch(() => {});
      client.release();
    }
  }
}

/** Publishes a change; inside a transaction it goes out only if the transaction commits. */
export async function publishCheckin(db: DbOrTx, event: Omit<CheckinEvent, 'at'>): Promise<void> {
  const payload = JSON.stringify({ ...event, at: new Date().toISOString() });
  await db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
}
