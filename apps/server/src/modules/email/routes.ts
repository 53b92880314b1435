import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, okSchema } from '@lanyard/shared/common';
import {
  EMAIL_TEMPLATE_KEYS,
  emailTemplatesResponseSchema,
  outboxListResponseSchema,
  outboxQuerySchema,
  updateEmailTemplateBodySchema,
} from '@lanyard/shared/email';
import * as service from './service';

const admin = { access: 'admin' as const };

/** The admin "E-mails" view: what the outbox holds and whether it went out. */
export const adminEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/emails',
    {
      config: admin,
      schema: {
        tags: ['Admin: email'],
        summary: 'List the emails in the outbox and whether they were sent, with filters',
        querystring: outboxQuerySchema,
        response: { 200: outboxListResponseSchema },
      },
    },
    async (request) => ({
      ...(await service.listOutbox(app.db, request.query)),
      smtp_configured: Boolean(app.config.smtpUrl),
    }),
  );

  app.post(
    '/emails/:id/retry',
    {
      config: admin,
      schema: {
        tags: ['Admin: email'],
        summary: 'Send a failed email again',
        params: idParamsSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await service.retryEmail(app.db, request.actor, request.params.id);
      return { ok: true as const };
    },
  );
};

const previewBody = z
  .object({
    template: z.enum(EMAIL_TEMPLATE_KEYS),
    subject: z.string().max(200),
    body: z.string().max(20_000),
  })
  .strict();

export const emailTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/email-templates',
    {
      config: admin,
      schema: {
        tags: ['Admin: email'],
        summary: 'Get the email templates (as edited, with their defaults)',
        response: { 200: emailTemplatesResponseSchema },
      },
    },
    async () => service.listTemplates(app.db),
  );

  app.put(
    '/email-template',
    {
      config: admin,
      schema: {
        tags: ['Admin: email'],
        summary: 'Edit an email template',
        body: updateEmailTemplateBodySchema,
        response: { 200: emailTemplatesResponseSchema },
      },
    },
    async (request) => {
      await service.updateTemplate(app.db, request.actor, request.body);
      return service.listTemplates(app.db);
    },
  );

  app.post(
    '/email-template/reset',
    {
      config: admin,
      schema: {
        tags: ['Admin: email'],
        summary: 'Reset an email template to its default',
        body: z.object({ template: z.enum(EMAIL_TEMPLATE_KEYS) }).strict(),
        response: { 200: emailTemplatesResponseSchema },
      },
    },
    async (request) => {
      await service.resetTemplate(app.db, request.actor, request.body.template);
      return service.listTemplates(app.db);
    },
  );

  app.post(
    '/email-template/preview',
    {
      config: admin,
      schema: {
        tags: ['Admin: email'],
        summary: 'Preview an email template with sample details, without saving it',
        body: previewBody,
        response: { 200: z.object({ subject: z.string(), text: z.string(), html: z.string() }) },
      },
    },
    async (request) => service.previewTemplate(app.db, app.config, request.body),
  );
};
