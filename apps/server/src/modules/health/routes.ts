import fs from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventConfigSchema } from '@lanyard/shared/event';
import { errorBody } from '../../errors';
import { pingDatabase } from './service';

/** A bucket that answered is trusted this long: load balancers poll readyz every few seconds. */
export const STORAGE_PROBE_MEMO_MS = 5000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  let storageAnsweredAt = -Infinity;

  // Liveness: answers without touching the database.
  app.get(
    '/healthz',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Health and event'],
        summary: 'Check that the server is up (liveness)',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  // Readiness: the database and storage answer, and we are not shutting down.
  app.get(
    '/readyz',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Health and event'],
        summary: 'Check that the server can serve requests: database, storage, not stopping (readiness)',
        response: {
          200: z.object({ status: z.literal('ready') }),
          503: z.object({ error: z.string(), code: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      if (app.shuttingDown) return reply.status(503).send(errorBody('shutting_down', 'Shutting down'));
      try {
        await pingDatabase(app.db);
        await fs.access(app.config.dataDir, fs.constants.W_OK);
        // A remote store (S3) must answer too: uploads and downloads depend on it.
        if (app.storage.probe && Date.now() - storageAnsweredAt >= STORAGE_PROBE_MEMO_MS) {
          await app.storage.probe();
          storageAnsweredAt = Date.now();
        }
      } catch {
        return reply.status(503).send(errorBody('not_ready', 'Not ready'));
      }
      return { status: 'ready' as const };
    },
  );

  app.get(
    '/event',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Health and event'],
        summary: "Get the event's configuration: name, dates, time zone, venue and links",
        response: { 200: eventConfigSchema },
      },
    },
    async () => app.config.event,
  );
};
