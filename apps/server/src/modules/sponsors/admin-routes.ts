import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@lanyard/shared/common';
import {
  adminSponsorSchema,
  adminSponsorsResponseSchema,
  bookSettingsBodySchema,
  createSponsorBodySchema,
  updateSponsorBodySchema,
} from '@lanyard/shared/sponsors';
import * as service from './admin-service';

const admin = { access: 'admin' as const };

/** /api/admin/sponsors: sponsor accounts, their activity, and the book's rule. Admins only. */
export const sponsorAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: admin,
      schema: {
        tags: ['Admin: sponsors'],
        summary: "List sponsor accounts, their access windows and activity, and the book's rule",
        response: { 200: adminSponsorsResponseSchema },
      },
    },
    async () => service.listSponsors(app.db),
  );
  app.post(
    '/',
    {
      config: admin,
      schema: {
        tags: ['Admin: sponsors'],
        summary: 'Create a sponsor account',
        body: createSponsorBodySchema,
        response: { 201: adminSponsorSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createSponsor(app.db, request.actor, request.body)),
  );
  app.put(
    '/settings',
    {
      config: admin,
      schema: {
        tags: ['Admin: sponsors'],
        summary: 'Change who is in the resume book (its rule)',
        body: bookSettingsBodySchema,
        response: { 200: bookSettingsBodySchema },
      },
    },
    async (request) => ({
      book_rule: await service.setBookRule(app.db, request.actor, request.body.book_rule),
    }),
  );
  app.put(
    '/:id',
    {
      config: admin,
      schema: {
        tags: ['Admin: sponsors'],
        summary: "Change a sponsor's access window",
        params: idParamsSchema,
        body: updateSponsorBodySchema,
        response: { 200: adminSponsorSchema },
      },
    },
    async (request) => service.updateSponsor(app.db, request.actor, request.params.id, request.body),
  );
};
