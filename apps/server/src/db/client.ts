import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function createDatabase(url: string, opts: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 20,
    idleTimeoutMillis: 30_000,
    // A request waits at most this long for a connection: a database that is away answers 503 fast.
    connectionTimeoutMillis: 5_000,
    // A connection to a database host that vanished (failover, network cut) is noticed, not waited on.
    keepAlive: true,
  });
  // A dropped idle connection (database restart) must not crash the server; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}
