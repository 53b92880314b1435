import { and, asc, gt, type SQL } from 'drizzle-orm';
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
import { applications } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { sendCsvDownload } from '../../lib/csv-download';
import { CSV_BOM, csvRow, exportFileName } from '../exports/csv';
import { actorOf } from '../settings/routes';
import * as service from './service';

export const applicantRsvpRoutes: FastifyPluginAsyncZod = async (app) => {
  // The body is checked in the service: which fields are required depends on the applicant's status.
  app.post(
    '/rsvp',
    {
      config: { access: 'applicant' },
      schema: { body: z.record(z.string(), z.unknown()), response: { 200: myApplicationResponseSchema } },
    },
    async (request) => ({
      application: await service.submitRsvp(app.db, app.config, request.user!.id, request.body),
    }),
  );

  app.post(
    '/rsvp/withdraw',
    {
      config: { access: 'applicant' },
      schema: { body: z.object({}).strict(), response: { 200: myApplicationResponseSchema } },
    },
    async (request) => ({
      application: await service.withdrawAttendance(app.db, app.config, actorOf(request), request.user!.id),
    }),
  );
};

const admin = { access: 'admin' as const };

export const adminRsvpRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/rsvp',
    {
      config: admin,
      schema: { querystring: adminRsvpQuerySchema, response: { 200: adminRsvpResponseSchema } },
    },
    async (request) => service.listRsvps(app.db, request.query),
  );

  app.put(
    '/applications/:id/rsvp',
    {
      config: admin,
      schema: { params: idParamsSchema, body: adminRsvpBodySchema, response: { 200: rsvpRowSchema } },
    },
    async (request) => service.adminUpdateRsvp(app.db, actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/rsvp/csv',
    { config: admin, schema: { querystring: adminRsvpQuerySchema.omit({ page: true, limit: true }) } },
    async (request, reply) => {
      const where = service.rsvpFilters(request.query);
      const db = app.db;
      await audit(db, actorOf(request), {
        action: 'export.rsvp',
        targetType: 'export',
        after: request.query,
      });
      async function* rows() {
        yield (
          CSV_BOM +
          csvRow([
            'id',
            'name',
            'email',
            'role',
            'status',
            'rsvp_status',
            'rsvp_at',
            'preferred_name',
            'school_name',
            'pronoun',
            'linkedin_url',
            'github_url',
            'liability_waiver_accepted',
            'photo_clearance_accepted',
            'photo_sharing_opt_out',
          ])
        );
        let afterId: string | undefined;
        for (;;) {
          const cursor: SQL | undefined = afterId ? gt(applications.id, afterId) : undefined;
          const batch = await db
            .select()
            .from(applications)
            .where(and(where, cursor))
            .orderBy(asc(applications.id))
            .limit(1000);
          if (!batch.length) return;
          yield batch
            .map((r) => {
              const x = service.toRsvpRow(r);
              return csvRow([
                x._id,
                x.name,
                x.email,
                x.role,
                x.status,
                x.rsvp_status ?? 'no_response',
                x.rsvp_at,
                x.preferred_name,
                x.school_name,
                x.pronoun,
                x.linkedin_url,
                x.github_url,
                x.liability_waiver_accepted,
                x.photo_clearance_accepted,
                x.photo_sharing_opt_out,
              ]);
            })
            .join('');
          afterId = batch[batch.length - 1]!.id;
        }
      }
      const name = exportFileName('rsvp_export').replace(/_(\d{4}-\d{2}-\d{2})-[\d-]+\.csv$/, '_$1.csv');
      return sendCsvDownload(reply, name, rows());
    },
  );
};
