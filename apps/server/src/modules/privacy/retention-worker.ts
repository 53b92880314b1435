/**
 * Starts the retention job (retention.ts) where the other background jobs start (server.ts). Every
 * instance ticks hourly, but a run happens once a day per cluster, and again within the hour a
 * rule's day comes: the instance whose claim wins (job_runs) runs it. A tick that finds nothing to
 * claim costs two statements. The first tick comes an interval after start, not at start: an
 * instance restarting in a loop, or started on a copy of the data to look at it (a bench, a restore
 * check), does not begin deleting the moment it is up.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { Storage } from '../../lib/storage';
import { claimRun, finishRun, retentionDueMoments, runRetention } from './retention';

export interface RetentionWorker {
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

export function createRetentionWorker(opts: {
  db: Db;
  storage: Storage;
  config: AppConfig;
  log: FastifyBaseLogger;
}): RetentionWorker {
  const { db, storage, config, log } = opts;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function tick(): Promise<void> {
    if (!(await claimRun(db, new Date(), await retentionDueMoments(db, config.event)))) return;
    const counts = await runRetention(db, storage, config.event);
    await finishRun(db);
    if (counts.resumes + counts.non_attendees + counts.unverified > 0)
      log.info({ retention: counts }, 'retention: personal data past its keeping period deleted');
  }

  function runNow(): void {
    if (running) return;
    running = tick()
      // A failed run keeps its claim until the lease lapses; the next tick after that resumes it.
      .catch((err: Error) => log.warn({ err: err.message }, 'retention job failed; it resumes later'))
      .finally(() => (running = undefined));
  }

  return {
    start(intervalMs = 3600_000) {
      timer = setInterval(runNow, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
