import type { IncomingMessage, ServerResponse } from 'node:http';
import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { DataDirInUseError } from './db/embedded';
import { openRuntime, type Runtime } from './runtime';
import { adminCount, upsertAdmin } from './modules/auth/service';
import { pruneSessions } from './modules/auth/sessions';
import { createLinkMailer } from './modules/auth/link-mail';
import { createOutboxWorker } from './modules/email/worker';
import { createAnnouncementWorker } from './modules/announcements/job';
import { createAdmissionsWorker } from './modules/admissions/worker';
import { createRetentionWorker } from './modules/privacy/retention-worker';
import { warmCities } from './modules/places/service';
import { pruneRateLimits } from './lib/rate-limit';
import { sweepOrphans } from './modules/uploads/service';
import { errorBody } from './errors';

let runtime: Runtime | undefined;

/**
 * How long SIGTERM waits for requests still sending their body (a slow upload). After that each
 * gets a clean 503, so the process stops well within an orchestrator's usual 30 s grace period.
 */
const DRAIN_MS = 10_000;
const FORCE_EXIT_MS = 25_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const bootLog = {
    info: (m: string) => console.log(m),
    debug: () => {},
  };
  runtime = await openRuntime(config, bootLog);
  const db = runtime.database.db;
  const app = await buildApp({ config, db, pool: runtime.database.pool });
  // A wrong bucket or key should stop the start, not the first applicant's upload.
  await app.storage.probe?.().catch((err: Error) => {
    throw new ConfigError(`the S3 bucket ${config.s3?.bucket} cannot be used: ${err.name}: ${err.message}`);
  });

  if (config.adminEmail && config.adminPassword) {
    const outcome = await upsertAdmin(db, config.adminEmail, config.adminPassword).catch((err: Error) => {
      throw new ConfigError(`ADMIN_PASSWORD was refused: ${err.message}`);
    });
    app.log.info(`Admin ${config.adminEmail} ${outcome} from ADMIN_EMAIL/ADMIN_PASSWORD.`);
  }

  const worker = createOutboxWorker({
    db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: app.log,
    ratePerMinute: config.emailRatePerMinute,
    links: createLinkMailer(config),
  });
  worker.start();
  // Scheduled announcements are queued into the outbox when due; every instance runs it, each goes once.
  const announcementJob = createAnnouncementWorker({ db, config, log: app.log });
  announcementJob.start();
  const admissions = createAdmissionsWorker({ db, pool: runtime.database.pool, config, log: app.log });
  admissions.start();
  // Retention (issue 21): every instance ticks, one per cluster runs it each day (job_runs).
  const retention = createRetentionWorker({ db, storage: app.storage, config, log: app.log });
  retention.start();
  const housekeeping = setInterval(() => {
    Promise.all([pruneSessions(db), pruneRateLimits(db), sweepOrphans(db, app.storage)]).catch((err: Error) =>
      app.log.warn({ err: err.message }, 'housekeeping failed'),
    );
  }, 3600_000);
  housekeeping.unref();

  // Requests in flight, so that shutdown can answer the ones still uploading after the drain period.
  // Tracked on the HTTP server itself: a root hook added here would miss the routes already registered.
  const inFlight = new Map<IncomingMessage, ServerResponse>();
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    inFlight.set(req, res);
    res.once('close', () => inFlight.delete(req));
  });
  const answerUnfinishedUploads = () => {
    for (const [req, res] of inFlight) {
      // A request whose body has arrived is being processed and finishes; one still sending is cut.
      if (res.headersSent || req.complete) continue;
      const body = JSON.stringify(
        errorBody('unavailable', 'The server is restarting. Please try again in a moment.'),
      );
      res.writeHead(503, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        'retry-after': '5',
        connection: 'close',
      });
      // Once the answer is out, end the upload: its partial file is discarded, not left behind.
      res.once('finish', () => req.destroy());
      res.end(body);
    }
  };

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      console.error(`${signal} again: exiting now.`);
      process.exit(1);
    }
    stopping = true;
    app.shuttingDown = true;
    app.log.info(`${signal} received: finishing requests in flight, then stopping.`);
    // Named so that a stop that hangs says where.
    let step = 'finishing requests in flight';
    const force = setTimeout(() => {
      console.error(`Shutdown took longer than ${FORCE_EXIT_MS / 1000} s (at: ${step}): exiting.`);
      process.exit(1);
    }, FORCE_EXIT_MS);
    force.unref();
    const drain = setTimeout(answerUnfinishedUploads, DRAIN_MS);
    drain.unref();
    try {
      await app.close();
      clearTimeout(drain);
      clearInterval(housekeeping);
      step = 'stopping the retention job';
      await retention.stop();
      step = 'stopping the admissions jobs';
      await admissions.stop();
      step = 'stopping the announcement job';
      await announcementJob.stop();
      step = 'stopping the e-mail worker';
      await worker.stop();
      step = 'closing the database';
      await runtime?.close((s) => (step = s));
      app.log.info('Stopped cleanly.');
      process.exit(0);
    } catch (err) {
      console.error('Error during shutdown:', err);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  warmCities();
  await app.listen({ port: config.port, host: config.host });
  const shownUrl = config.publicUrl;
  console.log(`\n  Lanyard is serving ${config.event.name} on ${shownUrl}\n`);
  if ((await adminCount(db)) === 0) {
    console.log(
      [
        '  No admin account exists yet. Create the first one with:',
        '',
        '      npm run admin -- create you@example.org',
        '',
        '  (it asks for a password, or generates one), or start once with',
        '  ADMIN_EMAIL and ADMIN_PASSWORD set. Then sign in at ' + shownUrl + '/admin/login',
        '',
      ].join('\n'),
    );
  } else {
    console.log(`  Admins sign in at ${shownUrl}/admin/login\n`);
  }
}

main().catch(async (err: unknown) => {
  await runtime?.close().catch(() => {});
  if (err instanceof ConfigError || err instanceof DataDirInUseError) {
    console.error(`\nLanyard cannot start: ${err.message}\n`);
  } else {
    console.error('\nLanyard failed to start:', err);
  }
  process.exit(1);
});
