import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  myReviewsResponseSchema,
  reviewNextResponseSchema,
  reviewParamsSchema,
  reviewSettingsSchema,
  skipReviewBodySchema,
  skipReviewResponseSchema,
  submitReviewBodySchema,
  submitReviewResponseSchema,
  updateReviewSettingsBodySchema,
} from '@lanyard/shared/review';
import { signFileLink } from '../../lib/signed-links';
import { perUser } from '../../plugins/rate-limits';
import * as service from './service';
import { getReviewSettings, updateReviewSettings } from './settings';

// Per reviewer, not per address: a team of 20 behind one NAT must not share a budget. A person
// reviews a few applications a minute; these only stop a script that runs away.
const READ = { access: 'reviewer' as const, rateLimit: { limits: [perUser('review-read', 600, 60)] } };
// A review or a skip writes reviews, holds, skips, the audit log and an application's review
// columns: nothing the read cache holds, so no barrier before the answer.
const WRITE = {
  access: 'reviewer' as const,
  cacheUntouched: true,
  rateLimit: { limits: [perUser('review-write', 300, 60)] },
};
const admin = { access: 'admin' as const };

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const reviewer = (request: { user: { id: string; email: string } | null }) => ({
    id: request.user!.id,
    email: request.user!.email,
  });

  app.get(
    '/next',
    {
      config: READ,
      schema: {
        tags: ['Review'],
        summary: 'Get the application I am to review next (held for me a while)',
        response: { 200: reviewNextResponseSchema },
      },
    },
    async (request) => service.next(app.db, app.config, reviewer(request), app.readCache),
  );

  app.get(
    '/mine',
    {
      config: READ,
      schema: {
        tags: ['Review'],
        summary: 'List my latest reviews, with my progress',
        response: { 200: myReviewsResponseSchema },
      },
    },
    async (request) => service.mine(app.db, request.user!.id),
  );

  app.get(
    '/settings',
    {
      config: admin,
      schema: {
        tags: ['Review'],
        summary: 'Get the review settings: rubric, hidden fields, reviews per application',
        response: { 200: reviewSettingsSchema },
      },
    },
    async () => getReviewSettings(app.db),
  );

  app.put(
    '/settings',
    {
      config: admin,
      schema: {
        tags: ['Review'],
        summary: 'Change the review settings',
        body: updateReviewSettingsBodySchema,
        response: { 200: reviewSettingsSchema },
      },
    },
    async (request) => updateReviewSettings(app.db, request.actor, request.body),
  );

  app.get(
    '/:applicationId',
    {
      config: READ,
      schema: {
        tags: ['Review'],
        summary: 'Get an application to review',
        params: reviewParamsSchema,
        response: { 200: reviewNextResponseSchema },
      },
    },
    async (request) =>
      service.reviewOf(app.db, app.config, reviewer(request), request.params.applicationId, app.readCache),
  );

  app.post(
    '/:applicationId',
    {
      config: WRITE,
      schema: {
        tags: ['Review'],
        summary: 'Submit or change my review of an application',
        params: reviewParamsSchema,
        body: submitReviewBodySchema,
        response: { 200: submitReviewResponseSchema },
      },
    },
    async (request) =>
      service.submit(
        app.db,
        request.actor,
        reviewer(request),
        request.params.applicationId,
        request.body,
        app.readCache,
      ),
  );

  app.post(
    '/:applicationId/skip',
    {
      config: WRITE,
      schema: {
        tags: ['Review'],
        summary: 'Skip an application, so another reviewer gets it',
        params: reviewParamsSchema,
        body: skipReviewBodySchema,
        response: { 200: skipReviewResponseSchema },
      },
    },
    async (request) =>
      service.skip(app.db, request.actor, reviewer(request), request.params.applicationId, request.body),
  );

  // The resume, when blind review shows it: a short-lived signed link, like the admins' downloads.
  app.get(
    '/:applicationId/resume',
    {
      config: READ,
      schema: {
        tags: ['Review'],
        summary: "Open an application's resume, when the review shows it (redirects to a signed link)",
        params: reviewParamsSchema,
      },
    },
    async (request, reply) => {
      const uploadId = await service.resumeFor(app.db, reviewer(request), request.params.applicationId);
      return reply.redirect(signFileLink(app.config.sessionSecret, uploadId).url, 303);
    },
  );
};
