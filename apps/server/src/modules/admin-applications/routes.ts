import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminApplicationDetailSchema,
  adminApplicationsQuerySchema,
  adminApplicationsResponseSchema,
  applicationStatsSchema,
  bulkResultSchema,
  bulkStatusBodySchema,
  bulkTargetBodySchema,
  decisionsBodySchema,
  decisionsPreviewSchema,
  decisionsResultSchema,
  decisionsRoleParamsSchema,
  deletedResultSchema,
  releaseDecisionsBodySchema,
  statusBodySchema,
} from '@lanyard/shared/admin';
import { okSchema, idParamsSchema } from '@lanyard/shared/common';
import { actorOf } from '../settings/routes';
import { deleteApplications } from './delete';
import { previewRelease, setDecisionsReleased } from './release';
import { applicationStats, getApplicationDetail, listApplications } from './service';
import { setStatuses } from './statuses';
import { bulkTargetOf } from './targets';

const admin = { access: 'admin' as const };

/**
 * The admin application routes. Registered twice: under /api/admin/applications and, as the
 * spec's §7 also lists them, under /api/applications (admin only there too).
 */
export const adminApplicationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: admin,
      schema: {
        querystring: adminApplicationsQuerySchema,
        response: { 200: adminApplicationsResponseSchema },
      },
    },
    async (request) => listApplications(app.db, request.query, app.config.event.startDate),
  );

  app.get('/stats', { config: admin, schema: { response: { 200: applicationStatsSchema } } }, async () =>
    applicationStats(app.db),
  );

  app.get(
    '/:id',
    { config: admin, schema: { params: idParamsSchema, response: { 200: adminApplicationDetailSchema } } },
    async (request) => getApplicationDetail(app.db, request.params.id),
  );

  app.put(
    '/:id/status',
    {
      config: admin,
      schema: {
        params: idParamsSchema,
        body: statusBodySchema,
        response: { 200: adminApplicationDetailSchema },
      },
    },
    async (request) => {
      await setStatuses(app.db, actorOf(request), { ids: [request.params.id] }, request.body.status, {
        requireAll: true,
        config: app.config,
      });
      return getApplicationDetail(app.db, request.params.id);
    },
  );

  app.delete(
    '/:id',
    { config: admin, schema: { params: idParamsSchema, response: { 200: okSchema } } },
    async (request) => {
      await deleteApplications(
        app.db,
        app.storage,
        actorOf(request),
        { ids: [request.params.id] },
        {
          requireAll: true,
        },
      );
      return { ok: true as const };
    },
  );

  // Bulk actions take `application_ids`, or the list's `filter` with the `expected_count` the admin
  // confirmed (409 count_changed when the filter now matches another number).
  app.put(
    '/bulk/status',
    { config: admin, schema: { body: bulkStatusBodySchema, response: { 200: bulkResultSchema } } },
    async (request) => ({
      updated: await setStatuses(
        app.db,
        actorOf(request),
        bulkTargetOf(request.body, app.config.event.startDate),
        request.body.status,
        { requireAll: false, config: app.config },
      ),
    }),
  );

  app.post(
    '/bulk/delete',
    { config: admin, schema: { body: bulkTargetBodySchema, response: { 200: deletedResultSchema } } },
    async (request) => ({
      deleted: await deleteApplications(
        app.db,
        app.storage,
        actorOf(request),
        bulkTargetOf(request.body, app.config.event.startDate),
        { requireAll: false },
      ),
    }),
  );
};

export const decisionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:role/preview',
    {
      config: admin,
      schema: { params: decisionsRoleParamsSchema, response: { 200: decisionsPreviewSchema } },
    },
    async (request) => previewRelease(app.db, request.params.role, app.config),
  );

  app.post(
    '/release',
    { config: admin, schema: { body: releaseDecisionsBodySchema, response: { 200: decisionsResultSchema } } },
    async (request) =>
      setDecisionsReleased(app.db, actorOf(request), request.body.role, true, app.config, {
        sendEmail: request.body.send_email,
      }),
  );

  app.post(
    '/unrelease',
    { config: admin, schema: { body: decisionsBodySchema, response: { 200: decisionsResultSchema } } },
    async (request) => setDecisionsReleased(app.db, actorOf(request), request.body.role, false, app.config),
  );
};
