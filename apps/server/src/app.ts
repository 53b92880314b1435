import querystring from 'node:querystring';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import type pg from 'pg';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import { configureReviewScores, refreshSnapshot } from './db/review-scores';
import { clientErrorHandler, frameworkErrors, registerErrorHandlers } from './errors';
import type { Storage } from './lib/storage';
import { createStorageFromConfig } from './lib/storage-factory';
import { requestSerializer } from './lib/log-redact';
import { applicationRoutes } from './modules/applications/routes';
import { placesRoutes } from './modules/places/routes';
import { settingsRoutes } from './modules/settings/routes';
import { fileRoutes, uploadRoutes } from './modules/uploads/routes';
import { adminRoutes } from './modules/admin/routes';
import { admissionsRoutes, applicantWaitlistRoutes } from './modules/admissions/routes';
import { adminApplicationRoutes } from './modules/admin-applications/routes';
import { decideByScoreRoutes, decisionRoutes, decisionStatusRoutes } from './modules/decisions/routes';
import { adminUserRoutes } from './modules/admin-users/routes';
import { reviewerAdminRoutes } from './modules/reviewers/routes';
import { exportRoutes } from './modules/exports/routes';
import { adminRsvpRoutes, applicantRsvpRoutes } from './modules/rsvp/routes';
import { adminEmailRoutes, emailTemplateRoutes } from './modules/email/routes';
import { announcementRoutes } from './modules/announcements/routes';
import { insightsRoutes } from './modules/insights/routes';
import { customQuestionRoutes } from './modules/custom-questions/routes';
import { authRoutes } from './modules/auth/routes';
import { applicantQrRoutes, checkinRoutes, qrImageRoutes } from './modules/checkin/routes';
import { stationRoutes } from './modules/stations/routes';
import { badgeRoutes, passRoutes } from './modules/badges/routes';
import { CheckinLive } from './modules/checkin/live';
import { PgListener } from './lib/pg-listener';
import { ReadCache } from './lib/read-cache';
import { healthRoutes } from './modules/health/routes';
import { oidcRoutes } from './modules/oidc/routes';
import { privacyAdminRoutes, privacyRoutes } from './modules/privacy/routes';
import { retentionRoutes } from './modules/privacy/retention-routes';
import { reviewRoutes } from './modules/review/routes';
import { sponsorAdminRoutes } from './modules/sponsors/admin-routes';
import { sponsorRoutes } from './modules/sponsors/routes';
import { webDistDir } from './paths';
import authPlugin from './plugins/auth';
import dbPlugin from './plugins/db';
import inputGuard from './plugins/input-guard';
import openapiPlugin from './plugins/openapi';
import securityPlugin from './plugins/security';
import timeoutsPlugin, { serverTimeoutOptions } from './plugins/timeouts';
import rateLimitPlugin from './plugins/rate-limits';
import webPlugin from './plugins/web';

