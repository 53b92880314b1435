import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { citiesResponseSchema } from '@lanyard/shared/application';
import { searchCities } from './service';

export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cities',
    {
      config: { access: 'user' },
      schema: {
        tags: ['Applications'],
        summary: "Search city names for the application form's location field",
        querystring: z.object({ q: z.string().max(100).default('') }).strict(),
        response: { 200: citiesResponseSchema },
      },
    },
    async (request) => ({ cities: searchCities(request.query.q) }),
  );
};
