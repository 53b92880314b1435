import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@lanyard/shared/common';
import {
  announcementPreviewBodySchema,
  announcementPreviewSchema,
  announcementSchema,
  announcementsQuerySchema,
  announcementsResponseSchema,
  announcementTestBodySchema,
  announcementTestResponseSchema,
  createAnnouncementBodySchema,
  receivedAnnouncementsSchema,
} from '@lanyard/shared/announcements';
import * as service from './service';

const admin = { access: 'admin' as const };

/** Announcements to a segment (docs/api-admin.md, "Announcements"): admins only. */
export const announcementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/announcements',
    {
      config: admin,
      schema: {
        tags: ['Admin: announcements'],
        summary: 'List announcements, sent and scheduled',
        querystring: announcementsQuerySchema,
        response: { 200: announcementsResponseSchema },
      },
    },
    async (request) => service.listAnnouncements(app.db, request.query),
  );

  app.post(
    '/announcements',
    {
      config: admin,
      schema: {
        tags: ['Admin: announcements'],
        summary: 'Send or schedule an announcement email to a group of applicants',
        body: createAnnouncementBodySchema,
        response: { 201: announcementSchema },
      },
    },
    async (request, reply) => {
      const created = await service.createAnnouncement(app.db, app.config, request.actor, request.body);
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/announcements/preview',
    {
      config: admin,
      schema: {
        tags: ['Admin: announcements'],
        summary: 'Preview an announcement: its rendered text and how many it would reach',
        body: announcementPreviewBodySchema,
        response: { 200: announcementPreviewSchema },
      },
    },
    async (request) => service.previewAnnouncement(app.db, app.config, request.body),
  );

  app.post(
    '/announcements/test',
    {
      config: admin,
      schema: {
        tags: ['Admin: announcements'],
        summary: 'Send a test of an announcement to myself',
        body: announcementTestBodySchema,
        response: { 200: announcementTestResponseSchema },
      },
    },
    async (request) => service.sendTest(app.db, app.config, request.actor, request.body),
  );

  app.post(
    '/announcements/:id/cancel',
    {
      config: admin,
      schema: {
        tags: ['Admin: announcements'],
        summary: 'Cancel a scheduled announcement',
        params: idParamsSchema,
        response: { 200: announcementSchema },
      },
    },
    async (request) => service.cancelAnnouncement(app.db, request.actor, request.params.id),
  );

  app.get(
    '/announcements/received/:id',
    {
      config: admin,
      schema: {
        tags: ['Admin: announcements'],
        summary: 'List the announcements one applicant was sent',
        params: idParamsSchema,
        response: { 200: receivedAnnouncementsSchema },
      },
    },
    async (request) => service.receivedBy(app.db, request.params.id),
  );
};