export interface BuildOptions {
  config: AppConfig;
  db: Db;
  /** Live check-in updates need the pool (LISTEN); without it, only this instance's changes are seen. */
  pool?: pg.Pool;
  /** Defaults to DATA_DIR/uploads on the local disk. */
  storage?: Storage;
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
            // Mailed links and signed downloads carry their token in the query string.
            serializers: { req: requestSerializer },
            ...(config.logFormat === 'pretty'
              ? {
                  transport: {
                    target: 'pino-pretty',
                    options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
                  },
                }
              : {}),
          },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    ...serverTimeoutOptions(config.timeouts),
    // A request that reaches a closing instance was already accepted on an open connection (the
    // listener is closed first): it is answered, with Connection: close. A 503 instead reached the
    // client as is for a POST, which nginx does not pass on to another instance once sent.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    // Requests refused before any route runs answer in the API's shape too (errors.ts).
    frameworkErrors,
    clientErrorHandler,
    routerOptions: {
      // `role[]=a&role[]=b` (as browsers' list filters send it) reads the same as `role=a&role=b`.
      querystringParser: (text) => {
        const parsed = querystring.parse(text);
        const out: Record<string, string | string[] | undefined> = {};
        for (const [key, value] of Object.entries(parsed)) {
          const name = key.endsWith('[]') ? key.slice(0, -2) : key;
          const prev = out[name];
          out[name] = prev === undefined ? value : ([] as string[]).concat(prev, value ?? []);
        }
        return out;
      },
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const storage = opts.storage ?? createStorageFromConfig(config);
  await app.register(dbPlugin, { db: opts.db, config, storage });
  configureReviewScores({
    db: opts.db,
    maxAgeMs: config.reviewScoresMaxAgeMs,
    onError: (err) => app.log.warn({ err }, 'review scores snapshot: refresh failed; the next read retries'),
  });
  // A refresh still running finishes before the pool it uses closes.
  app.addHook('onClose', async () => {
    await refreshSnapshot.running();
  });
  // One LISTEN connection per instance carries live check-in updates and read-cache invalidations.
  const listener = opts.pool ? new PgListener(opts.pool, app.log) : undefined;
  app.decorate('checkinLive', listener ? new CheckinLive(listener, app.log) : undefined);
  const readCache =
    listener && opts.pool && config.readCache ? new ReadCache(listener, opts.pool, app.log) : undefined;
  app.decorate('readCache', readCache);
  if (listener) {
    app.addHook('onReady', () => listener.start());
    app.addHook('onClose', () => listener.close());
  }
  // Per-route limits are set where files are read; these bound everything else in a multipart body.
  await app.register(multipart, {
    limits: { fieldNameSize: 100, fieldSize: 1024, fields: 5, files: 1, parts: 6 },
  });
  await app.register(timeoutsPlugin, { timeouts: config.timeouts });
  await app.register(securityPlugin, { https: config.secureCookies });
  await app.register(inputGuard);
  await app.register(authPlugin, {
    readCache,
    secret: config.sessionSecret,
    secureCookies: config.secureCookies,
    publicUrl: config.publicUrl,
  });
  await app.register(rateLimitPlugin);
  // Before any route: it collects every route's schema for GET /api/openapi.json (and /api/docs).
  await app.register(openapiPlugin, { secureCookies: config.secureCookies });
  registerErrorHandlers(app);

  // Stopping: a kept-alive connection whose request was in flight when close() began would hold the
  // server open after its answer (Node closes only connections idle at that moment), until the
  // keep-alive timeout, past the shutdown limit. Such answers say Connection: close, so it ends;
  // and connections that fall idle later are swept as well.
  let closing = false;
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    closing = true;
    sweep = setInterval(() => app.server.closeIdleConnections(), 500);
    sweep.unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(sweep);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(oidcRoutes, { prefix: '/api/auth/oidc' });
  await app.register(adminRoutes, { prefix: '/api/admin' });
  await app.register(adminUserRoutes, { prefix: '/api/admin' });
  await app.register(reviewerAdminRoutes, { prefix: '/api/admin' });
  await app.register(admissionsRoutes, { prefix: '/api/admin' });
  // The admin application routes are also listed under /applications: same handlers, admin only.
  for (const prefix of ['/api/admin/applications', '/api/applications']) {
    await app.register(adminApplicationRoutes, { prefix });
    await app.register(decisionStatusRoutes, { prefix });
  }
  await app.register(decisionRoutes, { prefix: '/api/admin/decisions' });
  await app.register(decideByScoreRoutes, { prefix: '/api/admin/decide-by-score' });
  await app.register(exportRoutes, { prefix: '/api/export' });
  await app.register(checkinRoutes, { prefix: '/api/checkin' });
  await app.register(stationRoutes, { prefix: '/api/checkin' });
  await app.register(applicantQrRoutes, { prefix: '/api/applications' });
  await app.register(badgeRoutes, { prefix: '/api/checkin' });
  await app.register(passRoutes, { prefix: '/api/applications' });
  await app.register(qrImageRoutes, { prefix: '/api/checkin' });
  await app.register(settingsRoutes, { prefix: '/api/settings' });
  await app.register(applicationRoutes, { prefix: '/api/applications' });
  await app.register(applicantRsvpRoutes, { prefix: '/api/applications' });
  await app.register(applicantWaitlistRoutes, { prefix: '/api/applications' });
  await app.register(adminRsvpRoutes, { prefix: '/api/admin' });
  await app.register(adminEmailRoutes, { prefix: '/api/admin' });
  await app.register(announcementRoutes, { prefix: '/api/admin' });
  await app.register(insightsRoutes, { prefix: '/api/admin' });
  await app.register(customQuestionRoutes, { prefix: '/api/admin/questions' });
  await app.register(emailTemplateRoutes, { prefix: '/api/settings' });
  await app.register(retentionRoutes, { prefix: '/api/settings' });
  await app.register(uploadRoutes, { prefix: '/api/upload' });
  await app.register(fileRoutes, { prefix: '/api/files' });
  await app.register(placesRoutes, { prefix: '/api/places' });
  await app.register(reviewRoutes, { prefix: '/api/review' });
  await app.register(privacyRoutes, { prefix: '/api/privacy' });
  await app.register(privacyAdminRoutes, { prefix: '/api/admin' });
  await app.register(sponsorAdminRoutes, { prefix: '/api/admin/sponsors' });
  await app.register(sponsorRoutes, { prefix: '/api/sponsor' });

  await app.register(webPlugin, { distDir: webDistDir, event: config.event });
  return app;
}
