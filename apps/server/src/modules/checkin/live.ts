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
  private retryTimer: NodeJS.Timeout | undefined;
  private failures = 0;
  private everListened = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: FastifyBaseLogger,
  ) {
    super();
    this.setMaxListeners(0);
  }

  /** True while this instance holds its LISTEN connection. */
  get listening(): boolean {
    return this.client !== undefined;
  }

  async start(): Promise<void> {
    if (this.closed || this.client) return;
    let client: pg.PoolClient | undefined;
    try {
      client = await this.pool.connect();
      client.on('notification', (msg) => {
        if (msg.channel !== CHANNEL || !msg.payload) return;
        try {
          this.emit('event', JSON.parse(msg.payload) as CheckinEvent);
        } catch {
          /* not ours */
        }
      });
      const listener = client;
      // The database restarted or the connection was cut: listen again once it is back.
      listener.on('error', (err) => this.lost(listener, err));
      listener.on('end', () => this.lost(listener));
      await listener.query(`LISTEN ${CHANNEL}`);
      if (this.closed) {
        listener.release();
        return;
      }
      this.client = listener;
      if (this.failures > 0 || this.everListened) {
        this.log.info('check-in live updates: listening again');
        // Changes made while we were not listening were never delivered: desks reload their list.
        this.emit('event', {
          type: 'reloaded',
          record_id: null,
          checked_in: null,
          by: null,
          at: new Date().toISOString(),
        } satisfies CheckinEvent);
      }
      this.everListened = true;
      this.failures = 0;
    } catch (err) {
      client?.release(true);
      this.failures++;
      if (this.failures === 1)
        this.log.warn({ err: (err as Error).message }, 'check-in live updates: cannot listen; retrying');
      this.scheduleRetry();
    }
  }

  private lost(client: pg.PoolClient, err?: Error): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.release(true);
    if (this.closed) return;
    this.log.warn({ err: err?.message }, 'check-in live updates: connection lost; reconnecting');
    this.scheduleRetry();
  }

  /** Backs off from 0.5 s up to 10 s, with jitter, so a fleet does not reconnect in lockstep. */
  private scheduleRetry(): void {
    if (this.closed || this.retryTimer) return;
    const base = Math.min(10_000, 500 * 2 ** Math.min(this.failures, 5));
    const delay = base / 2 + Math.random() * (base / 2);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.start();
    }, delay);
    this.retryTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
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
