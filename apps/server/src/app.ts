import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import { registerErrorHandlers } from './errors';
import { adminRoutes } from './modules/admin/routes';
import { authRoutes } from './modules/auth/routes';
import { checkinRoutes } from './modules/checkin/routes';
import { healthRoutes } from './modules/health/routes';
import { webDistDir } from './paths';
import authPlugin from './plugins/auth';
import dbPlugin from './plugins/db';
import securityPlugin from './plugins/security';
import webPlugin from './plugins/web';

export interface BuildOptions {
  config: AppConfig;
  db: Db;
  logger?: boolean;
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            // Tokens and cookies never reach the logs.
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
          },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(dbPlugin, { db: opts.db, config });
  await app.register(securityPlugin, { https: config.secureCookies });
  await app.register(authPlugin, {
    secret: config.sessionSecret,
    secureCookies: config.secureCookies,
    publicUrl: config.publicUrl,
  });
  registerErrorHandlers(app);

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(adminRoutes, { prefix: '/api/admin' });
  await app.register(checkinRoutes, { prefix: '/api/checkin' });

  await app.register(webPlugin, { distDir: webDistDir, event: config.event });
  return app;
}
