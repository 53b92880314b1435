import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminApplicationDetailSchema,
  adminApplicationsQuerySchema,
  adminApplicationsResponseSchema,
  applicationFiltersSchema,
  applicationsCountResponseSchema,
  applicationStatsSchema,
  bulkTargetBodySchema,
  deletedResultSchema,
} from '@lanyard/shared/admin';
import { okSchema, idParamsSchema } from '@lanyard/shared/common';
import { applicationReviewsResponseSchema } from '@lanyard/shared/review';
import { deleteApplications } from './delete';
import { applicationReviews } from './reviews';
import { applicationStats, countApplications, getApplicationDetail, listApplications } from './service';
import { bulkTargetOf } from './targets';

const admin = { access: 'admin' as const };

/**
 * The admin application routes. Registered twice, under /api/admin/applications and under
 * /api/applications, where the API also names them (docs/api-admin.md); admin only in both places.
 */
export const adminApplicationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: admin,
      schema: {
        tags: ['Admin: applications'],
        summary: 'List applications, with search, filters, sorting and paging',
        querystring: adminApplicationsQuerySchema,
        response: { 200: adminApplicationsResponseSchema },
      },
    },
    async (request) => listApplications(app.db, request.query, app.config.event.startDate),
  );

  // The list counts only so far (total_capped); "Select all N matching" asks for the exact number.
  app.get(
    '/count',
    {
      config: admin,
      schema: {
        tags: ['Admin: applications'],
        summary: 'Count every application a filter of the list matches, exactly',
        querystring: applicationFiltersSchema,
        response: { 200: applicationsCountResponseSchema },
      },
    },
    async (request) => countApplications(app.db, request.query, app.config.event.startDate),
  );

  app.get(
    '/stats',
    {
      config: admin,
      schema: {
        tags: ['Admin: applications'],
        summary: 'Get application statistics: counts by status and role, per day, top schools, shirt sizes',
        response: { 200: applicationStatsSchema },
      },
    },
    async () => applicationStats(app.db),
  );

  app.get(
    '/:id',
    {
      config: admin,
      schema: {
        tags: ['Admin: applications'],
        summary: 'Get one application in full',
        params: idParamsSchema,
        response: { 200: adminApplicationDetailSchema },
      },
    },
    async (request) => getApplicationDetail(app.db, request.params.id),
  );

  // Every review, skip and score of one application (admins see them all, blind review or not).
  app.get(
    '/:id/reviews',
    {
      config: admin,
      schema: {
        tags: ['Admin: applications'],
        summary: 'List every review, skip and score of an application',
        params: idParamsSchema,
        response: { 200: applicationReviewsResponseSchema },
      },
    },
    async (request) => applicationReviews(app.db, request.params.id),
  );

  app.delete(
    '/:id',
    {
      config: admin,
      schema: {
        tags: ['Admin: applications'],
        summary: 'Delete an application',
        params: idParamsSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await deleteApplications(
        app.db,
        app.storage,
        request.actor,
        { ids: [request.params.id] },
        {
          requireAll: true,
        },
      );
      return { ok: true as const };
    },
  );

  // Bulk actions take `application_ids`, or the list's `filter` with the `expected_count` the admin
  // confirmed (409 count_changed when the filter now matches another number). Bulk status is in
  // modules/decisions.
  app.post(
    '/bulk/delete',
    {
      config: admin,
      schema: {
        tags: ['Admin: applications'],
        summary: "Delete many applications (listed, or all the list's filter matches)",
        body: bulkTargetBodySchema,
        response: { 200: deletedResultSchema },
      },
    },
    async (request) => ({
      deleted: await deleteApplications(
        app.db,
        app.storage,
        request.actor,
        bulkTargetOf(request.body, app.config.event.startDate),
        { requireAll: false },
      ),
    }),
  );
};
