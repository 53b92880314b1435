/** More server instances on one test database, as production runs several behind a load balancer. */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { AppConfig } from '../src/config';
import { createDatabase, type Database } from '../src/db/client';
import type { TestContext } from './helper';
import { baseUrl } from './sse';

export interface Instance {
  app: FastifyInstance;
  database: Database;
  /** The fixtures of test/*.ts, aimed at this instance. */
  ctx: TestContext;
  /** Its address, when started with `listen`. */
  base: string;
  close(): Promise<void>;
}

/** Polls `ok` every 10 ms until it holds; throws naming `what` after `ms`. */
export async function waitFor(
  what: string,
  ok: () => boolean | Promise<boolean>,
  ms = 10_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Another instance on the context's database with its own pool, so it LISTENs like a real server:
 * ready once its read cache is on (or, with it off, once live check-in listens). `listen` puts it
 * on a real port on 127.0.0.1, for clients that need a socket (server-sent events).
 */
export async function startInstance(
  ctx: TestContext,
  opts: { config?: AppConfig; listen?: boolean } = {},
): Promise<Instance> {
  const config = opts.config ?? ctx.config;
  const database = createDatabase(ctx.databaseUrl, { max: 5 });
  const app = await buildApp({ config, db: database.db, pool: database.pool, logger: false });
  if (opts.listen) await app.listen({ port: 0, host: '127.0.0.1' });
  else await app.ready();
  await waitFor('the instance to listen', () =>
    config.readCache ? app.readCache?.enabled === true : app.checkinLive?.listening === true,
  );
  return {
    app,
    database,
    ctx: { ...ctx, app },
    base: opts.listen ? baseUrl(app) : '',
    async close() {
      await app.close();
      await database.close();
    },
  };
}
