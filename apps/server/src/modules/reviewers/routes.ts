import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reviewersResponseSchema } from '@lanyard/shared/review';
import { reviewersView } from './service';

const admin = { access: 'admin' as const };

/** The Reviewers view of the admin: who reviews how much and how, and when the review will be done. */
export const reviewerAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reviewers',
    {
      config: admin,
      schema: {
        tags: ['Review'],
        summary: 'See who reviews how much and how, and when the review will be done',
        response: { 200: reviewersResponseSchema },
      },
    },
    async () => reviewersView(app.db),
  );
};
