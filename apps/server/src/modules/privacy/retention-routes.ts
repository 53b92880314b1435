import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { retentionPreviewSchema, retentionSettingsSchema } from '@lanyard/shared/retention';
import { retentionPreview } from './retention';
import { writeRetention } from './retention-settings';

/** The Settings tab's "Data retention" card (issue 21): admins only, like every other setting. */
export const retentionRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'admin' as const };
  app.get(
    '/retention',
    {
      config: admin,
      schema: {
        tags: ['Privacy'],
        summary: 'Get the data retention settings and what they would delete now',
        response: { 200: retentionPreviewSchema },
      },
    },
    async () => retentionPreview(app.db, app.config.event),
  );
  app.put(
    '/retention',
    {
      config: admin,
      schema: {
        tags: ['Privacy'],
        summary: 'Change how long applicant data is kept',
        body: retentionSettingsSchema,
        response: { 200: retentionPreviewSchema },
      },
    },
    async (request) => {
      await writeRetention(app.db, request.actor, request.body);
      return retentionPreview(app.db, app.config.event);
    },
  );
};
