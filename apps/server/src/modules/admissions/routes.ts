import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  admissionsSchema,
  extendOffersBodySchema,
  extendOffersResultSchema,
  promoteApplyBodySchema,
  promoteBodySchema,
  promotePreviewSchema,
  updateCapacitySettingsBodySchema,
  waitlistPositionSchema,
} from '@lanyard/shared/capacity';
import { extendOffers } from './offers';
import { getAdmissions, updateCapacitySettings } from './service';
import { previewPromotion, promote, waitlistPositionOf } from './waves';

const admin = { access: 'admin' as const };

/** Admissions to capacity: the places, counts and projection per role, and the capacity settings. */
export const admissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admissions',
    {
      config: admin,
      schema: {
        tags: ['Admissions'],
        summary: 'Get places, counts and projected attendance per role, and the capacity settings',
        response: { 200: admissionsSchema },
      },
    },
    async () => getAdmissions(app.db),
  );

  app.put(
    '/admissions/settings',
    {
      config: admin,
      schema: {
        tags: ['Admissions'],
        summary: 'Change the capacity settings (places per role and how they fill)',
        body: updateCapacitySettingsBodySchema,
        response: { 200: admissionsSchema },
      },
    },
    async (request) => updateCapacitySettings(app.db, request.actor, request.body),
  );

  app.post(
    '/admissions/promote/preview',
    {
      config: admin,
      schema: {
        tags: ['Admissions'],
        summary: 'Preview who would be admitted from the waitlist',
        body: promoteBodySchema,
        response: { 200: promotePreviewSchema },
      },
    },
    async (request) => previewPromotion(app.db, request.body),
  );

  app.post(
    '/admissions/promote',
    {
      config: admin,
      schema: {
        tags: ['Admissions'],
        summary: 'Admit people from the waitlist',
        body: promoteApplyBodySchema,
        response: { 200: promotePreviewSchema },
      },
    },
    async (request) => promote(app.db, request.actor, request.body, app.config),
  );

  app.post(
    '/admissions/offers/extend',
    {
      config: admin,
      schema: {
        tags: ['Admissions'],
        summary: 'Extend the reply deadline of open offers (one applicant or a whole role)',
        body: extendOffersBodySchema,
        response: { 200: extendOffersResultSchema },
      },
    },
    async (request) => extendOffers(app.db, request.actor, request.body),
  );
};

/** GET /api/applications/me/waitlist-position: a waitlisted applicant's place, when the organisers show it. */
export const applicantWaitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/waitlist-position',
    {
      config: { access: 'applicant' },
      schema: {
        tags: ['Admissions'],
        summary: 'Get my place on the waitlist, when the organisers show it',
        response: { 200: waitlistPositionSchema },
      },
    },
    async (request) => ({ position: await waitlistPositionOf(app.db, request.user!.id, app.readCache) }),
  );
};
