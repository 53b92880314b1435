import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  draftBodySchema,
  draftResponseSchema,
  hackerSubmissionSchema,
  mentorSubmissionSchema,
  myApplicationResponseSchema,
  signedUrlResponseSchema,
} from '@lanyard/shared/application';
import { errors } from '../../errors';
import { sendSerialized } from '../../lib/read-cache';
import { signFileLink } from '../../lib/signed-links';
import * as drafts from './drafts';
import * as service from './service';
import { readQuestionsCached } from '../custom-questions/store';
import { z } from 'zod';
import { perUser } from '../../plugins/rate-limits';

export const applicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const applicant = { access: 'applicant' as const };
  const submit = { ...applicant, rateLimit: { limits: [perUser('submit', 20, 600)] } };

  app.post(
    '/hacker',
    {
      config: submit,
      schema: {
        tags: ['Applications'],
        summary: 'Submit my hacker application',
        body: hackerSubmissionSchema(app.config.event.startDate),
        response: { 201: myApplicationResponseSchema },
      },
    },
    async (request, reply) => {
      const application = await service.submitApplication(
        app.db,
        request.user!,
        'hacker',
        request.body,
        app.config,
      );
      return reply.status(201).send({ application });
    },
  );

  app.post(
    '/mentor',
    {
      config: submit,
      schema: {
        tags: ['Applications'],
        summary: 'Submit my mentor application',
        body: mentorSubmissionSchema,
        response: { 201: myApplicationResponseSchema },
      },
    },
    async (request, reply) => {
      const application = await service.submitApplication(
        app.db,
        request.user!,
        'mentor',
        request.body,
        app.config,
      );
      return reply.status(201).send({ application });
    },
  );

  app.get(
    '/me',
    {
      config: { access: 'user' },
      schema: {
        tags: ['Applications'],
        summary: 'Get my application and where it stands',
        response: { 200: myApplicationResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = request.user!.id;
      // Every dashboard polls this; the answer rarely changes (lib/read-cache.ts).
      const cached = app.readCache?.answer(userId);
      if (cached) return sendSerialized(reply, cached);
      const ticket = app.readCache?.ticket();
      const body = { application: await service.getMyApplication(app.db, userId, app.readCache) };
      if (ticket === undefined) return body;
      const serialized = reply.serialize(body) as string;
      app.readCache!.storeAnswer(ticket, userId, serialized);
      return sendSerialized(reply, serialized);
    },
  );

  // The dashboard's celebration shows once per released acceptance, on whichever device comes first.
  app.post(
    '/me/celebrated',
    {
      config: applicant,
      schema: {
        tags: ['Applications'],
        summary: 'Note that I have seen my acceptance celebration',
        body: z.object({}).strict().nullish(),
        response: { 200: myApplicationResponseSchema },
      },
    },
    async (request) => ({ application: await service.markCelebrated(app.db, request.user!.id) }),
  );

  app.get(
    '/me/resume-url',
    {
      config: applicant,
      schema: {
        tags: ['Applications'],
        summary: 'Get a short-lived link to the resume I submitted',
        response: { 200: signedUrlResponseSchema },
      },
    },
    async (request) => {
      const resumeUploadId = await service.ownResumeUploadId(app.db, request.user!.id);
      if (!resumeUploadId)
        throw errors.notFound('No resume was submitted with your application.', 'no_resume');
      const link = signFileLink(app.config.sessionSecret, resumeUploadId);
      return { signed_url: link.url, expires_at: link.expiresAt.toISOString() };
    },
  );

  app.get(
    '/draft',
    {
      config: applicant,
      schema: {
        tags: ['Applications'],
        summary: 'Get my saved application draft',
        response: { 200: draftResponseSchema },
      },
    },
    async (request) => ({
      draft: await drafts.getDraft(
        app.db,
        request.user!.id,
        await readQuestionsCached(app.db, app.readCache),
      ),
    }),
  );

  app.put(
    '/draft',
    {
      config: applicant,
      schema: {
        tags: ['Applications'],
        summary: 'Save my application draft',
        body: draftBodySchema,
        response: { 200: draftResponseSchema },
      },
    },
    async (request) => ({ draft: await drafts.saveDraft(app.db, request.user!, request.body) }),
  );
};
