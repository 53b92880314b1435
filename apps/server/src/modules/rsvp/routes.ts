import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { myApplicationResponseSchema } from '@lanyard/shared/application';
import { idParamsSchema } from '@lanyard/shared/common';
import {
  adminRsvpBodySchema,
  adminRsvpQuerySchema,
  adminRsvpResponseSchema,
  rsvpRowSchema,
} from '@lanyard/shared/rsvp';
import { audit } from '../../lib/audit';
import { sendCsvDownload } from '../../lib/csv';
import { rsvpCsv, rsvpExportFileName } from './export';
import * as service from './service';

export const applicantRsvpRoutes: FastifyPluginAsyncZod = async (app) => {
  // The body is checked in the service: which fields are required depends on the applicant's status.
  app.post(
    '/rsvp',
    {
      config: { access: 'applicant' },
      schema: {
        tags: ['RSVP'],
        summary: 'Confirm or decline my place, with my RSVP details',
        body: z.record(z.string(), z.unknown()),
        response: { 200: myApplicationResponseSchema },
      },
    },
    async (request) => ({
      application: await service.submitRsvp(app.db, app.config, request.user!.id, request.body),
    }),
  );

  app.post(
    '/rsvp/withdraw',
    {
      config: { access: 'applicant' },
      schema: {
        tags: ['RSVP'],
        summary: 'Withdraw my confirmed place',
        body: z.object({}).strict(),
        response: { 200: myApplicationResponseSchema },
      },
    },
    async (request) => ({
      application: await service.withdrawAttendance(app.db, app.config, request.actor, request.user!.id),
    }),
  );
};

const admin = { access: 'admin' as const };

export const adminRsvpRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/rsvp',
    {
      config: admin,
      schema: {
        tags: ['RSVP'],
        summary: 'List RSVPs, with filters and paging',
        querystring: adminRsvpQuerySchema,
        response: { 200: adminRsvpResponseSchema },
      },
    },
    async (request) => service.listRsvps(app.db, request.query),
  );

  app.put(
    '/applications/:id/rsvp',
    {
      config: admin,
      schema: {
        tags: ['RSVP'],
        summary: "Change an applicant's RSVP",
        params: idParamsSchema,
        body: adminRsvpBodySchema,
        response: { 200: rsvpRowSchema },
      },
    },
    async (request) => service.adminUpdateRsvp(app.db, request.actor, request.params.id, request.body),
  );

  app.get(
    '/rsvp/csv',
    {
      config: admin,
      schema: {
        tags: ['RSVP'],
        summary: 'Download RSVPs as CSV, with the same filters as the list',
        querystring: adminRsvpQuerySchema.omit({ page: true, limit: true }),
      },
    },
    async (request, reply) => {
      const where = service.rsvpFilters(request.query);
      const db = app.db;
      await audit(db, request.actor, {
        action: 'export.rsvp',
        targetType: 'export',
        after: request.query,
      });
      return sendCsvDownload(reply, rsvpExportFileName(), rsvpCsv(db, where));
    },
  );
};
