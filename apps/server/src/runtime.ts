import type { FastifyBaseLogger } from 'fastify';
import {
  acquireDataDirLock,
  DataDirInUseError,
  runningEmbeddedUrl,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from './db/embedded';
import type { AppConfig } from './config';
import { createDatabase, type Database } from './db/client';
import { runMigrations } from './db/migrate';

export interface Runtime {
  database: Database;
  /** Stops the pool, then the embedded server (if any), then releases the data dir. */
  close(progress?: (step: string) => void): Promise<void>;
}

/** For the CLI commands, which print their own results rather than the database's start-up lines. */
export const quietLog: Pick<FastifyBaseLogger, 'info' | 'debug'> = { info: () => {}, debug: () => {} };

/** The database the server and the CLI share: embedded by default, DATABASE_URL otherwise; migrated. */
export async function openRuntime(
  config: AppConfig,
  log: Pick<FastifyBaseLogger, 'info' | 'debug'>,
  opts: { shareRunningServer?: boolean } = {},
): Promise<Runtime> {
  let embedded: EmbeddedPostgres | undefined;
  let releaseLock: (() => void) | undefined;
  let url = config.databaseUrl;
  if (!url) {
    try {
      releaseLock = acquireDataDirLock(config.dataDir);
    } catch (err) {
      // A tool (the admin CLI) may use the database of the server running on this data directory.
      const shared = opts.shareRunningServer ? runningEmbeddedUrl(config.dataDir) : undefined;
      if (!(err instanceof DataDirInUseError) || !shared) throw err;
      const database = createDatabase(shared, { max: 2 });
      return { database, close: () => database.close() };
    }
    try {
      embedded = await startEmbeddedPostgres({
        dataDir: config.dataDir,
        log: (m) => log.debug({ postgres: m }),
      });
    } catch (err) {
      releaseLock();
      throw err;
    }
    url = embedded.url;
    log.info(`Embedded PostgreSQL is running with its data in ${config.dataDir}/postgres`);
  }
  try {
    await runMigrations(url);
  } catch (err) {
    await embedded?.stop();
    releaseLock?.();
    throw err;
  }
  const database = createDatabase(url);
  return {
    database,
    async close(progress) {
      progress?.('closing the database connections');
      await database.close().catch(() => {});
      progress?.('stopping the embedded PostgreSQL');
      await embedded?.stop();
      releaseLock?.();
    },
  };
}
