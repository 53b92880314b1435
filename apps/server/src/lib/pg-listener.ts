import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

/**
 * One PostgreSQL connection that LISTENs on this instance's channels (live check-in, read-cache
 * invalidation) and survives database restarts: when the connection is lost it reconnects with
 * backoff and says so, because notifications sent meanwhile were never delivered.
 *
 * Events: `notification` (channel, payload); `listening` (again: true when it is a reconnect or
 * follows a failure, so whatever depends on the notifications must catch up); `lost`.
 */
export class PgListener extends EventEmitter {
  private readonly channels = new Set<string>();
  private client: pg.PoolClient | undefined;
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private failures = 0;
  private everListened = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: FastifyBaseLogger,
    private readonly name = 'live updates',
  ) {
    super();
    this.setMaxListeners(0);
  }

  /** Adds a channel; call before start(). */
  listen(channel: string): void {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`Bad channel name ${channel}`);
    this.channels.add(channel);
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
        if (this.channels.has(msg.channel)) this.emit('notification', msg.channel, msg.payload ?? '');
      });
      const listener = client;
      // The database restarted or the connection was cut: listen again once it is back.
      listener.on('error', (err) => this.lost(listener, err));
      listener.on('end', () => this.lost(listener));
      for (const channel of this.channels) await listener.query(`LISTEN ${channel}`);
      if (this.closed) {
        listener.release();
        return;
      }
      this.client = listener;
      const again = this.failures > 0 || this.everListened;
      if (again) this.log.info(`${this.name}: listening again`);
      this.everListened = true;
      this.failures = 0;
      this.emit('listening', again);
    } catch (err) {
      client?.release(true);
      this.failures++;
      if (this.failures === 1)
        this.log.warn({ err: (err as Error).message }, `${this.name}: cannot listen; retrying`);
      this.scheduleRetry();
    }
  }

  private lost(client: pg.PoolClient, err?: Error): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.release(true);
    this.emit('lost');
    if (this.closed) return;
    this.log.warn({ err: err?.message }, `${this.name}: connection lost; reconnecting`);
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
      this.emit('lost');
      await client.query('UNLISTEN *').catch(() => {});
      client.release();
    }
  }
}
