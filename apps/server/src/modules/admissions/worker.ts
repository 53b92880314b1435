/**
 * Runs the admissions jobs on every instance: expiring offers past their deadline, and promoting
 * from the waitlist into freed places. Each job is safe to run on several instances at once (see
 * offers.ts and promotion.ts), so no leader is needed. A freed place wakes every instance at once
 * through NOTIFY (the trigger sends it with the commit); the timer is the safety net for a lost
 * notification, a restart after a crash, and deadlines passing.
 */
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { APPLICANT_ROLES } from '@lanyard/shared/constants';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { PgListener } from '../../lib/pg-listener';
import { expireOffers } from './offers';
import { promoteFreedPlaces } from './promotion';

export interface AdmissionsWorker {
  start(intervalMs?: number): void;
  stop(): Promise<void>;
  /** Runs both jobs now (and again if asked meanwhile); resolves when this instance is idle. */
  runNow(): Promise<void>;
}

export function createAdmissionsWorker(opts: {
  db: Db;
  pool: pg.Pool;
  config: AppConfig;
  log: FastifyBaseLogger;
}): AdmissionsWorker {
  const { db, config, log } = opts;
  const listener = new PgListener(opts.pool, log, 'admissions');
  listener.listen('lanyard_admissions');
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let again = false;
  let running: Promise<void> | undefined;

  async function once(): Promise<void> {
    const expired = await expireOffers(db, config);
    if (expired) log.info(`${expired} offer(s) expired`);
    for (const role of APPLICANT_ROLES) {
      for (;;) {
        const outcome = await promoteFreedPlaces(db, config, role);
        if (outcome.state === 'done' && outcome.promoted.length) {
          log.info(`${outcome.promoted.length} ${role}(s) promoted from the waitlist`);
        }
        if (outcome.state !== 'done' || !outcome.more) break;
      }
    }
  }

  function runNow(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await once();
        } catch (err) {
          log.warn({ err: (err as Error).message }, 'admissions jobs failed; retrying shortly');
          return;
        }
      } while (again && !stopped);
    })().finally(() => (running = undefined));
    return running;
  }

  listener.on('notification', () => void runNow());
  // Notifications sent while not listening were lost: catch up.
  listener.on('listening', () => void runNow());

  return {
    start(intervalMs = 5000) {
      void listener.start();
      timer = setInterval(() => void runNow(), intervalMs);
      timer.unref();
      void runNow();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      await listener.close();
    },
    runNow,
  };
}
