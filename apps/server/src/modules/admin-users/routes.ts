import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUserSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  auditQuerySchema,
  auditResponseSchema,
  bulkDeleteUsersBodySchema,
  createUserBodySchema,
  deletedResultSchema,
  setPasswordBodySchema,
  updateUserBodySchema,
  userStatsSchema,
} from '@lanyard/shared/admin';
import { idParamsSchema, okSchema } from '@lanyard/shared/common';
import * as service from './service';

const admin = { access: 'admin' as const };

export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      config: admin,
      schema: {
        tags: ['Admin: users'],
        summary: 'List user accounts, with search, filters and paging',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersResponseSchema },
      },
    },
    async (request) => service.listUsers(app.db, request.query),
  );
  app.get(
    '/users/stats',
    {
      config: admin,
      schema: {
        tags: ['Admin: users'],
        summary: 'Get user counts by role and status',
        response: { 200: userStatsSchema },
      },
    },
    async () => service.userStats(app.db),
  );
  app.post(
    '/users',
    {
      config: admin,
      schema: {
        tags: ['Admin: users'],
        summary: 'Create a user account (any role)',
        body: createUserBodySchema,
        response: { 201: adminUserSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createUser(app.db, request.actor, request.body)),
  );
  app.post(
    '/users/bulk/delete',
    {
      config: admin,
      schema: {
        tags: ['Admin: users'],
        summary: 'Delete many user accounts',
        body: bulkDeleteUsersBodySchema,
        response: { 200: deletedResultSchema },
      },
    },
    async (request) => ({
      deleted: await service.deleteUsers(app.db, app.storage, request.actor, request.body.user_ids, false),
    }),
  );
  app.get(
    '/users/:id',
    {
      config: admin,
      schema: {
        tags: ['Admin: users'],
        summary: 'Get a user account',
        params: idParamsSchema,
        response: { 200: adminUserSchema },
      },
    },
    async (request) => service.getUser(app.db, request.params.id),
  );
  app.put(
    '/users/:id',
    {
      config: admin,
      schema: {
        tags: ['Admin: users'],
        summary: 'Edit a user account (email, role)',
        params: idParamsSchema,
        body: updateUserBodySchema,
        response: { 200: adminUserSchema },
      },
    },
    async (request) => service.updateUser(app.db, request.actor, request.params.id, request.body),
  );
  app.delete(
    '/users/:id',
    {
      config: admin,
      schema: {
        tags: ['Admin: users'],
        summary: 'Delete a user account and its data',
        params: idParamsSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await service.deleteUsers(app.db, app.storage, request.actor, [request.params.id], true);
      return { ok: true as const };
    },
  );
  app.put(
    '/users/:id/password',
    {
      config: admin,
      schema: {
        tags: ['Admin: users'],
        summary: "Set a user's password",
        params: idParamsSchema,
        body: setPasswordBodySchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await service.setPassword(app.db, request.actor, request.params.id, request.body.password);
      return { ok: true as const };
    },
  );
  app.post(
    '/users/:id/reset-application',
    {
      config: admin,
      schema: {
        tags: ['Admin: users'],
        summary: "Delete a user's application and its files so they can apply again",
        params: idParamsSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await service.resetApplication(app.db, app.storage, request.actor, request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/audit',
    {
      config: admin,
      schema: {
        tags: ['Admin: users'],
        summary: 'Read the audit log of admin and staff actions, with filters',
        querystring: auditQuerySchema,
        response: { 200: auditResponseSchema },
      },
    },
    async (request) => service.listAudit(app.db, request.query),
  );
};
