import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminApplicationDetailSchema,
  bulkResultSchema,
  bulkStatusBodySchema,
  decisionsBodySchema,
  decisionsPreviewSchema,
  decisionsResultSchema,
  decisionsRoleParamsSchema,
  releaseDecisionsBodySchema,
  statusBodySchema,
} from '@lanyard/shared/admin';
import { idParamsSchema } from '@lanyard/shared/common';
import {
  decideByScoreApplyBodySchema,
  decideByScoreBodySchema,
  decideByScorePreviewSchema,
} from '@lanyard/shared/review';
import { getApplicationDetail } from '../admin-applications/service';
import { bulkTargetOf } from '../admin-applications/targets';
import { setStatuses } from './bulk-status';
import { applyByScore, previewByScore } from './decide-by-score';
import { previewRelease, setDecisionsReleased } from './release';

const admin = { access: 'admin' as const };

/**
 * Deciding: one application's status, and bulk status (listed ids, or the list's `filter` with the
 * `expected_count` the admin confirmed: 409 count_changed when the filter now matches another
 * number). Registered with the admin application routes, under both of their prefixes.
 */
export const decisionStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/:id/status',
    {
      config: admin,
      schema: {
        tags: ['Admin: decisions'],
        summary: "Set an application's status (accept, waitlist, reject...)",
        params: idParamsSchema,
        body: statusBodySchema,
        response: { 200: adminApplicationDetailSchema },
      },
    },
    async (request) => {
      await setStatuses(app.db, request.actor, { ids: [request.params.id] }, request.body.status, {
        requireAll: true,
        config: app.config,
      });
      return getApplicationDetail(app.db, request.params.id);
    },
  );

  app.put(
    '/bulk/status',
    {
      config: admin,
      schema: {
        tags: ['Admin: decisions'],
        summary: "Set the status of many applications (listed, or all the list's filter matches)",
        body: bulkStatusBodySchema,
        response: { 200: bulkResultSchema },
      },
    },
    async (request) => ({
      updated: await setStatuses(
        app.db,
        request.actor,
        bulkTargetOf(request.body, app.config.event.startDate),
        request.body.status,
        { requireAll: false, config: app.config },
      ),
    }),
  );
};

/** Releasing: the preview, the release (with or without e-mail) and the unrelease, per role. */
export const decisionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:role/preview',
    {
      config: admin,
      schema: {
        tags: ['Admin: decisions'],
        summary: 'Preview what releasing decisions for a role would do',
        params: decisionsRoleParamsSchema,
        response: { 200: decisionsPreviewSchema },
      },
    },
    async (request) => previewRelease(app.db, request.params.role, app.config),
  );

  app.post(
    '/release',
    {
      config: admin,
      schema: {
        tags: ['Admin: decisions'],
        summary: 'Release decisions for a role to applicants, with or without email',
        body: releaseDecisionsBodySchema,
        response: { 200: decisionsResultSchema },
      },
    },
    async (request) =>
      setDecisionsReleased(app.db, request.actor, request.body.role, true, app.config, {
        sendEmail: request.body.send_email,
      }),
  );

  app.post(
    '/unrelease',
    {
      config: admin,
      schema: {
        tags: ['Admin: decisions'],
        summary: 'Take back released decisions for a role',
        body: decisionsBodySchema,
        response: { 200: decisionsResultSchema },
      },
    },
    async (request) => setDecisionsReleased(app.db, request.actor, request.body.role, false, app.config),
  );
};

/**
 * Deciding by score (the Bulk Actions tab): the preview, then the apply with the number of changes
 * typed as confirmation (400 when it is not the number the apply would change).
 */
export const decideByScoreRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/preview',
    {
      config: admin,
      schema: {
        tags: ['Admin: decisions'],
        summary: 'Preview deciding by review score: who would get which status',
        body: decideByScoreBodySchema,
        response: { 200: decideByScorePreviewSchema },
      },
    },
    async (request) => previewByScore(app.db, request.body),
  );

  app.post(
    '/apply',
    {
      config: admin,
      schema: {
        tags: ['Admin: decisions'],
        summary: 'Decide by review score (the number of changes typed as confirmation)',
        body: decideByScoreApplyBodySchema,
        response: { 200: decideByScorePreviewSchema },
      },
    },
    async (request) => applyByScore(app.db, request.actor, request.body, app.config),
  );
};
