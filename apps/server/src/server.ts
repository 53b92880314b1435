import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { DataDirInUseError } from './db/embedded';
import { openRuntime, type Runtime } from './runtime';
import { adminCount, upsertAdmin } from './modules/auth/service';
import { pruneSessions } from './modules/auth/sessions';
import { createOutboxWorker } from './modules/email/worker';
import { pruneRateLimits } from './lib/rate-limit';
import { sweepOrphans } from './modules/uploads/service';

let runtime: Runtime | undefined;

async function main(): Promise<void> {
  const config = loadConfig();
  const bootLog = {
    info: (m: string) => console.log(m),
    debug: () => {},
  };
  runtime = await openRuntime(config, bootLog);
  const db = runtime.database.db;
  const app = await buildApp({ config, db, pool: runtime.database.pool });

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
  });
  worker.start();
  const housekeeping = setInterval(() => {
    Promise.all([pruneSessions(db), pruneRateLimits(db), sweepOrphans(db, app.storage)]).catch((err: Error) =>
      app.log.warn({ err: err.message }, 'housekeeping failed'),
    );
  }, 3600_000);
  housekeeping.unref();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      console.error(`${signal} again: exiting now.`);
      process.exit(1);
    }
    stopping = true;
    app.shuttingDown = true;
    app.log.info(`${signal} received: finishing requests in flight, then stopping.`);
    const force = setTimeout(() => {
      console.error('Shutdown took longer than 25 s: exiting.');
      process.exit(1);
    }, 25_000);
    force.unref();
    try {
      await app.close();
      clearInterval(housekeeping);
      await worker.stop();
      await runtime?.close();
      app.log.info('Stopped cleanly.');
      process.exit(0);
    } catch (err) {
      console.error('Error during shutdown:', err);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

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
