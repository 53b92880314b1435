import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { admissionsSchema, updateCapacitySettingsBodySchema } from '@lanyard/shared/capacity';
import { getAdmissions, updateCapacitySettings } from './service';

const admin = { access: 'admin' as const };

/** Admissions to capacity: the places, counts and projection per role, and the capacity settings. */
export const admissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admissions', { config: admin, schema: { response: { 200: admissionsSchema } } }, async () =>
    getAdmissions(app.db),
  );

  app.put(
    '/admissions/settings',
    {
      config: admin,
      schema: { body: updateCapacitySettingsBodySchema, response: { 200: admissionsSchema } },
    },
    async (request) => updateCapacitySettings(app.db, request.actor, request.body),
  );
};
