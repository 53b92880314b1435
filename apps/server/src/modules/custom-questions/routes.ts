import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCustomQuestionsSchema,
  customQuestionBodySchema,
  customQuestionOrderSchema,
  customQuestionSchema,
} from '@lanyard/shared/questions/custom';
import * as service from './service';

const params = z.object({ id: z.string().uuid() });

/** /api/admin/questions: the custom questions of both forms (docs/api-admin.md, "Custom questions"). */
export const customQuestionRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'admin' as const };

  app.get(
    '/',
    {
      config: admin,
      schema: {
        tags: ['Admin: custom questions'],
        summary: 'List the custom questions of the hacker and mentor forms',
        response: { 200: adminCustomQuestionsSchema },
      },
    },
    async () => service.listQuestions(app.db),
  );

  app.post(
    '/',
    {
      config: admin,
      schema: {
        tags: ['Admin: custom questions'],
        summary: 'Add a custom question',
        body: customQuestionBodySchema,
        response: { 201: customQuestionSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createQuestion(app.db, request.actor, request.body)),
  );

  // Declared before /:id; a static path wins over a parameter in Fastify's router anyway.
  app.put(
    '/order',
    {
      config: admin,
      schema: {
        tags: ['Admin: custom questions'],
        summary: 'Reorder the custom questions',
        body: customQuestionOrderSchema,
        response: { 200: adminCustomQuestionsSchema },
      },
    },
    async (request) => service.reorderQuestions(app.db, request.actor, request.body),
  );

  app.put(
    '/:id',
    {
      config: admin,
      schema: {
        tags: ['Admin: custom questions'],
        summary: 'Edit a custom question',
        params,
        body: customQuestionBodySchema,
        response: { 200: customQuestionSchema },
      },
    },
    async (request) => service.updateQuestion(app.db, request.actor, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      config: admin,
      schema: {
        tags: ['Admin: custom questions'],
        summary: 'Delete a custom question',
        params,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => service.deleteQuestion(app.db, request.actor, request.params.id),
  );
};
