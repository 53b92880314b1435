import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUsersQuerySchema, applicationFiltersSchema, bulkTargetBodySchema } from '@lanyard/shared/admin';
import { exportFileName, sendCsvDownload } from '../../lib/csv';
import * as service from './service';

const admin = { access: 'admin' as const };
const usersExportQuery = adminUsersQuerySchema.omit({ page: true, limit: true });

export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const sendApplicationsCsv = (reply: FastifyReply, csv: AsyncIterable<string>) =>
    sendCsvDownload(
      reply,
      exportFileName('applications_export'),
      csv,
      // Each chunk is a whole page (about half a megabyte): the stream holds two, not the default 16.
      { highWaterMark: 2 },
    );

  app.get(
    '/applications/csv',
    {
      config: admin,
      schema: {
        tags: ['Admin: exports'],
        summary: "Download applications as CSV, with the list's filters",
        querystring: applicationFiltersSchema,
      },
    },
    async (request, reply) => {
      const csv = await service.exportFilteredApplications(
        app.db,
        request.actor,
        request.query,
        app.config.event.startDate,
      );
      return sendApplicationsCsv(reply, csv);
    },
  );

  app.post(
    '/applications/csv',
    {
      config: admin,
      schema: {
        tags: ['Admin: exports'],
        summary: 'Download chosen applications as CSV (listed, or all a filter matches)',
        body: bulkTargetBodySchema,
      },
    },
    async (request, reply) => {
      const csv = await service.exportSelectedApplications(
        app.db,
        request.actor,
        request.body,
        app.config.event.startDate,
      );
      return sendApplicationsCsv(reply, csv);
    },
  );

  app.get(
    '/users/csv',
    {
      config: admin,
      schema: {
        tags: ['Admin: exports'],
        summary: 'Download user accounts as CSV',
        querystring: usersExportQuery,
      },
    },
    async (request, reply) => {
      const csv = await service.exportUsers(app.db, request.actor, request.query);
      return sendCsvDownload(reply, exportFileName('users_export'), csv);
    },
  );

  app.post(
    '/resumes/zip',
    {
      config: admin,
      schema: {
        tags: ['Admin: exports'],
        summary: 'Download the resumes of chosen applications as a zip',
        body: bulkTargetBodySchema,
      },
    },
    async (request, reply) => {
      const zip = await service.exportResumes(
        app.db,
        app.storage,
        request.actor,
        request.body,
        app.config.event.startDate,
      );
      const name = exportFileName('resumes').replace(/\.csv$/, '.zip');
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('x-content-type-options', 'nosniff')
        .send(zip);
    },
  );
};
